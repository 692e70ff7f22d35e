import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { createLocalTokenRefresher } from './localTokenRefresher';

const b64url = (o: object) => Buffer.from(JSON.stringify(o), 'utf8').toString('base64url');
const jwt = (payload: object) => `${b64url({ alg: 'none' })}.${b64url(payload)}.sig`;

const ENDPOINT = 'http://127.0.0.1:9329';
const baseTokens = { refreshToken: 'r-1', clockDrift: 0, username: 'u' };
const args = {
  tokens: baseTokens as never,
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

  describe('tokens from the hosted login (issue 15 item 8)', () => {
    const DOMAIN = '127.0.0.1:18443';
    const hostedArgs = {
      ...args,
      tokens: { ...baseTokens, accessToken: { payload: { iss: `https://${DOMAIN}` } } } as never,
    };

    it('are refreshed with the refresh_token grant of its /oauth2/token, not at cognito-local', async () => {
      let form: URLSearchParams | null = null;
      server.use(
        http.post(`${ENDPOINT}/`, () => HttpResponse.json({ __type: 'NotAuthorizedException' }, { status: 400 })),
        http.post(`https://${DOMAIN}/oauth2/token`, async ({ request }) => {
          form = new URLSearchParams(await request.text());
          return HttpResponse.json({
            access_token: jwt({ iat: Math.floor(Date.now() / 1000), exp: 9e9, token_use: 'access' }),
            id_token: jwt({ token_use: 'id', 'custom:user_type': 'CCI_ADMIN' }),
            refresh_token: 'r-2',
            token_type: 'Bearer',
            expires_in: 3600,
          });
        }),
      );
      const tokens = await createLocalTokenRefresher(ENDPOINT, { hostedLoginDomain: DOMAIN })(hostedArgs);
      expect(Object.fromEntries(form!)).toEqual({ grant_type: 'refresh_token', client_id: 'client-1', refresh_token: 'r-1' });
      expect(tokens.idToken?.payload['custom:user_type']).toBe('CCI_ADMIN');
      expect(tokens.refreshToken).toBe('r-2');
    });

    it('concurrent refreshes share one request (a rotated refresh token is used once)', async () => {
      let calls = 0;
      server.use(
        http.post(`https://${DOMAIN}/oauth2/token`, () => {
          calls += 1;
          return calls > 1
            ? HttpResponse.json({ error: 'invalid_grant' }, { status: 400 })
            : HttpResponse.json({ access_token: jwt({ iat: 1, exp: 9e9 }), refresh_token: 'r-2' });
        }),
      );
      const refresher = createLocalTokenRefresher(ENDPOINT, { hostedLoginDomain: DOMAIN });
      const [a, b] = await Promise.all([refresher(hostedArgs), refresher(hostedArgs)]);
      expect(calls).toBe(1);
      expect([a.refreshToken, b.refreshToken]).toEqual(['r-2', 'r-2']);
    });

    it('an invalid_grant ends the session (NotAuthorizedException)', async () => {
      server.use(
        http.post(`https://${DOMAIN}/oauth2/token`, () => HttpResponse.json({ error: 'invalid_grant' }, { status: 400 })),
      );
      await expect(createLocalTokenRefresher(ENDPOINT, { hostedLoginDomain: DOMAIN })(hostedArgs)).rejects.toMatchObject({
        name: 'NotAuthorizedException',
      });
    });

    it("cognito-local's own tokens still go to cognito-local when the hosted login is configured", async () => {
      let called = false;
      server.use(
        http.post(`${ENDPOINT}/`, () => {
          called = true;
          return HttpResponse.json({ AuthenticationResult: { AccessToken: jwt({ iat: 1, exp: 9e9 }) } });
        }),
      );
      const local = { ...args, tokens: { ...baseTokens, accessToken: { payload: { iss: `${ENDPOINT}/local_pool` } } } as never };
      await createLocalTokenRefresher(ENDPOINT, { hostedLoginDomain: DOMAIN })(local);
      expect(called).toBe(true);
    });
  });
});
