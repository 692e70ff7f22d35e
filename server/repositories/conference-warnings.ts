/**
 * Warnings a conference write answers with (DESIGN.md §11.2 "publishing warns when a published
 * sub-conference has none"): the published sub-conferences of the written conference's family that
 * nobody is invited to, as they stand after the write.
 */
import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import { conference, conference_member } from '../db/schema.ts';
import type { ConferenceWarning } from '../schemas/conference.ts';
import type { Executor } from '../lib/audit.ts';

export async function subConferenceWarnings(tx: Executor, familyId: number): Promise<ConferenceWarning[]> {
  const rows = await tx
    .select({ id: conference.id, name: conference.name })
    .from(conference)
    .where(
      and(
        eq(conference.parent_id, familyId),
        eq(conference.status, 'published'),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(conference_member)
            .where(eq(conference_member.conference_id, conference.id)),
        ),
      ),
    )
    .orderBy(asc(conference.event_date), asc(conference.id));
  return rows.map((r) => ({ code: 'sub_conference_without_invitees', conference_id: r.id, name: r.name }));
}
