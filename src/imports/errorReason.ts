/**
 * Why a call of the 取込 page failed, in Japanese: the storage's refusal of the upload, a network
 * failure, else the API's own message (its code's text or the server's Japanese detail).
 */
import type { TranslateFunction } from 'react-admin';
import { apiErrorMessage } from '../common/apiErrors';
import { toRaError } from '../providers/dataProvider';
import { UploadError } from '../conferences/attachments/objectStorage';

export const importErrorReason = (error: unknown, translate: TranslateFunction): string => {
  if (error instanceof UploadError) return translate('kaigi.imports.upload.failed_upload');
  const message = apiErrorMessage(toRaError(error));
  return translate(message, { _: message });
};
