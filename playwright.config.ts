import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * End-to-end journeys in Chromium against the real stack started as `npm start` does
 * (server/main.ts: embedded PostgreSQL, cognito-local, the API serving the built SPA).
 * Fixed ports (overridable) and a data folder wiped before each run: nothing shared between runs.
 */
const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? '.data/e2e';
// The stand-in for Cognito's hosted UI (e2e/hosted-login/, decision 0013): HTTPS on its own port,
// its self-signed certificate where the app's NODE_EXTRA_CA_CERTS finds it (the app fetches its JWKS).
const oauthPort = Number(process.env.E2E_OAUTH_PORT ?? 18443);
const oauthCert = `${dataDir}-oauth/cert.pem`;

function chromiumPath(): string | undefined {
  const candidates = [process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE, '/usr/bin/chromium'];
  return candidates.find((p): p is string => !!p && existsSync(p));
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    trace: 'retain-on-failure',
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
  webServer: [
    {
      command: 'exec node --import tsx e2e/hosted-login/oauth-server.ts',
      url: `https://127.0.0.1:${oauthPort}/health`,
      ignoreHTTPSErrors: true,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { OAUTH_PORT: String(oauthPort), KAIGI_ORIGIN: baseURL, OAUTH_CERT_FILE: oauthCert },
    },
    {
      // a fresh data folder per run; exec so the shutdown signal reaches the server itself
      command: `rm -rf ${dataDir} && exec node --import tsx server/main.ts`,
      url: `${baseURL}/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      env: {
        PORT: String(port),
        KAIGI_DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '15433',
        COGNITO_LOCAL_PORT: process.env.E2E_COGNITO_PORT ?? '19329',
        // the local SMTP sink: the journeys' mail lands in ${dataDir}/mail/*.eml
        SMTP_PORT: process.env.E2E_SMTP_PORT ?? '11025',
        LOG_LEVEL: 'warn',
        // hosted login offered on /login, its tokens trusted (test issuer: refused in production)
        COGNITO_HOSTED_LOGIN_DOMAIN: `127.0.0.1:${oauthPort}`,
        COGNITO_TEST_ISSUER: `https://127.0.0.1:${oauthPort}`,
        NODE_EXTRA_CA_CERTS: oauthCert,
      },
    },
  ],
});
