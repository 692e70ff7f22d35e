/** Outbox rows (server/schemas/notification.ts NotificationSchema) for the 送信履歴 tests. */
import type { Notification } from '../../conferences/types';

export const notification = (overrides: Partial<Notification> = {}): Notification => ({
  id: 1,
  conference_id: 1,
  company_id: 10,
  kind: 'invitation',
  to: 'soumu@acme.example.jp',
  subject: '【ご案内】通常議員総会',
  status: 'sent',
  days_before: null,
  scheduled_for: null,
  attempts: 1,
  // 2026/11/01(日) 10:00 in Tokyo
  sent_at: '2026-11-01T01:00:00.000Z',
  error: null,
  created_at: '2026-11-01T01:00:00.000Z',
  created_by: 'staff01',
  company: { company_code: 'C010', name1: '株式会社アクメ' },
  conference: { name: '通常議員総会' },
  ...overrides,
});

/** An invitation sent, one not sendable (no address), a failed reminder and a scheduled one. */
export const outbox = () => [
  notification(),
  notification({
    id: 2,
    company_id: 12,
    to: null,
    status: 'skipped',
    error: 'no_address',
    sent_at: null,
    company: { company_code: 'C012', name1: '日本橋製作所' },
  }),
  notification({
    id: 3,
    company_id: 11,
    kind: 'reminder',
    to: 'info@marunouchi.example.jp',
    subject: '【リマインダー】通常議員総会',
    status: 'failed',
    days_before: 3,
    error: '550 mailbox unavailable',
    sent_at: null,
    scheduled_for: '2026-11-11T00:00:00.000Z',
    company: { company_code: 'C011', name1: '丸の内商事' },
  }),
];
