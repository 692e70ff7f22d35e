/**
 * Thin progress bar at the top of the page (spec §2): shown during page navigation (a short pulse
 * on every route change, and for as long as a lazily loaded page is still loading) and while
 * API fetches are in flight.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import LinearProgress from '@mui/material/LinearProgress';
import { i18nProvider } from '../providers/i18nProvider';
import { useInflightCount } from '../session/useSession';

const NAVIGATION_PULSE_MS = 300;

// Pages still loading (Suspense fallbacks mounted).
let pendingPages = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const pagesStore = {
  get: () => pendingPages,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** Suspense fallback: keeps the bar visible while a page chunk loads. */
export const PageLoading = () => {
  useEffect(() => {
    pendingPages += 1;
    emit();
    return () => {
      pendingPages -= 1;
      emit();
    };
  }, []);
  return null;
};

export const TopProgressBar = () => {
  const location = useLocation();
  const inflightCount = useInflightCount();
  const pages = useSyncExternalStore(pagesStore.subscribe, pagesStore.get, pagesStore.get);
  // A navigation shows the bar until its pulse has passed: `settled` catches up with `here`.
  const here = `${location.pathname}${location.search}`;
  const [settled, setSettled] = useState<string | null>(null);
  const navigating = settled !== here;

  useEffect(() => {
    const timer = setTimeout(() => setSettled(here), NAVIGATION_PULSE_MS);
    return () => clearTimeout(timer);
  }, [here]);

  if (!navigating && inflightCount === 0 && pages === 0) return null;
  return (
    <LinearProgress
      data-testid="top-progress-bar"
      // rendered outside <Admin> (no i18n context): translate directly
      aria-label={i18nProvider.translate('kaigi.progress.loading')}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        zIndex: (theme) => theme.zIndex.appBar + 10,
      }}
    />
  );
};
