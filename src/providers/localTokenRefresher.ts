/**
 * Token refresh for local mode. cognito-local does not implement GetTokensFromRefreshToken, which
 * Amplify v6's stock refresher calls, so in local mode (config.json has cognito.endpoint) the
 * refresher is replaced by one that calls InitiateAuth with REFRESH_TOKEN_AUTH on the endpoint.
 * Errors carry the Cognito error name (e.g. NotAuthorizedException) so Amplify's token
 * orchestrator clears the tokens on a definitive failure.
 */
import type { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { decodeJwt } from '../auth/jwt';

type TokenRefresher = Parameters<typeof cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher>[0];
type RefreshedTokens = Awaited<ReturnType<TokenRefresher>>;

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

export const createLocalTokenRefresher =
  (endpoint: string, fetchImpl: typeof fetch = (...a) => globalThis.fetch(...a)): TokenRefresher =>
  async ({ tokens, authConfig, username }) => {
    const clientId = authConfig?.Cognito?.userPoolClientId;
    const refreshToken = tokens.refreshToken;
    if (!clientId || !refreshToken) {
      throw serviceError('NotAuthorizedException', 'no refresh token');
    }
    let response: Response;
    try {
      response = await fetchImpl(`${endpoint.replace(/\/+$/, '')}/`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-amz-json-1.1',
          'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        body: JSON.stringify({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: clientId,
          AuthParameters: { REFRESH_TOKEN: refreshToken },
        }),
      });
    } catch (cause) {
      throw serviceError('NetworkError', `token refresh failed: ${String(cause)}`);
    }
    const body = (await response.json().catch(() => ({}))) as {
      __type?: string;
      message?: string;
      AuthenticationResult?: { AccessToken?: string; IdToken?: string; RefreshToken?: string };
    };
    if (!response.ok || !body.AuthenticationResult?.AccessToken) {
      throw serviceError(
        errorName(body.__type) ?? errorName(response.headers.get('x-amzn-errortype')) ?? 'ServiceException',
        body.message ?? `token refresh failed: HTTP ${response.status}`,
      );
    }
    const result = body.AuthenticationResult;
    const accessToken = decodeJwt(result.AccessToken!);
    const idToken = result.IdToken ? decodeJwt(result.IdToken) : undefined;
    const iat = Number(accessToken.payload.iat ?? 0);
    return {
      accessToken,
      idToken,
      clockDrift: iat ? iat * 1000 - Date.now() : 0,
      refreshToken: result.RefreshToken ?? refreshToken,
      deviceMetadata: tokens.deviceMetadata,
      username,
    } as unknown as RefreshedTokens;
  };
