/**
 * Texts of an outbox row (DESIGN.md §11.2): its kind and status, the recipient (送付不可 without
 * an address) and the error in Japanese (a skipped row's stable code; a failed row's SMTP error).
 */
import type { Notification, NotificationKind, NotificationStatus } from '../conferences/types';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export const NOTIFICATION_KINDS = [
  'invitation',
  'reminder',
  'change',
  'cancel',
  'receipt',
  'manual',
] as const satisfies readonly NotificationKind[];
export const NOTIFICATION_STATUSES = [
  'scheduled',
  'queued',
  'sending',
  'sent',
  'failed',
  'skipped',
] as const satisfies readonly NotificationStatus[];

export const kindLabelKey = (kind: string) => `kaigi.notifications.kind.${kind}`;
export const statusLabelKey = (status: string) => `kaigi.notifications.status.${status}`;

export const STATUS_COLORS: Readonly<Record<NotificationStatus, 'default' | 'info' | 'success' | 'error' | 'warning'>> = {
  scheduled: 'default',
  queued: 'info',
  sending: 'info',
  sent: 'success',
  failed: 'error',
  skipped: 'warning',
};

/** The recipients, or 送付不可 when the company has no address. */
export const recipientText = (row: Pick<Notification, 'to'>, translate: Translate) =>
  row.to ?? translate('kaigi.notifications.no_address');

/** Why a row was not sent, in Japanese; '' for the others. */
export const errorText = (row: Pick<Notification, 'status' | 'error'>, translate: Translate): string => {
  if (!row.error) return '';
  if (row.status === 'skipped') return translate(`kaigi.notifications.skipped.${row.error}`, { _: row.error });
  if (row.status === 'failed') return translate('kaigi.notifications.failed_error', { error: row.error });
  return '';
};

/** The time that matters for the row: when it was sent, else when it is due, else when it was written. */
export const rowTime = (row: Pick<Notification, 'sent_at' | 'scheduled_for' | 'created_at'>) =>
  row.sent_at ?? row.scheduled_for ?? row.created_at;
