/**
 * A second API process for the room's fan-out test (issue 12): the real app on the test run's
 * database and Cognito (KAIGI_TEST_STACK, the JSON the global setup provides), listening on a free
 * port it prints as its first line; SIGTERM closes it (its streams end) and exits.
 */
import { createServer } from '../../server/app.ts';
import { createDb } from '../../server/db/client.ts';

const stack = JSON.parse(process.env.KAIGI_TEST_STACK ?? '{}');
const { pool, db } = createDb(stack.databaseUrl, { max: 2 });
const app = await createServer(
  { pool, db, production: false, auth: stack.auth, clientConfig: stack.clientConfig },
  { logger: false },
);
const url = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${url}\n`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .finally(() => process.exit(0));
});
