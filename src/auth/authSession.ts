/**
 * What the SPA reads from the Cognito session: the ID token claims custom:user_type and
 * custom:company_id (spec §3 "Authentication user attributes read").
 */
import { fetchAuthSession } from 'aws-amplify/auth';
import { type Role, isRole } from '../../access/roles';

export interface AuthClaims {
  role: Role | null;
  companyId: string | null;
  email: string | null;
  username: string | null;
  sub: string | null;
}

const str = (value: unknown): string | null => (value === undefined || value === null || value === '' ? null : String(value));

export const claimsFromPayload = (payload: Record<string, unknown>): AuthClaims => {
  const userType = payload['custom:user_type'];
  return {
    role: isRole(userType) ? userType : null,
    companyId: str(payload['custom:company_id']),
    email: str(payload.email),
    username: str(payload['cognito:username']),
    sub: str(payload.sub),
  };
};

/** Claims of the current session, or null when signed out. */
export const readAuthClaims = async (): Promise<AuthClaims | null> => {
  const { tokens } = await fetchAuthSession();
  const payload = tokens?.idToken?.payload;
  return payload ? claimsFromPayload(payload as Record<string, unknown>) : null;
};
