/**
 * The OpenAPI document of the API as `/v1/docs/json` serves it, built without a database or a
 * network server (issue 32): the app is started with every PostgreSQL connection stubbed (no
 * route runs; the start's only database work is the room hub's LISTEN) and the document is read
 * with `inject`.
 */
import pg from 'pg';
import { createServer } from '../../server/app.ts';
import { createDb } from '../../server/db/client.ts';

type Callback = (err: Error | null, result?: unknown) => void;
/** Answers a node-postgres call, promise or callback style, with `result`. */
const answer =
  (result: unknown) =>
  (...args: unknown[]) => {
    const callback = args.find((arg): arg is Callback => typeof arg === 'function');
    if (!callback) return Promise.resolve(result);
    queueMicrotask(() => callback(null, result));
    return undefined;
  };

function stubPostgres(): void {
  const client = pg.Client.prototype as unknown as Record<string, unknown>;
  client.connect = answer(undefined);
  client.query = answer({ rows: [], rowCount: 0 });
  client.end = answer(undefined);
}

export async function openApiDocument(): Promise<Record<string, unknown>> {
  stubPostgres();
  const { pool, db } = createDb('postgres://document@127.0.0.1:1/none');
  const app = await createServer(
    {
      pool,
      db,
      production: false,
      auth: { issuer: 'http://127.0.0.1:1/issuer', jwksUri: 'http://127.0.0.1:1/jwks', clientId: 'document' },
      clientConfig: {
        apiBaseUrl: '/',
        cognito: {
          region: 'ap-northeast-1',
          userPoolId: 'document',
          userPoolClientId: 'document',
          authFlowType: 'USER_SRP_AUTH',
          hostedLoginDomain: null,
        },
        sentry: { dsn: null, environment: 'document' },
      },
      room: { linkSecret: 'document' },
    },
    { logger: false },
  );
  try {
    const res = await app.inject({ method: 'GET', url: '/v1/docs/json' });
    if (res.statusCode !== 200) throw new Error(`GET /v1/docs/json answered ${res.statusCode}`);
    return res.json();
  } finally {
    await app.close();
    await pool.end();
  }
}
