/**
 * Test double of 'aws-amplify/auth' (installed for every test file by setup.ts with vi.mock).
 * `amplify.signInAs(...)` makes fetchAuthSession return an ID token with the given claims.
 */
import { vi } from 'vitest';

export interface FakeClaims {
  'custom:user_type'?: string;
  'custom:company_id'?: string;
  email?: string;
  'cognito:username'?: string;
  sub?: string;
  [key: string]: unknown;
}

export const ID_TOKEN = 'test-id-token';

const state: { claims: FakeClaims | null } = { claims: null };

const session = () =>
  state.claims
    ? {
        tokens: {
          idToken: { payload: state.claims, toString: () => ID_TOKEN },
          accessToken: { payload: { sub: state.claims.sub }, toString: () => 'test-access-token' },
        },
      }
    : { tokens: undefined };

export const fetchAuthSession = vi.fn();
export const signIn = vi.fn();
export const confirmSignIn = vi.fn();
export const signOut = vi.fn();
export const signInWithRedirect = vi.fn();
export const updatePassword = vi.fn();

export const claimsFor = (role: string, extra: FakeClaims = {}): FakeClaims => ({
  'custom:user_type': role,
  email: `${role.toLowerCase()}@example.jp`,
  'cognito:username': `${role.toLowerCase()}-user`,
  sub: `sub-${role}`,
  ...(role === 'COMPANY_ADMIN' ? { 'custom:company_id': '42' } : {}),
  ...extra,
});

export const amplify = {
  /** Already signed in (tokens in storage). */
  signInAs(role: string, extra: FakeClaims = {}) {
    state.claims = claimsFor(role, extra);
  },
  signOutNow() {
    state.claims = null;
  },
  /** signIn resolves DONE and then the session has these claims. */
  acceptPasswordFor(role: string, extra: FakeClaims = {}) {
    signIn.mockImplementation(async () => {
      state.claims = claimsFor(role, extra);
      return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
    });
  },
  reset() {
    state.claims = null;
    fetchAuthSession.mockReset().mockImplementation(async () => session());
    signIn.mockReset().mockImplementation(async () => {
      const error = new Error('Incorrect username or password.');
      error.name = 'NotAuthorizedException';
      throw error;
    });
    confirmSignIn.mockReset().mockResolvedValue({
      isSignedIn: true,
      nextStep: { signInStep: 'DONE' },
    });
    signInWithRedirect.mockReset().mockResolvedValue(undefined);
    updatePassword.mockReset().mockResolvedValue(undefined);
    signOut.mockReset().mockImplementation(async () => {
      state.claims = null;
    });
  },
};

amplify.reset();
