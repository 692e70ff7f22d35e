/**
 * The Japanese message for a failed call of this area: our own text for the conference problem
 * codes (kaigi.conferences.errors.*, e.g. invalid_status_transition with its from/to statuses),
 * else what src/common/apiErrors.ts says (the app's code messages, the server's Japanese
 * `detail`, the spec §8 status message).
 */
import type { TranslateFunction } from 'react-admin';
import { apiErrorMessage, problemCode } from '../common/apiErrors';
import { statusLabelKey } from './conferenceStatus';

interface TransitionBody {
  body?: { from?: unknown; to?: unknown } | null;
}

export const problemMessage = (error: unknown, translate: TranslateFunction): string => {
  const code = problemCode(error);
  if (code) {
    const body = (error as TransitionBody | null)?.body;
    const label = (status: unknown) => (typeof status === 'string' ? translate(statusLabelKey(status)) : '');
    const own = translate(`kaigi.conferences.errors.${code}`, { _: '', from: label(body?.from), to: label(body?.to) });
    if (own) return own;
  }
  const message = apiErrorMessage(error);
  return translate(message, { _: message });
};
