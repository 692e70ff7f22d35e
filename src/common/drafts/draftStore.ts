/**
 * Drafts: what a user typed into a form when the session ended under it (issue 11 "Nothing a user
 * typed is lost"). One draft per route pathname, in sessionStorage (this tab only), written at the
 * moment the session is found lost (session/sessionLoss.ts) and put back whenever the form of that
 * route mounts (after sign-in; again if the page is remounted or revisited before saving). It is
 * removed when a write on that route succeeds (the HTTP client calls `clearDraft`) and, all of
 * them, on logout.
 *
 * Forms register a source (a function returning their current values) while mounted; `saveDrafts()`
 * asks every mounted source. A draft remembers whose it was (the session's username) and is only
 * given back to that same user, so a colleague signing in on the same tab never sees it.
 * Password fields are never written (any key containing "password").
 */
import { sessionStore } from '../../session/sessionStore';

const PREFIX = 'kaigi.draft:';

export type DraftValues = Record<string, unknown>;

interface StoredDraft {
  owner: string;
  values: DraftValues;
}

type DraftSource = () => DraftValues | undefined;

const sources = new Map<string, DraftSource>();

const storage = (): Storage | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled by the browser: drafts are simply not kept
  }
};

const SENSITIVE = /password/i;

/** A copy of `value` without any property whose name says it is a password. */
export const withoutSecrets = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SENSITIVE.test(key))
      .map(([key, inner]) => [key, withoutSecrets(inner)]),
  );
};

/** The signed-in user a draft belongs to (null while the session is not loaded). */
export const currentDraftOwner = (): string | null => {
  const session = sessionStore.get();
  return session.cciUser?.username ?? session.companyUser?.username ?? null;
};

export const registerDraftSource = (path: string, source: DraftSource) => {
  sources.set(path, source);
  return () => {
    if (sources.get(path) === source) sources.delete(path);
  };
};

/** Writes the current values of every mounted form that has something to keep; returns how many. */
export const saveDrafts = (owner: string | null = currentDraftOwner()): number => {
  const store = storage();
  if (!store || !owner) return 0;
  let kept = 0;
  for (const [path, source] of sources) {
    const values = source();
    if (!values) continue;
    const draft: StoredDraft = { owner, values: withoutSecrets(values) as DraftValues };
    try {
      store.setItem(PREFIX + path, JSON.stringify(draft));
      kept += 1;
    } catch (error) {
      console.warn('[drafts] could not keep the draft of', path, error);
    }
  }
  return kept;
};

/** The draft of `path` when it belongs to `owner`; another user's (or a broken one) is dropped. */
export const readDraft = (path: string, owner: string | null): DraftValues | null => {
  const store = storage();
  const raw = store?.getItem(PREFIX + path);
  if (!store || raw == null) return null;
  try {
    const draft = JSON.parse(raw) as Partial<StoredDraft>;
    if (owner && draft.owner === owner && draft.values && typeof draft.values === 'object') return draft.values;
  } catch {
    // unreadable: dropped below
  }
  store.removeItem(PREFIX + path);
  return null;
};

export const clearDraft = (path: string) => storage()?.removeItem(PREFIX + path);

export const clearAllDrafts = () => {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, i) => store.key(i));
  for (const key of keys) {
    if (key?.startsWith(PREFIX)) store.removeItem(key);
  }
};
