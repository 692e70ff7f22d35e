/**
 * Mail caused by saving a conference (issue 13 "What is sent", DESIGN.md §11.2), called once in the
 * transaction of conferences create/update:
 * - draft → published: an invitation to each invited company (a parent's covers the companies invited
 *   only to its sub-conferences; a sub-conference published on its own later: its companies, once its
 *   parent is published), and the reminder rows;
 * - event_date, end_at, place or answer_deadline changed while published or closed, or answering
 *   reopened (closed → published): a change notice — a reopening that changes nothing else goes only
 *   to companies with 未回答 invitees (issue 33: the others have nothing to answer);
 * - published/closed → cancelled: a cancellation notice (nothing for a draft: nobody was told);
 * - closed, held, cancelled: pending reminders skipped (`conference_not_open`); deadline or
 *   reminder_days changed while published: reminders recomputed.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { conference, notification } from '../../db/schema.ts';
import type { MailQueue } from '../../jobs/mail-queue.ts';
import type { Executor } from '../audit.ts';
import type { ChangePayload } from './payload.ts';
import { SKIP, writeOutbox, type ConferenceRow } from './outbox.ts';
import { companiesWithUnanswered, invitedCompanies } from './recipients.ts';
import { rescheduleReminders, scheduleReminders, skipPendingReminders } from './reminders.ts';

const NOTIFIED = ['published', 'closed'];
const CHANGE_FIELDS = ['event_date', 'end_at', 'place', 'answer_deadline'] as const;

const text = (v: Date | string | null) => (v instanceof Date ? v.toISOString() : v);

function changesOf(before: ConferenceRow, after: ConferenceRow): ChangePayload['changes'] {
  const changes: ChangePayload['changes'] = CHANGE_FIELDS.filter((f) => text(before[f]) !== text(after[f])).map((field) => ({
    field,
    before: text(before[field]),
    after: text(after[field]),
  }));
  if (before.status !== after.status) changes.push({ field: 'status', before: before.status, after: after.status });
  return changes;
}

/** A sub-conference's mail waits for its parent: companies do not see anything under a draft. */
async function visible(tx: Executor, target: ConferenceRow): Promise<boolean> {
  if (target.parent_id === null) return true;
  const [parent] = await tx.select({ status: conference.status }).from(conference).where(eq(conference.id, target.parent_id));
  return parent !== undefined && parent.status !== 'draft';
}

/** The message a save sends, to whom (every invited company, or those with 未回答 invitees). */
export interface MailPlan {
  kind: 'invitation' | 'change' | 'cancel';
  recipients: 'invited' | 'unanswered';
  payload?: ChangePayload;
}

/**
 * What saving `before` as `after` mails (null: nothing). Shared by the save and by the preview the
 * confirmation dialogs show (issue 33), so the count they say is the count that is sent.
 */
export function mailPlan(before: ConferenceRow | null, after: ConferenceRow): MailPlan | null {
  const from = before?.status ?? 'draft';
  if (from === 'draft' && after.status === 'published') return { kind: 'invitation', recipients: 'invited' };
  if (before === null) return null;
  if (after.status === 'cancelled') return NOTIFIED.includes(from) ? { kind: 'cancel', recipients: 'invited' } : null;
  if (!NOTIFIED.includes(from) || !NOTIFIED.includes(after.status)) return null;
  const changes = changesOf(before, after);
  const reopened = from === 'closed' && after.status === 'published';
  if (reopened) {
    // the new deadline is part of reopening; a changed date or place concerns every company
    const onlyReopening = changes.every((c) => c.field === 'status' || c.field === 'answer_deadline');
    return { kind: 'change', recipients: onlyReopening ? 'unanswered' : 'invited', payload: { changes, reopened } };
  }
  return changes.some((c) => c.field !== 'status') ? { kind: 'change', recipients: 'invited', payload: { changes } } : null;
}

