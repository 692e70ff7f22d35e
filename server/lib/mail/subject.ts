/**
 * 件名 of Japanese business mail (issue 13): 【ご案内】第76回通常議員総会（2026年12月20日）.
 * Written into the outbox row when it is created; a staff-written message keeps the staff's subject.
 */
import type { NotificationKind } from '../../db/schema.ts';
import { jaDay } from './dates.ts';

const TAGS: Record<Exclude<NotificationKind, 'manual'>, string> = {
  invitation: '【ご案内】',
  reminder: '【ご回答のお願い】',
  change: '【変更のお知らせ】',
  cancel: '【中止のお知らせ】',
  receipt: '【回答受付のお知らせ】',
};

export function subjectOf(
  kind: NotificationKind,
  conference: { name: string; event_date: Date },
  manualSubject?: string,
): string {
  if (kind === 'manual') return manualSubject ?? conference.name;
  return `${TAGS[kind]}${conference.name}（${jaDay(conference.event_date)}）`;
}
