/**
 * An integrator's Kaigi client (issue 32): openapi-fetch on the types openapi-typescript generates
 * from Kaigi's OpenAPI document. An integrator generates them from the running service,
 * `npx openapi-typescript https://<host>/v1/docs/json -o kaigi.d.ts`; this example uses the
 * repository's own generated copy (src/api/schema.d.ts), which CI keeps equal to the document.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../src/api/schema.d.ts';

export type Kaigi = Client<paths>;

/** What /config.json tells a client about the chamber's user pool. */
interface UserPool {
  region: string;
  userPoolClientId: string;
  /** set only where a local stand-in (cognito-local) plays Cognito */
  endpoint?: string;
}

/**
 * Signs in with e-mail and password and returns the Cognito ID token the API takes as a Bearer
 * token. USER_PASSWORD_AUTH, as the local stack allows; against AWS the app client must allow it
 * too (or use Amplify's SRP sign-in, as the web app does).
 */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const config = (await (await fetch(new URL('/config.json', baseUrl))).json()) as { cognito: UserPool };
  const { cognito } = config;
  const endpoint = cognito.endpoint ?? `https://cognito-idp.${cognito.region}.amazonaws.com/`;
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: cognito.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  if (!res.ok) throw new Error(`sign-in refused: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { AuthenticationResult?: { IdToken?: string } };
  const token = body.AuthenticationResult?.IdToken;
  if (!token) throw new Error('sign-in answered without an ID token (a challenge such as a new password is due)');
  return token;
}

/** A typed client whose every call carries the ID token. */
export const kaigiClient = (baseUrl: string, idToken: string): Kaigi =>
  createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${idToken}` } });

/** A call's data, or an Error naming the problem's stable code and its Japanese detail. */
export function dataOf<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data !== undefined) return result.data;
  const problem = result.error as { code?: string; detail?: string } | undefined;
  throw new Error(`${result.response.status} ${problem?.code ?? ''}: ${problem?.detail ?? ''}`);
}
