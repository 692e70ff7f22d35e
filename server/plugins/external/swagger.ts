import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

/** The document's tags, one per area of the API (issue 32): every route's `tags` names one. */
const TAGS: Record<string, string> = {
  system: '稼働確認と Web アプリの設定',
  cci: '商工会議所職員のログイン情報とダッシュボード',
  'cci: companies': '事業所（商工会議所職員）',
  'cci: members': '会員',
  'cci: users': '職員と事業所管理者のアカウント',
  'cci: positions': '役職',
  'cci: master data': 'マスタ',
  'cci: conference templates': '会議テンプレート',
  'cci: conferences': '会議',
  'cci: conference companies': '会議の招待事業所',
  'cci: conference members': '会議の出席者と招待',
  'cci: notifications': '通知（招待・督促・任意のお知らせ）',
  'cci: reception': '当日受付と定足数',
  'cci: motions': '議案・採決・書面議決',
  'cci: minutes': '議事録',
  'cci: chamber settings': '商工会議所の設定（メールの差出人名と返信先）',
  'cci: room': '会議室（職員）',
  'cci: exports': 'エクスポート',
  'cci: imports': '取り込み',
  'cci: files': 'ファイルのアップロードとダウンロード',
  company: '事業所管理者のログイン情報とパスワード再設定',
  'company: companies': '自事業所',
  'company: master data': 'マスタ（事業所）',
  'company: conferences': '招待された会議',
  'company: conference companies': '自事業所の招待',
  'company: conference members': '出欠回答・受付票・書面議決',
  'company: files': 'ファイルのダウンロード（事業所）',
  'company: room': '会議室（事業所）',
  'room links': '会議室リンク（ログインなし）',
};

type Document = { paths?: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>> };

/** Error answers are problem+json (DESIGN.md §5): the document says so for every 4xx and 5xx. */
function problemContentType<T>(document: T): T {
  for (const operations of Object.values((document as Document).paths ?? {}))
    for (const operation of Object.values(operations))
      for (const [status, response] of Object.entries(operation.responses ?? {}))
        // (a route producing a file documents its errors under the file's type: they are problem+json too)
        if (Number(status) >= 400 && response.content) {
          response.content = { 'application/problem+json': Object.values(response.content)[0] };
        }
  return document;
}

/** The OpenAPI document and its UI, generated from the TypeBox route schemas (DESIGN.md §2). */
export const DOCS_PREFIX = '/v1/docs';

export default fp(
  async (app) => {
    await app.register(swagger, {
      // shared schemas (plugins/app/wire-schemas.ts) become components named by their $id
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
      },
      openapi: {
        openapi: '3.1.0',
        // spec §9: API version 1.0
        info: {
          title: 'Kaigi API',
          version: '1.0',
          description: '商工会議所の会議運営と会員事業所の出欠回答の API。',
          // no public licence: an SPDX reference to the owner's own terms
          license: { name: 'Proprietary', identifier: 'LicenseRef-Kaigi-Proprietary' },
        },
        servers: [{ url: '/', description: 'この API を配信しているサーバー' }],
        tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        security: [{ bearer: [] }],
      },
      transformObject: (document) =>
        'openapiObject' in document ? problemContentType(document.openapiObject) : document.swaggerObject,
    });
    // No staticCSP: the docs get the app's own policy from helmet (issue 11); the UI loads only
    // scripts and styles of this origin and calls no validator (validatorUrl null by default).
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  },
  { name: 'swagger' },
);
