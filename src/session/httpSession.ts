/**
 * The HTTP client's session callbacks (issue 32: the client imports no session or draft code): a
 * lost session keeps the drafts and goes to sign-in, a disabled login signs out, a saved write
 * removes the current route's draft. Called once at boot (main.tsx) and by the tests' setup.
 */
import { setSessionCallbacks } from '../api/httpClient';
import { currentLocation } from '../api/navigation';
import { clearDraft } from '../common/drafts/draftStore';
import { endDisabledSession, endLostSession } from './sessionLoss';

export const connectHttpClientToSession = () =>
  setSessionCallbacks({
    onSessionExpired: () => endLostSession(),
    onAccountDisabled: () => endDisabledSession(),
    onWriteSucceeded: () => clearDraft(currentLocation().pathname),
  });
