/** The Japanese text of a failed desk call: the server's `detail` when it has one, else the status message. */
import type { TranslateFunction } from 'react-admin';
import { isHttpError } from '../../api/errors';

export const deskErrorMessage = (error: unknown, translate: TranslateFunction): string => {
  if (!isHttpError(error)) return translate('kaigi.reception.result.failed');
  return error.detail ?? translate(error.messageKey, { _: translate('kaigi.reception.result.failed') });
};
