import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { createLocalTokenRefresher } from './localTokenRefresher';

const b64url = (o: object) => Buffer.from(JSON.stringify(o), 'utf8').toString('base64url');
const jwt = (payload: object) => `${b64url({ alg: 'none' })}.${b64url(payload)}.sig`;

const ENDPOINT = 'http://127.0.0.1:9329';
const args = {
  tokens: { refreshToken: 'r-1', clockDrift: 0, username: 'u' } as never,
  authConfig: { Cognito: { userPoolId: 'local_pool', userPoolClientId: 'client-1' } },
  username: 'u',
};

describe('local-mode token refresher (cognito-local)', () => {
  it('calls InitiateAuth REFRESH_TOKEN_AUTH and returns decoded tokens', async () => {
    let body: unknown;
    let target: string | null = null;
    server.use(
      http.post(`${ENDPOINT}/`, async ({ request }) => {
        target = request.headers.get('X-Amz-Target');
        body = await request.json();
        return HttpResponse.json({
          AuthenticationResult: {
            AccessToken: jwt({ iat: Math.floor(Date.now() / 1000), exp: 9e9 }),
            IdToken: jwt({ 'custom:user_type': 'CCI_ADMIN', name: '東京' }),
          },
        });
      }),
    );
    const tokens = await createLocalTokenRefresher(ENDPOINT)(args);
    expect(target).toBe('AWSCognitoIdentityProviderService.InitiateAuth');
    expect(body).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: 'client-1',
      AuthParameters: { REFRESH_TOKEN: 'r-1' },
    });
    expect(tokens.idToken?.payload['custom:user_type']).toBe('CCI_ADMIN');
    expect(tokens.idToken?.payload.name).toBe('東京'); // UTF-8 claims decode
    expect(tokens.refreshToken).toBe('r-1');
    expect(tokens.username).toBe('u');
  });

  it('surfaces the Cognito error name so Amplify clears tokens on NotAuthorizedException', async () => {
    server.use(
      http.post(`${ENDPOINT}/`, () =>
        HttpResponse.json({ __type: 'NotAuthorizedException', message: 'Refresh Token has expired' }, { status: 400 }),
      ),
    );
    await expect(createLocalTokenRefresher(ENDPOINT)(args)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });
});
