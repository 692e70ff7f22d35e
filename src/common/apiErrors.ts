/**
 * Turning a dataProvider failure (react-admin HttpError from src/providers/dataProvider.ts, with
 * `code`, `detail`, `currentVersion` and `body.errors` already shaped for the form) into what the
 * user reads. Codes with a message of their own (kaigi.errors.codes.*) use it; other codes show the
 * server's Japanese `detail`; anything else the status message (spec §8 catalogue).
 */
import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { PROBLEM_CODES } from '../api/errors';

export interface ApiErrorLike {
  message?: string;
  status?: number;
  code?: string;
  detail?: string;
  currentVersion?: number;
  /** The session ended (issue 11): the login page explains, no toast. */
  sessionExpired?: boolean;
  body?: { errors?: Record<string, unknown>; code?: string; detail?: string; current_version?: number; [key: string]: unknown };
}

const asApiError = (error: unknown): ApiErrorLike | null =>
  typeof error === 'object' && error !== null ? (error as ApiErrorLike) : null;

/** The problem's stable code (`version_conflict`, `user_exists`, …), if any. */
export const problemCode = (error: unknown): string | undefined => {
  const e = asApiError(error);
  const code = e?.code ?? e?.body?.code;
  return typeof code === 'string' ? code : undefined;
};

/** The HTTP status of a failed call, if it got an answer. */
export const problemStatus = (error: unknown): number | undefined => asApiError(error)?.status;

/** The server's Japanese explanation, if any. */
export const problemDetail = (error: unknown): string | undefined => {
  const e = asApiError(error);
  const detail = e?.detail ?? e?.body?.detail;
  return typeof detail === 'string' && detail !== '' ? detail : undefined;
};

/** A 409 `version_conflict` (optimistic locking, DESIGN §5). */
export const isVersionConflict = (error: unknown): boolean =>
  problemCode(error) === 'version_conflict' ||
  (asApiError(error)?.status === 409 && asApiError(error)?.currentVersion !== undefined);

/** On a 409 `version_conflict`: the record's current version on the server. */
export const currentVersionOf = (error: unknown): number | undefined => {
  const e = asApiError(error);
  const v = e?.currentVersion ?? e?.body?.current_version;
  return typeof v === 'number' ? v : undefined;
};

/** True when the failure carries per-field errors the form shows next to the fields. */
export const hasFieldErrors = (error: unknown): boolean => {
  const errors = asApiError(error)?.body?.errors;
  return !!errors && typeof errors === 'object' && Object.keys(errors).length > 0;
};

/**
 * What to show for a failure: a translation key (known code or status) or the server's Japanese
 * detail (react-admin's translate returns a text that is not a key as it is).
 */
export const apiErrorMessage = (error: unknown): string => {
  if (typeof error === 'string') return error;
  const code = problemCode(error);
  if (code && (PROBLEM_CODES as readonly string[]).includes(code)) return `kaigi.errors.codes.${code}`;
  const detail = problemDetail(error);
  if (detail) return detail;
  const message = asApiError(error)?.message;
  return typeof message === 'string' && message !== '' ? message : 'ra.notification.http_error';
};

/**
 * A mutation `onError` that notifies like react-admin's default (no toast when the form shows
 * field errors) but with our Japanese message.
 */
export const useNotifyApiError = () => {
  const notify = useNotify();
  return useCallback(
    (error: unknown, options: { evenWithFieldErrors?: boolean } = {}) => {
      if (asApiError(error)?.sessionExpired) return; // on the way to /login, which says why
      if (!options.evenWithFieldErrors && hasFieldErrors(error)) return;
      const message = apiErrorMessage(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
    },
    [notify],
  );
};
