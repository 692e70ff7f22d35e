/**
 * 議案 and poll rows as the API answers them (DESIGN.md §12.1): timestamps as ISO strings, the
 * stamps of who wrote them.
 */
import type { Motion as MotionRow, Poll as PollRow } from '../db/schema.ts';
import type { Motion } from '../schemas/motion.ts';
import type { Poll } from '../schemas/poll.ts';

export const toMotion = (row: MotionRow): Motion => ({
  id: row.id,
  conference_id: row.conference_id,
  agenda_index: row.agenda_index,
  number: row.number,
  title: row.title,
  body: row.body,
  attachments: row.attachments,
  rule: row.rule,
  status: row.status,
  result: row.result,
  chair_decision: row.chair_decision,
  version: row.version,
  created_at: row.created_at.toISOString(),
  created_by: row.created_by,
  updated_at: row.updated_at.toISOString(),
  updated_by: row.updated_by,
});

export const toPoll = (row: PollRow): Poll => ({
  id: row.id,
  motion_id: row.motion_id,
  method: row.method,
  status: row.status,
  opened_at: row.opened_at.toISOString(),
  opened_by: row.opened_by,
  closed_at: row.closed_at?.toISOString() ?? null,
  closed_by: row.closed_by,
  entitled: row.entitled,
  hand_counts: row.hand_counts,
  counts: row.counts,
  show_counts_live: row.show_counts_live,
  override_reason: row.override_reason,
  version: row.version,
});
