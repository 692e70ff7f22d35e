import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Files that replace a module with `vi.mock` for themselves: with shared modules the first file to
 * import the module would decide for every later one, so these keep a module graph of their own.
 */
const OWN_MODULES = [
  'src/observability/sentry.test.ts',
  'src/company/confirm-account/ConfirmAccountPage.test.tsx',
  'src/imports/template.test.ts',
  'src/conferences/reception/ReceptionPage.test.tsx',
];

const shared: TestProjectInlineConfiguration['test'] = {
  environment: 'jsdom',
  globals: true,
  setupFiles: ['src/test/setup.ts'],
  restoreMocks: true,
  unstubGlobals: true,
  testTimeout: 15_000,
};

/**
 * Front-end unit/component tests only (src/, access/). Server and e2e tests have their own configs.
 *
 * Issue 31, decision 0042: the files of a worker share one module graph and one jsdom
 * (`isolate: false`): importing react-admin, MUI and the app once per worker instead of once per
 * file takes about half the layer's CPU. What a file leaves behind is undone after it in
 * src/test/setup.ts (the viewport, MUI's styles, storage, cookies, the session).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default on two cores is one worker (cores − 1); the files are CPU-bound and the main
    // process is nearly idle once the modules are transformed (bench/results/ci.md)
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: 'shared',
          include: ['src/**/*.test.{ts,tsx}', 'access/**/*.test.ts'],
          exclude: OWN_MODULES,
          isolate: false,
        },
      },
      { extends: true, test: { ...shared, name: 'own-modules', include: OWN_MODULES } },
    ],
  },
});
