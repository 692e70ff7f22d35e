/**
 * The API beside the browser in journeys: tokens straight from cognito-local (USER_PASSWORD_AUTH)
 * and calls as a given demo user, so test data is made through the API and the seed stays as it is.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers.ts';

interface RuntimeConfig {
  cognito: { userPoolId: string; userPoolClientId: string; endpoint: string };
}

export const runtimeConfig = async (request: APIRequestContext): Promise<RuntimeConfig> =>
  (await request.get('/config.json')).json();

export const cognitoCall = async (request: APIRequestContext, target: string, body: unknown) => {
  const { cognito } = await runtimeConfig(request);
  return request.post(cognito.endpoint, {
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${target}` },
    data: JSON.stringify(body),
  });
};

/** Tokens for e-mail + password, or null when Cognito refuses them. */
export const signInTokens = async (request: APIRequestContext, email: string, password = DEMO_PASSWORD) => {
  const { cognito } = await runtimeConfig(request);
  const res = await cognitoCall(request, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: cognito.userPoolClientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  if (!res.ok()) return null;
  return ((await res.json()) as { AuthenticationResult: { IdToken: string; AccessToken: string } }).AuthenticationResult;
};

const idToken = async (request: APIRequestContext, email: string) => {
  const tokens = await signInTokens(request, email);
  expect(tokens, `sign-in of ${email}`).toBeTruthy();
  return tokens!.IdToken;
};

export const apiAs = async (request: APIRequestContext, email: string) => {
  const token = await idToken(request, email);
  const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data });
    expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
    return (res.status() === 204 ? null : await res.json()) as T;
  };
  return {
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, data: unknown) => call<T>('POST', path, data),
    put: <T>(path: string, data: unknown) => call<T>('PUT', path, data),
    del: (path: string) => call<null>('DELETE', path),
  };
};

export type Api = Awaited<ReturnType<typeof apiAs>>;

/** An ISO instant `n` days from now at `hour` o'clock Asia/Tokyo. */
export const days = (n: number, hour = 14) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  d.setUTCHours(hour - 9, 0, 0, 0); // hour in Asia/Tokyo
  return d.toISOString();
};
