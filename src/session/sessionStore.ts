/**
 * The user session (spec §4 "Session loading"):
 * - when logged in, user info is fetched by role: chamber roles → GET /v1/cci/user_info,
 *   COMPANY_ADMIN → GET /v1/company/user_info then GET /v1/company/companies?id=;
 * - when logged out, the session is reset to empty values;
 * - in-flight fetches are counted by the HTTP client (src/api/inflight.ts).
 * Framework-free store; React reads it through useSession().
 */
import { type Role, isChamberRole, isCompanyRole } from '../../access/roles';
import { fetchCciUserInfo, fetchCompanySession } from '../api/userInfo';
import type { CciUserInfo, Company, CompanyUserInfo } from '../api/types';

export type SessionStatus = 'empty' | 'loading' | 'ready' | 'error';

export interface SessionState {
  status: SessionStatus;
  role: Role | null;
  cciUser: CciUserInfo | null;
  companyUser: CompanyUserInfo | null;
  company: Company | null;
  error: unknown;
}

export const EMPTY_SESSION: SessionState = Object.freeze({
  status: 'empty',
  role: null,
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
  setState({ ...EMPTY_SESSION, status: 'ready', role: 'COMPANY_ADMIN', companyUser: user, company });
};

/**
 * Loads the session for `role` unless it is already loaded or loading for that role.
 * Resolves with the resulting state (status 'error' on failure; it never rejects).
 */
export const loadSession = (
  role: Role,
  loaders: SessionLoaders = defaultLoaders,
  { force = false } = {},
): Promise<SessionState> => {
  if (!force && state.role === role && state.status === 'ready') return Promise.resolve(state);
  if (!force && pending?.role === role) return pending.promise;

  const myGeneration = ++generation;
  setState({ ...EMPTY_SESSION, status: 'loading', role });

  const run = async (): Promise<SessionState> => {
    try {
      if (isChamberRole(role)) {
        const cciUser = await loaders.cci();
        return { ...EMPTY_SESSION, status: 'ready', role, cciUser };
      }
      if (isCompanyRole(role)) {
        const { user, company } = await loaders.company();
        return { ...EMPTY_SESSION, status: 'ready', role, companyUser: user, company };
      }
      throw new Error(`unknown role ${role}`);
    } catch (error) {
      if (!isChamberRole(role)) {
        // Spec §8: no handler is shown for a company user-info failure; log it. Pages fall
        // back to the company_name cookie.
        console.error('[session] company user info could not be loaded', error);
      }
      return { ...EMPTY_SESSION, status: 'error', role, error };
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
