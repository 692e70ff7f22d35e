/**
 * Optimistic locking on save (DESIGN §5: every editable record has `version`; a stale one is a 409
 * `version_conflict`). The state of a conflict, shared by the Edit (which learns of it in its
 * mutation `onError`) and <ConflictNotice> inside the form (which offers to reload).
 *
 * Usually you use <ConflictAwareEdit> (it calls this hook and provides the context):
 *
 *   <ConflictAwareEdit transform={…}>
 *     <SimpleForm>
 *       <ConflictNotice />
 *       …inputs
 *
 * For a custom layout call the hook yourself and wire its three pieces:
 *
 *   const conflict = useConflictAwareSave();
 *   <ConflictContext.Provider value={conflict}>
 *     <Edit mutationMode="pessimistic" mutationOptions={conflict.mutationOptions}>
 *       <SimpleForm resetOptions={CONFLICT_RESET_OPTIONS}>
 *         <ConflictNotice />
 *
 * How "reload without losing what the user typed" works: the reload refetches the record; the
 * form (react-admin's Form) resets itself to a changed record with `resetOptions`, and
 * `keepDirtyValues` keeps every field the user changed while every other field — and `version` —
 * takes the server's current value. Saving again then sends the user's edits on top of the current
 * version.
 */
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { currentVersionOf, isVersionConflict, useNotifyApiError } from './apiErrors';

/** For the form's `resetOptions`: keep what the user typed when the record is reloaded. */
export const CONFLICT_RESET_OPTIONS = { keepDirtyValues: true } as const;

export type ConflictStatus = 'none' | 'conflict' | 'reloading' | 'reloaded' | 'failed';

export interface ConflictState {
  status: ConflictStatus;
  /** The server's version when the conflict was reported. */
  currentVersion?: number;
}

export interface ConflictAwareSave {
  state: ConflictState;
  /** Pass to <Edit mutationOptions> (or call from your own onError). */
  mutationOptions: { onError: (error: unknown, ...rest: unknown[]) => void };
  /** Pass to the form: <SimpleForm resetOptions={…}>. */
  resetOptions: typeof CONFLICT_RESET_OPTIONS;
  /** Reports an error; returns true when it was a version conflict (now shown by the notice). */
  report: (error: unknown) => boolean;
  setStatus: (status: ConflictStatus) => void;
  clear: () => void;
}

export interface UseConflictAwareSaveOptions {
  /** Called for every other error instead of the default Japanese notification. */
  onError?: (error: unknown, ...rest: unknown[]) => void;
}

export const useConflictAwareSave = (options: UseConflictAwareSaveOptions = {}): ConflictAwareSave => {
  const { onError } = options;
  const [state, setState] = useState<ConflictState>({ status: 'none' });
  const notifyApiError = useNotifyApiError();

  const report = useCallback((error: unknown) => {
    if (!isVersionConflict(error)) return false;
    setState({ status: 'conflict', currentVersion: currentVersionOf(error) });
    return true;
  }, []);

  const handleError = useCallback(
    (error: unknown, ...rest: unknown[]) => {
      if (report(error)) return;
      if (onError) onError(error, ...rest);
      else notifyApiError(error);
    },
    [notifyApiError, onError, report],
  );

  const setStatus = useCallback((status: ConflictStatus) => setState((s) => ({ ...s, status })), []);
  const clear = useCallback(() => setState({ status: 'none' }), []);

  return useMemo(
    () => ({
      state,
      mutationOptions: { onError: handleError },
      resetOptions: CONFLICT_RESET_OPTIONS,
      report,
      setStatus,
      clear,
    }),
    [state, handleError, report, setStatus, clear],
  );
};

export const ConflictContext = createContext<ConflictAwareSave | null>(null);

/** The conflict state of the surrounding <ConflictAwareEdit> (null outside of one). */
export const useConflictContext = () => useContext(ConflictContext);
