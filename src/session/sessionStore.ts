/**
 * The user session (spec §4 "Session loading"):
 * - when logged in, user info is fetched by role: chamber roles → GET /v1/cci/user_info,
 *   COMPANY_ADMIN → GET /v1/company/user_info then GET /v1/company/companies?id=;
 * - when logged out, the session is reset to empty values;
 * - in-flight fetches are counted by the HTTP client (src/api/inflight.ts).
 * The role read from the token (custom:user_type, spec §3) only picks which user info to fetch
 * first: the server's answer wins (issue 11 item 9 — a user can rewrite its own claims). The
 * loaded `role` is user_info's user_type; when the server refuses the claimed audience (403), the
 * other one is tried, so a claim that says "chamber" for a company user still ends as the company.
 * Framework-free store; React reads it through useSession().
 */
import { type Role, isChamberRole, isCompanyRole, isRole } from '../../access/roles';
import { fetchCciUserInfo, fetchCompanySession } from '../api/userInfo';
import type { CciUserInfo, Company, CompanyUserInfo } from '../api/schema';

export type SessionStatus = 'empty' | 'loading' | 'ready' | 'error';

export interface SessionState {
  status: SessionStatus;
  /** The server's role (user_info.user_type) once ready; the claimed one while loading or on error. */
  role: Role | null;
  /** The role the token claimed (what loadSession was asked for). */
  claimedRole: Role | null;
  cciUser: CciUserInfo | null;
  companyUser: CompanyUserInfo | null;
  company: Company | null;
  error: unknown;
}

export const EMPTY_SESSION: SessionState = Object.freeze({
  status: 'empty',
  role: null,
  claimedRole: null,
  cciUser: null,
  companyUser: null,
  company: null,
  error: null,
}) as SessionState;

export interface SessionLoaders {
  cci: () => Promise<CciUserInfo>;
  company: () => Promise<{ user: CompanyUserInfo; company: Company }>;
}

const defaultLoaders: SessionLoaders = {
  cci: () => fetchCciUserInfo(),
  company: () => fetchCompanySession(),
};

type Listener = () => void;

let state: SessionState = EMPTY_SESSION;
let generation = 0;
let pending: { role: Role; promise: Promise<SessionState> } | null = null;
const listeners = new Set<Listener>();

const setState = (next: SessionState) => {
  state = next;
  listeners.forEach((listener) => listener());
};

export const sessionStore = {
  get: () => state,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** Logged out: back to empty values; a load still in flight is ignored when it lands. */
export const resetSession = () => {
  generation += 1;
  pending = null;
  setState(EMPTY_SESSION);
};

/** Sign-in already fetched the company session: keep it instead of fetching again. */
export const primeCompanySession = (user: CompanyUserInfo, company: Company) => {
  generation += 1;
  pending = null;
  const role = isRole(user.user_type) ? user.user_type : 'COMPANY_ADMIN';
  setState({ ...EMPTY_SESSION, status: 'ready', role, claimedRole: role, companyUser: user, company });
};

const isForbidden = (error: unknown) => (error as { status?: unknown } | null)?.status === 403;

/**
 * Loads the session for the claimed `role` unless it is already loaded (for that claim or that
 * role) or loading for that claim. Resolves with the resulting state (status 'error' on failure;
 * it never rejects); its `role` is the server's.
 */
export const loadSession = (
  role: Role,
  loaders: SessionLoaders = defaultLoaders,
  { force = false } = {},
): Promise<SessionState> => {
  if (!force && state.status === 'ready' && (state.role === role || state.claimedRole === role)) {
    return Promise.resolve(state);
  }
  if (!force && pending?.role === role) return pending.promise;

  const myGeneration = ++generation;
  setState({ ...EMPTY_SESSION, status: 'loading', role, claimedRole: role });

  const asChamber = async (): Promise<SessionState> => {
    const cciUser = await loaders.cci();
    const serverRole = isRole(cciUser.user_type) ? cciUser.user_type : role;
    return { ...EMPTY_SESSION, status: 'ready', role: serverRole, claimedRole: role, cciUser };
  };
  const asCompany = async (): Promise<SessionState> => {
    const { user, company } = await loaders.company();
    const serverRole = isRole(user.user_type) ? user.user_type : role;
    return { ...EMPTY_SESSION, status: 'ready', role: serverRole, claimedRole: role, companyUser: user, company };
  };

  const run = async (): Promise<SessionState> => {
    try {
      if (!isChamberRole(role) && !isCompanyRole(role)) throw new Error(`unknown role ${role}`);
      const [claimed, other] = isChamberRole(role) ? [asChamber, asCompany] : [asCompany, asChamber];
      try {
        return await claimed();
      } catch (error) {
        // The server says this user is not of the claimed audience: ask the other one.
        if (!isForbidden(error)) throw error;
        return await other();
      }
    } catch (error) {
      if (!isChamberRole(role)) {
        // Spec §8: no handler is shown for a company user-info failure; log it. Pages fall
        // back to the company_name cookie.
        console.error('[session] company user info could not be loaded', error);
      }
      return { ...EMPTY_SESSION, status: 'error', role, claimedRole: role, error };
    }
  };

  const promise = run().then((result) => {
    if (myGeneration === generation) {
      pending = null;
      setState(result);
    }
    return result;
  });
  pending = { role, promise };
  return promise;
};

/**
 * The role to route by for a token that claims `claimed`: the server's (user_info) once it has
 * answered; the claim only when user info cannot be loaded (the API still checks every call).
 */
export const serverRole = async (claimed: Role): Promise<Role> => {
  const loaded = await loadSession(claimed);
  return loaded.status === 'ready' && loaded.role ? loaded.role : claimed;
};
