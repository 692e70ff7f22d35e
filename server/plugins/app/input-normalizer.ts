import fp from 'fastify-plugin';
import { inspectInput, MAX_JSON_DEPTH, type InputProblem } from '../../lib/inspect-input.ts';
import { BODY_FIELD_NORMALIZERS } from '../../lib/normalize-body.ts';
import { Problem } from '../../lib/problem.ts';

const TEXT_MESSAGES = {
  nul: '使用できない文字（NUL）が含まれています',
  lone_surrogate: '不正な文字（対になっていないサロゲート）が含まれています',
} as const;

function refusal({ fault, field }: InputProblem): Problem {
  if (fault === 'too_deep') {
    const message = `JSON の入れ子は ${MAX_JSON_DEPTH} 階層までです`;
    return new Problem(400, 'body_too_deep', 'リクエスト本文の入れ子が深すぎます。', [{ field, code: 'body_too_deep', message }]);
  }
  return new Problem(400, 'invalid_text', '入力に保存できない文字が含まれています。', [
    { field, code: 'invalid_text', message: TEXT_MESSAGES[fault] },
  ]);
}

/**
 * Input checks before anything reads the input (DESIGN.md §5, §10; lib/inspect-input.ts):
 * - a JSON body is inspected right after parsing, in the parser itself, so no hook, validator or
 *   route ever sees a body nested too deep; the same pass refuses unstorable text and normalises
 *   typed codes, postal codes, phones and e-mails;
 * - the query and path parameters (flat strings) are checked for unstorable text before validation.
 */
export default fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser(
      app.initialConfig.onProtoPoisoning ?? 'error',
      app.initialConfig.onConstructorPoisoning ?? 'error',
    );
    // replaces Fastify's default application/json parser (it wraps it)
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, json, done) => {
      parseJson(request, json as string, (error, body) => {
        if (error) return done(error, undefined);
        const problem = inspectInput(body, 'body', BODY_FIELD_NORMALIZERS);
        return problem ? done(refusal(problem), undefined) : done(null, body);
      });
    });

    app.addHook('preValidation', async (request) => {
      const problem = inspectInput(request.query, 'querystring') ?? inspectInput(request.params, 'params');
      if (problem) throw refusal(problem);
    });
  },
  { name: 'input-normalizer' },
);