/** The companies `plan` mails for the conference `target` (its sub-conferences' too for a parent). */
export async function planRecipients(tx: Executor, plan: MailPlan, target: ConferenceRow): Promise<number[]> {
  const withSubs = target.parent_id === null;
  return plan.recipients === 'unanswered'
    ? companiesWithUnanswered(tx, target.id, withSubs)
    : invitedCompanies(tx, target.id, withSubs);
}

/** What saving `changes` over the stored conference would mail, without writing (the confirmation dialogs). */
export async function previewMail(
  tx: Executor,
  current: ConferenceRow,
  changes: Partial<Pick<ConferenceRow, 'status' | 'event_date' | 'end_at' | 'place' | 'answer_deadline'>>,
): Promise<{ kind: MailPlan['kind'] | null; recipients: MailPlan['recipients'] | null; companies: number }> {
  const after = { ...current, ...changes };
  const plan = (await visible(tx, after)) ? mailPlan(current, after) : null;
  if (!plan) return { kind: null, recipients: null, companies: 0 };
  return { kind: plan.kind, recipients: plan.recipients, companies: (await planRecipients(tx, plan, after)).length };
}

/**
 * The outbox rows for a conference just written (`before` null: created). Reads the saved row
 * itself, so it runs after the update (and after a parent's status cascade).
 */
export async function conferenceSaved(
  tx: Executor,
  queue: MailQueue,
  before: ConferenceRow | null,
  id: number,
  actor: string,
): Promise<void> {
  const [after] = await tx.select().from(conference).where(eq(conference.id, id));
  const from = before?.status ?? 'draft';
  const now = new Date();
  if (!(await visible(tx, after))) return;
  const plan = mailPlan(before, after);
  if (plan) {
    const companyIds = await planRecipients(tx, plan, after);
    await writeOutbox(
      tx,
      queue,
      after,
      { kind: plan.kind, companyIds, ...(plan.payload ? { payload: plan.payload } : {}) },
      actor,
    );
  }
  if (plan?.kind === 'invitation') {
    await scheduleReminders(tx, queue, after, actor, now);
    return;
  }
  if (before === null) return;
  if (after.status === 'cancelled' || after.status === 'closed' || after.status === 'held') {
    await skipPendingReminders(tx, after.id, SKIP.conferenceNotOpen);
  }
  if (after.status === 'cancelled' || !NOTIFIED.includes(from) || !NOTIFIED.includes(after.status)) return;
  const reopened = from === 'closed' && after.status === 'published';
  const daysChanged = before.reminder_days.join() !== after.reminder_days.join();
  if (after.status === 'published' && (reopened || daysChanged || text(before.answer_deadline) !== text(after.answer_deadline))) {
    await rescheduleReminders(tx, queue, after, actor, now);
  }
}

/**
 * Invitees added to a conference already published (its parent too, for a sub-conference): each
 * company not yet invited by mail to it gets its invitation and reminders now, once per conference.
 */
export async function companiesInvited(
  tx: Executor,
  queue: MailQueue,
  conferenceId: number,
  invitees: Array<{ company_id: number }>,
  actor: string,
): Promise<void> {
  const companyIds = [...new Set(invitees.map((i) => i.company_id))];
  const [target] = await tx.select().from(conference).where(eq(conference.id, conferenceId));
  if (target.status !== 'published' || !(await visible(tx, target))) return;
  const told = await tx
    .select({ company_id: notification.company_id })
    .from(notification)
    .where(
      and(
        eq(notification.kind, 'invitation'),
        inArray(notification.company_id, companyIds),
        inArray(notification.conference_id, target.parent_id === null ? [target.id] : [target.id, target.parent_id]),
      ),
    );
  const fresh = companyIds.filter((id) => !told.some((t) => t.company_id === id)).sort((a, b) => a - b);
  await writeOutbox(tx, queue, target, { kind: 'invitation', companyIds: fresh }, actor);
  if (fresh.length > 0) await scheduleReminders(tx, queue, target, actor, new Date(), fresh);
}
