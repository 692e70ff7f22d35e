/**
 * Adding invitees to a conference, shared by the invite route (every form) and the creation of a
 * conference from a template whose invitee rules select members (issue 18 item 1).
 */
import { eq, max } from 'drizzle-orm';
import { conference_member, type InviteeRule } from '../db/schema.ts';
import type { Executor } from '../lib/audit.ts';
import { auditAll } from '../lib/attendance-audit.ts';
import { refreshSummaries } from '../lib/attendance-summary.ts';
import { membersMatchingTemplateRules } from '../lib/attendance-invite-rule.ts';
import type { ConferenceMember } from '../schemas/conference-member.ts';

const cm = conference_member;
type Row = typeof conference_member.$inferSelect;
export type InviteeCategory = Row['category'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toConferenceMember(row: Row): ConferenceMember {
  return {
    id: row.id,
    cci_code: row.cci_code,
    conference_id: row.conference_id,
    company_id: row.company_id,
    member_id: row.member_id,
    category: row.category,
    answer_content: row.answer_content,
    proxy_name: row.proxy_name,
    proxy_title: row.proxy_title,
    delegate_to: row.delegate_to,
    sort: row.sort,
    answered_at: iso(row.answered_at),
    answered_by: row.answered_by,
    answer_channel: row.answer_channel,
    answer_received_at: iso(row.answer_received_at),
    answered_late: row.answered_late,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export interface InviteeCandidate {
  id: number;
  company_id: number;
  category?: InviteeCategory;
}

/**
 * Inserts the candidates after the conference's current last invitee (protocol order as given),
 * audits each row and refreshes the companies' summaries; the caller holds the conference's lock
 * and has already left out members invited before. Returns the rows in protocol order.
 */
export async function insertInvitees(
  tx: Executor,
  target: { cciCode: string; conferenceId: number; actor: string; category?: InviteeCategory },
  candidates: InviteeCandidate[],
): Promise<Row[]> {
  if (candidates.length === 0) return [];
  const { cciCode, conferenceId, actor } = target;
  // new invitees go after the current last one; reset_sort_members may reorder later
  const [{ last }] = await tx
    .select({ last: max(cm.sort) })
    .from(cm)
    .where(eq(cm.conference_id, conferenceId));
  const rows = await tx
    .insert(cm)
    .values(
      candidates.map((m, i) => ({
        cci_code: cciCode,
        conference_id: conferenceId,
        company_id: m.company_id,
        member_id: m.id,
        category: target.category ?? m.category ?? 'principal',
        sort: (last ?? 0) + i + 1,
        created_by: actor,
        updated_by: actor,
      })),
    )
    .returning();
  rows.sort((a, b) => a.sort - b.sort);
  await auditAll(
    tx,
    rows.map((row) => ({
      cciCode,
      actor,
      action: 'create',
      entity: 'conference_member',
      entityId: row.id,
      after: toConferenceMember(row),
    })),
  );
  await refreshSummaries(tx, cciCode, rows, actor);
  return rows;
}

/**
 * Invites, for each conference just created from a template, the members its rules select on its
 * own event date (issue 18 item 1), in the creating transaction. Returns how many each got.
 */
export async function inviteByTemplateRules(
  tx: Executor,
  cciCode: string,
  actor: string,
  targets: Array<{ conference: { id: number; event_date: string }; rules: InviteeRule[] }>,
): Promise<Array<{ conference_id: number; count: number }>> {
  const invited = [];
  for (const { conference, rules } of targets) {
    const matching = await membersMatchingTemplateRules(tx, cciCode, new Date(conference.event_date), rules);
    const rows = await insertInvitees(tx, { cciCode, conferenceId: conference.id, actor }, matching);
    invited.push({ conference_id: conference.id, count: rows.length });
  }
  return invited;
}
