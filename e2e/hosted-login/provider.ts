/**
 * The OAuth 2.0 / OpenID Connect server that stands in for Cognito's hosted UI in the e2e suite
 * (docs/decisions/0013-hosted-login.md): oidc-provider on Cognito's paths, PKCE required, tokens
 * shaped like Cognito's (JWT access token with token_use, client_id, username; ID token with
 * token_use, email, cognito:username, custom:*), signed by its own key.
 */
import Provider, { type OIDCContext } from 'oidc-provider';
import type { JWK } from 'jose';

/** What the user pool said about a user who signed in here (its ID token's claims). */
export interface PoolUser {
  username: string;
  claims: Record<string, unknown>;
}

/** The resource the access tokens are for; Cognito's carry no aud, the API reads client_id. */
const RESOURCE = 'urn:kaigi:api';
/** Cognito's scope for the user's own user-pool APIs; it goes into the access token. */
const USER_ADMIN_SCOPE = 'aws.cognito.signin.user.admin';
const OIDC_SCOPES = 'openid email profile';

export function createProvider(opts: {
  issuer: string;
  clientId: string;
  /** The SPA's origin: its /login is the redirect URI (sign-in and sign-out) and the CORS origin. */
  appOrigin: string;
  signingKey: JWK;
  users: Map<string, PoolUser>;
}): Provider {
  const loginUri = `${opts.appOrigin}/login`;
  const configuration = {
    clients: [
      {
        client_id: opts.clientId,
        token_endpoint_auth_method: 'none', // a public client: PKCE instead of a secret
        redirect_uris: [loginUri],
        post_logout_redirect_uris: [loginUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    routes: {
      authorization: '/oauth2/authorize',
      token: '/oauth2/token',
      userinfo: '/oauth2/userInfo',
      jwks: '/.well-known/jwks.json',
      end_session: '/oidc/logout', // Cognito's /logout is served beside (oauth-server.ts)
    },
    jwks: { keys: [opts.signingKey] },
    cookies: { keys: ['kaigi-e2e-hosted-login'] },
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile', USER_ADMIN_SCOPE],
    claims: {
      openid: ['sub', 'cognito:username', 'custom:user_type', 'custom:company_id', 'token_use'],
      email: ['email', 'email_verified'],
      profile: [],
    },
    // Cognito's ID token carries the user's attributes whatever the response type
    conformIdTokenClaims: false,
    clientBasedCORS: (_ctx: unknown, origin: string) => origin === opts.appOrigin,
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: USER_ADMIN_SCOPE,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    // Cognito does not rotate refresh tokens unless the pool opts in: one may be used again (a
    // refresh cut short by a page navigation must not end the session)
    rotateRefreshToken: false,
    // Cognito answers the code grant with a refresh token, without asking for offline_access
    issueRefreshToken: async (_ctx: unknown, client: NonNullable<OIDCContext['client']>) =>
      client.grantTypeAllowed('refresh_token'),
    extraTokenClaims: async (_ctx: unknown, token: { accountId: string }) => ({
      token_use: 'access',
      username: token.accountId,
    }),
    findAccount: async (_ctx: unknown, id: string) => {
      const user = opts.users.get(id);
      if (!user) return undefined;
      return { accountId: id, claims: async () => ({ ...user.claims, sub: id, token_use: 'id' }) };
    },
    // Cognito's hosted UI asks no consent of the app's own users: the grant is made at sign-in
    loadExistingGrant: async (ctx: { oidc: OIDCContext }) => {
      const { client, session, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const existing = session.grantIdFor(client.clientId);
      if (existing) return provider.Grant.find(existing);
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(`${OIDC_SCOPES} ${USER_ADMIN_SCOPE}`);
      grant.addResourceScope(RESOURCE, USER_ADMIN_SCOPE);
      await grant.save();
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
    ttl: { AccessToken: 3600, IdToken: 3600, RefreshToken: 30 * 24 * 3600, Session: 3600, Interaction: 600, Grant: 3600 },
  };
  return new Provider(opts.issuer, configuration);
}
