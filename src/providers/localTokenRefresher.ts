/**
 * Token refresh for local mode. cognito-local does not implement GetTokensFromRefreshToken, which
 * Amplify v6's stock refresher calls, so in local mode (config.json has cognito.endpoint) the
 * refresher is replaced by one that calls InitiateAuth with REFRESH_TOKEN_AUTH on the endpoint.
 * Tokens that cognito-local did not issue came from the hosted login (in local mode: the e2e
 * harness's stand-in, decision 0013); they are refreshed where they came from, with the
 * refresh_token grant of its /oauth2/token, as Cognito's own token endpoint allows.
 * Concurrent refreshes share one request (like Amplify's own refresher): a token endpoint that
 * rotates refresh tokens refuses the second use of the old one and would end the session.
 * Errors carry the Cognito error name (e.g. NotAuthorizedException) so Amplify's token
 * orchestrator clears the tokens on a definitive failure.
 */
import type { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { decodeJwt } from '../auth/jwt';

type TokenRefresher = Parameters<typeof cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher>[0];
type RefreshedTokens = Awaited<ReturnType<TokenRefresher>>;
type RefreshArgs = Parameters<TokenRefresher>[0];

const serviceError = (name: string, message: string) => {
  const error = new Error(message);
  error.name = name;
  return error;
};

/** '#NotAuthorizedException' or 'aws.cognito#NotAuthorizedException:...' → 'NotAuthorizedException'. */
const errorName = (raw: unknown): string | null => {
  if (typeof raw !== 'string' || !raw) return null;
  return raw.split(':')[0].split('#').pop() || null;
};

const post = async (fetchImpl: typeof fetch, url: string, init: RequestInit) => {
  try {
    return await fetchImpl(url, { method: 'POST', ...init });
  } catch (cause) {
    throw serviceError('NetworkError', `token refresh failed: ${String(cause)}`);
  }
};

const refreshed = (
  { tokens, username }: RefreshArgs,
  raw: { access: string; id?: string; refresh?: string },
): RefreshedTokens => {
  const accessToken = decodeJwt(raw.access);
  const iat = Number(accessToken.payload.iat ?? 0);
  return {
    accessToken,
    idToken: raw.id ? decodeJwt(raw.id) : undefined,
    clockDrift: iat ? iat * 1000 - Date.now() : 0,
    refreshToken: raw.refresh ?? tokens.refreshToken,
    deviceMetadata: tokens.deviceMetadata,
    username,
  } as unknown as RefreshedTokens;
};

/** cognito-local: InitiateAuth REFRESH_TOKEN_AUTH. */
const refreshAtCognitoLocal = async (endpoint: string, clientId: string, args: RefreshArgs, fetchImpl: typeof fetch) => {
  const response = await post(fetchImpl, `${endpoint.replace(/\/+$/, '')}/`, {
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: clientId,
      AuthParameters: { REFRESH_TOKEN: args.tokens.refreshToken },
    }),
  });
  const body = (await response.json().catch(() => ({}))) as {
    __type?: string;
    message?: string;
    AuthenticationResult?: { AccessToken?: string; IdToken?: string; RefreshToken?: string };
  };
  const result = body.AuthenticationResult;
  if (!response.ok || !result?.AccessToken) {
    throw serviceError(
      errorName(body.__type) ?? errorName(response.headers.get('x-amzn-errortype')) ?? 'ServiceException',
      body.message ?? `token refresh failed: HTTP ${response.status}`,
    );
  }
  return refreshed(args, { access: result.AccessToken, id: result.IdToken, refresh: result.RefreshToken });
};

/** The hosted login's token endpoint: grant_type=refresh_token (RFC 6749 §6). */
const refreshAtTokenEndpoint = async (domain: string, clientId: string, args: RefreshArgs, fetchImpl: typeof fetch) => {
  const response = await post(fetchImpl, `https://${domain}/oauth2/token`, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: args.tokens.refreshToken!,
    }).toString(),
  });
  const body = (await response.json().catch(() => ({}))) as {
    access_token?: string;
    id_token?: string;
    refresh_token?: string;
    error?: string;
    error_description?: string;
  };
  if (!response.ok || !body.access_token) {
    // invalid_grant: the refresh token expired or was revoked → sign in again
    const name = body.error === 'invalid_grant' ? 'NotAuthorizedException' : 'ServiceException';
    throw serviceError(name, body.error_description ?? body.error ?? `token refresh failed: HTTP ${response.status}`);
  }
  return refreshed(args, { access: body.access_token, id: body.id_token, refresh: body.refresh_token });
};

export const createLocalTokenRefresher = (
  endpoint: string,
  {
    hostedLoginDomain,
    fetchImpl = (...a) => globalThis.fetch(...a),
  }: { hostedLoginDomain?: string; fetchImpl?: typeof fetch } = {},
): TokenRefresher => {
  let inflight: Promise<RefreshedTokens> | null = null;
  const refresh = async (args: RefreshArgs) => {
    const clientId = args.authConfig?.Cognito?.userPoolClientId;
    if (!clientId || !args.tokens.refreshToken) {
      throw serviceError('NotAuthorizedException', 'no refresh token');
    }
    const issuer = args.tokens.accessToken?.payload?.iss;
    const fromHostedLogin = !!hostedLoginDomain && typeof issuer === 'string' && !issuer.startsWith(endpoint);
    return fromHostedLogin
      ? refreshAtTokenEndpoint(hostedLoginDomain, clientId, args, fetchImpl)
      : refreshAtCognitoLocal(endpoint, clientId, args, fetchImpl);
  };
  return (args) =>
    (inflight ??= refresh(args).finally(() => {
      inflight = null;
    }));
};
