/**
 * `app.cognitoUsers`: the Cognito user pool's admin and password-reset operations
 * (server/services/cognito-users.ts) for the routes. The client is destroyed on close.
 */
import fp from 'fastify-plugin';
import { CognitoUsers, type CognitoUsersOptions } from '../../services/cognito-users.ts';
import type { ClientConfig } from '../../schemas/client-config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    cognitoUsers: CognitoUsers;
  }
}

/** The pool the SPA signs in to (Stack.clientConfig.cognito) is the pool the API administers. */
export function cognitoUsersOptionsOf(cognito: ClientConfig['cognito']): CognitoUsersOptions {
  return {
    region: cognito.region,
    userPoolId: cognito.userPoolId,
    clientId: cognito.userPoolClientId,
    ...(cognito.endpoint ? { endpoint: cognito.endpoint } : {}),
  };
}

export default fp<CognitoUsersOptions>(
  async (app, opts) => {
    const service = new CognitoUsers(opts);
    app.decorate('cognitoUsers', service);
    app.addHook('onClose', async () => service.close());
  },
  { name: 'cognito-users' },
);
