/**
 * What the meeting's own record says, for the 議事録 draft (DESIGN.md §12.2, issue 35): read in one
 * transaction from the room's events, the reception, the quorum settings and the declared 議案.
 * Nothing here is typed by hand; regenerating the draft reads it again (a corrected check-in, a
 * re-declared 議案 change the figures, never the prose).
 *
 * - 日時: the first room event that opened the room → the last one that ended it.
 * - 出席 counts principals only (a 代理出席 is its principal's row): 本人 and 代理 checked in,
 *   書面 not checked in with a written vote on a 議案 of the conference, 委任状 not checked in,
 *   answered 委任, without a written vote (書面 first: a written vote is the principal's own).
 * - 定足数 at opening: the conference's settings against the principals checked in by the time the
 *   room opened (the check-in times are the record; a later correction of a check-in shows here).
 * - Each agenda item: the first time it became the current item (a `room` or `agenda` event).
 * - Each 議案: the counts of its latest closed poll, its declared result and the chair's decision.
 */
import type pg from 'pg';
import type { PollCounts, QuorumSettings } from '../../db/schema.ts';
import type { FigureValue, MinutesContent, MinutesPerson } from '../../schemas/minutes.ts';
import { evaluateQuorum } from '../quorum.ts';

export interface MeetingRecord {
  conference: MinutesContent['conference'];
  agenda: MinutesContent['agenda'];
  motions: MinutesContent['motions'];
  /** every figure the record gives, by key (the keys of MinutesContent.figures) */
  figures: Record<string, FigureValue>;
  /** who was checked in: the 議長 and 署名人 are chosen from them */
  attendees: MinutesPerson[];
}

/** null: no such conference in this chamber. */
export async function readMeetingRecord(
  client: pg.ClientBase,
  cciCode: string,
  conferenceId: number,
): Promise<MeetingRecord | null> {
  const { rows: conferences } = await client.query<{
    id: number;
    name: string;
    event_date: Date;
    place: string | null;
    quorum: QuorumSettings | null;
  }>('select id, name, event_date, place, quorum from conference where id = $1 and cci_code = $2', [conferenceId, cciCode]);
  const conference = conferences[0];
  if (!conference) return null;

  const { rows: roomRows } = await client.query<{
    agenda: MeetingRecord['agenda'] | null;
    opened_at: Date | null;
    closed_at: Date | null;
  }>(
    `select r.agenda,
            (select min(e.created_at) from room_event e
              where e.conference_id = $1 and e.kind = 'room' and e.payload->>'status' = 'open') as opened_at,
            (select max(e.created_at) from room_event e
              where e.conference_id = $1 and e.kind = 'room' and e.payload->>'status' = 'ended') as closed_at
       from (select $1::int as conference_id) c left join room r on r.conference_id = c.conference_id`,
    [conferenceId],
  );
  const { opened_at: openedAt, closed_at: closedAt } = roomRows[0];
  const agenda = (roomRows[0].agenda ?? []).map((item) => ({ title: item.title, presenter: item.presenter ?? null }));

  const { rows: agendaTimes } = await client.query<{ item: number; at: Date }>(
    `select (e.payload->>'current_agenda')::int as item, min(e.created_at) as at
       from room_event e
      where e.conference_id = $1 and e.kind in ('room', 'agenda') and jsonb_typeof(e.payload->'current_agenda') = 'number'
      group by 1`,
    [conferenceId],
  );

  const { rows: attendance } = await client.query<{
    principals: number;
    present_principal: number;
    present_proxy: number;
    written: number;
    delegated: number;
    present_at_opening: number;
    delegated_at_opening: number;
  }>(
    `with p as (
       select cm.*, exists (select 1 from written_vote w join motion m on m.id = w.motion_id
                             where w.conference_member_id = cm.id and m.conference_id = cm.conference_id) as has_written
         from conference_member cm where cm.conference_id = $1 and cm.category = 'principal')
     select count(*)::int as principals,
            count(*) filter (where checked_in_at is not null and answer_content is distinct from 'proxy_attend')::int as present_principal,
            count(*) filter (where checked_in_at is not null and answer_content = 'proxy_attend')::int as present_proxy,
            count(*) filter (where checked_in_at is null and has_written)::int as written,
            count(*) filter (where checked_in_at is null and not has_written and answer_content = 'delegate')::int as delegated,
            count(*) filter (where checked_in_at is not null and ($2::timestamptz is null or checked_in_at <= $2))::int as present_at_opening,
            count(*) filter (where answer_content = 'delegate'
                               and (checked_in_at is null or ($2::timestamptz is not null and checked_in_at > $2)))::int as delegated_at_opening
       from p`,
    [conferenceId, openedAt],
  );
  const a = attendance[0];

  const { rows: motions } = await client.query<{
    id: number;
    number: string;
    title: string;
    result: string | null;
    chair_decision: string | null;
    counts: PollCounts | null;
  }>(
    `select m.id, m.number, m.title, m.result, m.chair_decision,
            (select p.counts from poll p where p.motion_id = m.id and p.status = 'closed' order by p.id desc limit 1) as counts
       from motion m where m.conference_id = $1
      order by m.agenda_index nulls last, m.id`,
    [conferenceId],
  );

  const { rows: attendees } = await client.query<MinutesPerson>(
    `select cm.id as conference_member_id, coalesce(cm.attended_by, mb.name) as name, c.name1 as company_name
       from conference_member cm join member mb on mb.id = cm.member_id join company c on c.id = cm.company_id
      where cm.conference_id = $1 and cm.checked_in_at is not null
      order by cm.sort, cm.id`,
    [conferenceId],
  );

  const quorum = conference.quorum
    ? evaluateQuorum(conference.quorum, {
        invitedPrincipals: a.principals,
        present: a.present_at_opening,
        delegated: a.delegated_at_opening,
      })
    : null;
  const figures: Record<string, FigureValue> = {
    opened_at: openedAt?.toISOString() ?? null,
    closed_at: closedAt?.toISOString() ?? null,
    place: conference.place,
    members_total: quorum ? quorum.total : a.principals,
    present_principal: a.present_principal,
    present_proxy: a.present_proxy,
    written: a.written,
    delegated: a.delegated,
    present_total: a.present_principal + a.present_proxy + a.written + a.delegated,
    quorum_required: quorum?.required ?? null,
    quorum_counted: quorum?.counted ?? null,
    quorum_met: quorum?.met ?? null,
  };
  const times = new Map(agendaTimes.map((t) => [t.item, t.at.toISOString()]));
  agenda.forEach((_, i) => (figures[`agenda.${i}.at`] = times.get(i) ?? null));
  for (const m of motions) {
    figures[`motion.${m.id}.yes`] = m.counts?.yes ?? null;
    figures[`motion.${m.id}.no`] = m.counts?.no ?? null;
    figures[`motion.${m.id}.abstain`] = m.counts?.abstain ?? null;
    figures[`motion.${m.id}.result`] = m.result;
    figures[`motion.${m.id}.chair_decision`] = m.chair_decision;
  }
  return {
    conference: { id: conference.id, name: conference.name, event_date: conference.event_date.toISOString() },
    agenda,
    motions: motions.map((m) => ({ id: m.id, number: m.number, title: m.title })),
    figures,
    attendees,
  };
}
