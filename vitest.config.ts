import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Front-end unit/component tests only (src/). Server and e2e tests have their own configs. */
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}', 'access/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    testTimeout: 15_000,
  },
});
