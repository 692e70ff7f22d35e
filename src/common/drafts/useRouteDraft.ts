/**
 * Keeps a form's input across a lost session (draftStore.ts): while mounted the form's values are
 * a draft source for the current route; once `ready` (the form shows its data and the session is
 * loaded), a draft left for this route by the same user is handed to `restore` once per mount,
 * and `restored` turns true so the form can say so (<DraftRestoredNotice>).
 *
 * `getValues` returns undefined when there is nothing worth keeping (nothing changed).
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '../../session/useSession';
import { currentDraftOwner, readDraft, registerDraftSource, type DraftValues } from './draftStore';

export interface UseRouteDraftOptions<T extends DraftValues> {
  getValues: () => T | undefined;
  restore: (draft: T) => void;
  /** False while the form is not yet showing its data (a restore would be overwritten). */
  ready?: boolean;
}

export const useRouteDraft = <T extends DraftValues>({ getValues, restore, ready = true }: UseRouteDraftOptions<T>) => {
  const { pathname } = useLocation();
  const session = useSession();
  const [restored, setRestored] = useState(false);
  const latest = useRef({ getValues, restore });
  const checked = useRef(false);

  useEffect(() => {
    latest.current = { getValues, restore };
  });

  useEffect(() => registerDraftSource(pathname, () => latest.current.getValues()), [pathname]);

  const sessionReady = session.status === 'ready';
  useEffect(() => {
    if (!ready || !sessionReady || checked.current) return;
    checked.current = true;
    const draft = readDraft(pathname, currentDraftOwner());
    if (!draft) return;
    latest.current.restore(draft as T);
    // Taken from sessionStorage (outside React) once the form can take it: an effect is the place.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRestored(true);
  }, [ready, sessionReady, pathname]);

  return { restored };
};
