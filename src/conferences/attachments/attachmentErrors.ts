/**
 * Why an attachment action failed, in Japanese: the storage codes of issue 6
 * (kaigi.conferences.errors.<code>: unsupported_file_type, file_too_large, url_expired, …), a
 * network failure, else what the conference screens say for any API failure (problemMessage).
 */
import type { TranslateFunction } from 'react-admin';
import { isHttpError } from '../../api/errors';
import { problemMessage } from '../problemMessage';
import { UploadError } from './objectStorage';

const ownMessage = (code: string | undefined, translate: TranslateFunction): string =>
  code ? translate(`kaigi.conferences.errors.${code}`, { _: '' }) : '';

export const attachmentErrorReason = (error: unknown, translate: TranslateFunction): string => {
  if (error instanceof UploadError) {
    const own = ownMessage(error.code, translate);
    if (own) return own;
    if (error.status === 0) return translate('kaigi.conferences.errors.attachment_network');
    return translate(error.status >= 500 ? 'kaigi.errors.http.generic' : 'kaigi.errors.http.error_occurred');
  }
  if (isHttpError(error)) {
    if (!error.hasResponse) return translate('kaigi.conferences.errors.attachment_network');
    if (error.status === 404) return translate('kaigi.conferences.errors.attachment_not_found');
    const own = ownMessage(error.code, translate);
    if (own) return own;
    return error.detail ?? translate(error.messageKey);
  }
  return problemMessage(error, translate);
};
