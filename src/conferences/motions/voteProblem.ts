/**
 * The Japanese message of a failed 議案 or 採決 call: a 422 quorum_not_met names the numbers
 * (「定足数（38名）に達していません（現在 30名）」), a 409 version conflict says someone else saved
 * first; anything else what src/common/apiErrors.ts says (the code's message in
 * kaigi.errors.codes.*, the server's detail, the status message).
 */
import type { TranslateFunction } from 'react-admin';
import { apiErrorMessage, isVersionConflict, problemCode } from '../../common/apiErrors';

interface QuorumBody {
  body?: { required?: unknown; counted?: unknown; quorum?: unknown } | null;
}

export const quorumShortfall = (error: unknown): { required: number; counted: number; motion: boolean } | null => {
  if (problemCode(error) !== 'quorum_not_met') return null;
  const body = (error as QuorumBody | null)?.body;
  if (typeof body?.required !== 'number' || typeof body.counted !== 'number') return null;
  return { required: body.required, counted: body.counted, motion: body.quorum === 'motion' };
};

export const voteProblemMessage = (error: unknown, translate: TranslateFunction): string => {
  if (isVersionConflict(error)) return translate('kaigi.votes.errors.conflict');
  const shortfall = quorumShortfall(error);
  if (shortfall)
    return translate(
      shortfall.motion ? 'kaigi.votes.errors.motion_quorum_not_met' : 'kaigi.votes.errors.quorum_not_met',
      shortfall,
    );
  const message = apiErrorMessage(error);
  return translate(message, { _: message });
};
