/**
 * The journeys' stacks: one per Playwright worker (issue 31), each the real stack as `npm start`
 * runs it (server/main.ts) with its own ports, data folder, mail sink and hosted-login stand-in, so
 * two journeys at once never see each other's rows, accounts or mail. Worker n (parallelIndex) uses
 * stack n; the first keeps the documented defaults (README, Test), the next ones add 1, 2 … to
 * each port and `-2`, `-3` … to the folder. E2E_WORKERS=1 runs the journeys one by one on one stack.
 */
export interface E2EStack {
  baseURL: string;
  port: number;
  pgPort: number;
  cognitoPort: number;
  smtpPort: number;
  oauthPort: number;
  /** the server's KAIGI_DATA_DIR: its mail lands in `${dataDir}/mail`, cognito-local's in `${dataDir}/cognito` */
  dataDir: string;
  /** the hosted-login stand-in's origin (e2e/hosted-login/, decision 0013) */
  oauthOrigin: string;
}

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

// three: a journey spends most of its time waiting on its page and server, so a third stack still
// shortens the layer on two cores (9.0 → 7.5 min with traces off, issue 31, bench/results/ci.md)
export const E2E_WORKERS = Math.max(1, env('E2E_WORKERS', 3));

export function e2eStack(index: number): E2EStack {
  const port = env('E2E_PORT', 18080) + index;
  const oauthPort = env('E2E_OAUTH_PORT', 18443) + index;
  const base = process.env.E2E_DATA_DIR ?? '.data/e2e';
  return {
    baseURL: `http://127.0.0.1:${port}`,
    port,
    pgPort: env('E2E_PG_PORT', 15433) + index,
    cognitoPort: env('E2E_COGNITO_PORT', 19329) + index,
    smtpPort: env('E2E_SMTP_PORT', 11025) + index,
    oauthPort,
    dataDir: index === 0 ? base : `${base}-${index + 1}`,
    oauthOrigin: `https://127.0.0.1:${oauthPort}`,
  };
}

export const E2E_STACKS = Array.from({ length: E2E_WORKERS }, (_, i) => e2eStack(i));
