import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { E2E_STACKS, E2E_WORKERS, type E2EStack } from './e2e/stacks.ts';

/**
 * End-to-end journeys in Chromium against the real stack started as `npm start` does
 * (server/main.ts: embedded PostgreSQL, cognito-local, the API serving the built SPA), one stack
 * per worker (e2e/stacks.ts, e2e/test.ts: issue 31). Fixed ports (overridable) and data folders
 * wiped before each run: nothing shared between runs, nor between the workers.
 */
function chromiumPath(): string | undefined {
  const candidates = [process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE, '/usr/bin/chromium'];
  return candidates.find((p): p is string => !!p && existsSync(p));
}

export default defineConfig({
  testDir: 'e2e',
  // a file's journeys run in order in one worker; the workers' files run side by side
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // the first stack's; e2e/test.ts gives each worker its own
    baseURL: E2E_STACKS[0]!.baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    // a trace costs each journey about a third more CPU (issue 31, bench/results/ci.md), and CI keeps
    // no files to read it from: recorded locally only, where a failed journey's trace is at hand
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath(),
          // Needed on this machine: root user, no GPU, closed network (see DEVELOPERS notes).
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: E2E_STACKS.flatMap(webServers),
});

/**
 * A stack's servers: the stand-in for Cognito's hosted UI (e2e/hosted-login/, decision 0013), HTTPS
 * with its self-signed certificate where the app's NODE_EXTRA_CA_CERTS finds it (the app fetches its
 * JWKS), then the app.
 */
type WebServer = Extract<PlaywrightTestConfig['webServer'], unknown[]>[number];

function webServers(stack: E2EStack): WebServer[] {
  const oauthCert = `${stack.dataDir}-oauth/cert.pem`;
  return [
    {
      command: 'exec node --import tsx e2e/hosted-login/oauth-server.ts',
      url: `${stack.oauthOrigin}/health`,
      ignoreHTTPSErrors: true,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { OAUTH_PORT: String(stack.oauthPort), KAIGI_ORIGIN: stack.baseURL, OAUTH_CERT_FILE: oauthCert },
    },
    {
      // a fresh data folder per run; exec so the shutdown signal reaches the server itself
      command: `rm -rf ${stack.dataDir} && exec node --import tsx server/main.ts`,
      url: `${stack.baseURL}/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      env: {
        PORT: String(stack.port),
        KAIGI_DATA_DIR: stack.dataDir,
        EMBEDDED_PG_PORT: String(stack.pgPort),
        COGNITO_LOCAL_PORT: String(stack.cognitoPort),
        // the local SMTP sink: the journeys' mail lands in ${dataDir}/mail/*.eml
        SMTP_PORT: String(stack.smtpPort),
        LOG_LEVEL: 'warn',
        // hosted login offered on /login, its tokens trusted (test issuer: refused in production)
        COGNITO_HOSTED_LOGIN_DOMAIN: `127.0.0.1:${stack.oauthPort}`,
        COGNITO_TEST_ISSUER: stack.oauthOrigin,
        NODE_EXTRA_CA_CERTS: oauthCert,
      },
    },
  ];
}
