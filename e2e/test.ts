import { test as base } from '@playwright/test';
import { e2eStack, type E2EStack } from './stacks.ts';

/**
 * Playwright's `test` on this worker's stack (e2e/stacks.ts): `baseURL` is its server, and the
 * `stack` fixture names its folders and ports for journeys that read mail or cognito-local's state.
 */
export const test = base.extend<object, { stack: E2EStack }>({
  stack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, provide, workerInfo) => provide(e2eStack(workerInfo.parallelIndex)),
    { scope: 'worker' },
  ],
  baseURL: async ({ stack }, provide) => provide(stack.baseURL),
});

export { expect } from '@playwright/test';
