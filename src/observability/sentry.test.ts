const init = vi.fn();
vi.mock('@sentry/react', () => ({
  init,
  browserTracingIntegration: () => ({ name: 'BrowserTracing' }),
  replayIntegration: () => ({ name: 'Replay' }),
}));

import { initSentry } from './sentry';

describe('Sentry (spec §9)', () => {
  it('§9: not initialised without a DSN', async () => {
    await expect(initSentry({ dsn: null, environment: 'production' })).resolves.toBe(false);
    expect(init).not.toHaveBeenCalled();
  });

  it('§9: trace 1.0, replay session 0.1, replay on error 1.0, environment', async () => {
    await expect(initSentry({ dsn: 'https://key@sentry.example/1', environment: 'production' })).resolves.toBe(true);
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: 'https://key@sentry.example/1',
        environment: 'production',
        tracesSampleRate: 1.0,
        replaysSessionSampleRate: 0.1,
        replaysOnErrorSampleRate: 1.0,
      }),
    );
  });
});
