import type { TestProject } from 'vitest/node';
import type { ClientConfig } from '../server/schemas/client-config.ts';
import { startTestStack } from './helpers/test-stack.ts';

/** One real stack for the API test run (fresh database per run, nothing shared across runs). */
export default async function setup(project: TestProject) {
  const stack = await startTestStack();
  project.provide('stack', {
    databaseUrl: stack.databaseUrl,
    auth: stack.auth,
    clientConfig: stack.clientConfig,
    cognitoEndpoint: stack.cognitoLocalEndpoint!,
    cognitoDataDir: stack.cognitoLocalDataDir!,
    mail: { smtpUrl: stack.smtpUrl, dir: stack.mailSink!.dir },
  });
  return () => stack.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: {
      databaseUrl: string;
      auth: { issuer: string; jwksUri: string; clientId: string };
      clientConfig: ClientConfig;
      cognitoEndpoint: string;
      cognitoDataDir: string;
      /** the run's local SMTP sink (server/infra/smtp-sink.ts): send to smtpUrl, read .eml files in dir */
      mail: { smtpUrl: string; dir: string };
    };
  }
}
