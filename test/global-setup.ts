import type { TestProject } from 'vitest/node';
import type { ClientConfig } from '../server/schemas/client-config.ts';
import { startTestStack } from './helpers/test-stack.ts';

/**
 * One real stack per worker for the API test run (fresh databases per run, nothing shared across
 * runs): files run two at a time, and each worker's files share only its own stack, one file after
 * another as before (test/helpers/stack.ts picks it by VITEST_POOL_ID; issue 31).
 */
export default async function setup(project: TestProject) {
  const workers = apiWorkers(project);
  const stacks = await Promise.all(Array.from({ length: workers }, (_, i) => startTestStack(i + 1)));
  project.provide(
    'stacks',
    stacks.map((stack) => ({
      databaseUrl: stack.databaseUrl,
      auth: stack.auth,
      clientConfig: stack.clientConfig,
      cognitoEndpoint: stack.cognitoLocalEndpoint!,
      cognitoDataDir: stack.cognitoLocalDataDir!,
      mail: { smtpUrl: stack.smtpUrl, dir: stack.mailSink!.dir },
    })),
  );
  return () => Promise.all(stacks.map((stack) => stack.stop()));
}

/** maxWorkers as vitest.server.config.ts resolved it: VITEST_POOL_ID runs from 1 to it. */
function apiWorkers(project: TestProject): number {
  return Math.max(1, Number(project.globalConfig.maxWorkers) || 1);
}

export interface TestStackInfo {
  databaseUrl: string;
  auth: { issuer: string; jwksUri: string; clientId: string };
  clientConfig: ClientConfig;
  cognitoEndpoint: string;
  cognitoDataDir: string;
  /** the stack's local SMTP sink (server/infra/smtp-sink.ts): send to smtpUrl, read .eml files in dir */
  mail: { smtpUrl: string; dir: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    stacks: TestStackInfo[];
  }
}
