/**
 * `npm run chamber:create -- --code hamamatsu --name 浜松商工会議所 --admin-email it@example.jp
 * [--name-kana ハママツショウコウカイギショ] [--admin-name 事務局]`: onboards a chamber
 * (server/lib/chambers/create-chamber.ts). Needs DATABASE_URL and the user pool
 * (COGNITO_USER_POOL_ID, COGNITO_CLIENT_ID; COGNITO_ENDPOINT for cognito-local), like the API; in
 * AWS it runs as a one-off task with the API's settings (README, Deploy to AWS). Applies pending
 * migrations first. Exit 0 when the chamber and its admin exist afterwards, 1 otherwise.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadSettings } from '../config/env.ts';
import { createLogger } from '../config/logger.ts';
import { createDb } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { ChamberCreateError, createChamber } from '../lib/chambers/create-chamber.ts';
import { CognitoUsers } from '../services/cognito-users.ts';
import { Problem } from '../lib/problem.ts';

const { values } = parseArgs({
  options: {
    code: { type: 'string' },
    name: { type: 'string' },
    'name-kana': { type: 'string' },
    'admin-email': { type: 'string' },
    'admin-name': { type: 'string' },
  },
  strict: true,
});

function fail(message: string): never {
  console.error(`[chamber:create] ${message}`);
  process.exit(1);
}

let settings;
try {
  settings = loadSettings();
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}
const { databaseUrl, cognito } = settings;
if (!databaseUrl || !cognito.userPoolId || !cognito.clientId) {
  fail('DATABASE_URL, COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID are required (the API’s database and user pool)');
}

await runMigrations(databaseUrl);
const { pool, db } = createDb(databaseUrl, { max: 2, applicationName: 'kaigi-chamber-create' });
const cognitoUsers = new CognitoUsers({
  region: cognito.region,
  userPoolId: cognito.userPoolId,
  clientId: cognito.clientId,
  endpoint: cognito.endpoint,
});
const name = values.name ?? '';
try {
  const result = await createChamber(
    { db, cognitoUsers, log: createLogger(settings.logLevel) },
    {
      code: values.code ?? '',
      name,
      nameKana: values['name-kana'],
      adminEmail: values['admin-email'] ?? '',
      adminName: values['admin-name'] ?? `${name.trim()} 管理者`,
    },
  );
  console.log(
    `[chamber:create] chamber ${values.code}: ${result.chamber}; master data added: ${result.masterDataAdded}; ` +
      `CCI_ADMIN ${result.adminUsername}: ${result.admin}`,
  );
  if (result.admin === 'created') {
    console.log(
      cognito.endpoint
        ? `[chamber:create] temporary password (cognito-local sends no mail): ${result.temporaryPassword}`
        : '[chamber:create] Cognito has e-mailed the temporary password; the first sign-in sets a new one',
    );
  }
} catch (err) {
  if (err instanceof ChamberCreateError) fail(err.message);
  if (err instanceof Problem) fail(`${err.code}: ${err.message}`);
  throw err;
} finally {
  cognitoUsers.close();
  await pool.end();
}
