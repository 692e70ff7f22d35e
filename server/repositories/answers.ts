import fp from 'fastify-plugin';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { conference, conference_company, conference_member } from '../db/schema.ts';
import type { AnswerBody, AnswerResult, ConferenceCompanySummary } from '../schemas/answer.ts';
import {
  type AnswerFields,
  answerFieldsOf,
  requireDelegateAllowed,
  requireProxyDetails,
  sameAnswer,
} from '../lib/attendance-answer-rules.ts';
import { answeringClosedProblem, isAnsweringOpen } from '../lib/conference-rules.ts';
import { checkDelegateTargets, refuseDelegationChains } from '../lib/votes/delegation.ts';
import { Problem, notFound } from '../lib/problem.ts';
import type { AnswerSummary, CompanyInConference } from '../lib/attendance-summary.ts';
import type { Executor } from '../lib/audit.ts';
import { PARAM, decoded, namedStatement } from '../db/prepared.ts';
import { toConferenceMember } from './conference-invitees.ts';
import { notUnderDraft } from './company-visibility.ts';
import { answersRecorded, portalAnswerSource } from '../lib/mail/receipts.ts';
import type { ConferenceRow } from '../lib/mail/outbox.ts';

const cm = conference_member;

export interface Answerer {
  cciCode: string;
  companyId: number;
  username: string;
}

export interface AnswersRepository {
  /**
   * Answers for several of the company's invitees (a conference and its sub-conferences) in one
   * transaction. Safe to repeat (DESIGN.md §10): rows whose answer does not change are not written.
   */
  submit(answerer: Answerer, body: AnswerBody): Promise<AnswerResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    answers: AnswersRepository;
  }
}

/** The body's answers in their stored form; the checks that need no database run here. */
function validated(
  body: AnswerBody,
): Array<{ id: number; version?: number; fields: AnswerFields; delegateGiven: boolean; at: string }> {
  const seen = new Set<number>();
  return body.answers.map((a, i) => {
    const at = `body.answers.${i}`;
    if (seen.has(a.id)) {
      throw new Problem(400, 'duplicate_answer', '同じ出席者への回答が重複しています。', [
        { field: `${at}.id`, code: 'duplicate', message: '重複しています' },
      ]);
    }
    seen.add(a.id);
    const fields = answerFieldsOf(a.answer_content, a.proxy_name, a.proxy_title, a.delegate_to ?? null);
    requireProxyDetails(fields, at);
    return { id: a.id, version: a.version, fields, delegateGiven: a.delegate_to !== undefined, at };
  });
}

type MemberRow = typeof cm.$inferSelect;

/** The row as the answer leaves it: recordAnswers stores exactly these values. */
function answeredRow(before: MemberRow, fields: AnswerFields, username: string, now: Date): MemberRow {
  return {
    ...before,
    ...fields,
    answered_at: now,
    answered_by: username,
    // DESIGN.md §11.2: the company's own answer; the portal enforces the deadline, so never late
    answer_channel: 'portal',
    answer_received_at: now,
    answered_late: false,
    version: before.version + 1,
    updated_at: now,
    updated_by: username,
  };
}

/**
 * The changed rows, their audit entries and the lock on the company's summaries of their conferences,
 * in one statement (issue 16: one round trip instead of one per row, one for the audit and one per
 * summary lock). The rows are locked by this transaction already, so each becomes exactly `after`,
 * and the only lock taken here is the summaries' (the order conference → conference_member →
 * conference_company holds). The audit's before/after are the API's form of the rows (GET shows the same).
 */
export const RECORD_ANSWERS = namedStatement<{ recorded: number; locked: number }>(
  'answer_record',
  () => sql`with v as (
    select * from jsonb_to_recordset(${sql.placeholder('changes')}::jsonb) as v(id int, answer_content text, proxy_name text,
      proxy_title text, delegate_to int, answered_at timestamptz, answered_by text, answer_channel text, answer_received_at timestamptz,
      answered_late boolean, version int, updated_at timestamptz, updated_by text, before jsonb, after jsonb)
  ), changed as (
    update conference_member cm
       set answer_content = v.answer_content, proxy_name = v.proxy_name, proxy_title = v.proxy_title, delegate_to = v.delegate_to,
           answered_at = v.answered_at, answered_by = v.answered_by, answer_channel = v.answer_channel,
           answer_received_at = v.answer_received_at, answered_late = v.answered_late, version = v.version,
           updated_at = v.updated_at, updated_by = v.updated_by
      from v where cm.id = v.id
    returning cm.id, cm.conference_id
  ), audit as (
    insert into audit_log (cci_code, actor, action, entity, entity_id, before, after)
    select ${PARAM.cci}, ${PARAM.username}, 'answer', 'conference_member', changed.id::text, v.before, v.after
      from changed join v on v.id = changed.id order by changed.id
    returning 1
  ), summaries as (
    select id from conference_company
     where company_id = ${PARAM.company} and conference_id = any(${sql.placeholder('conferences')}::int[])
     order by id for update
  )
  select (select count(*) from audit)::int as recorded, (select count(*) from summaries)::int as locked`,
);

/** Stores the changes (RECORD_ANSWERS); returns how many of the conferences' summaries it locked. */
async function recordAnswers(
  tx: Executor,
  answerer: Answerer,
  conferenceIds: number[],
  changes: Array<{ before: MemberRow }>,
  after: MemberRow[],
): Promise<number> {
  const values = after.map((row, i) => ({
    ...row,
    before: toConferenceMember(changes[i].before),
    after: toConferenceMember(row),
  }));
  const { rows } = await RECORD_ANSWERS.run(tx, {
    changes: JSON.stringify(values),
    cci: answerer.cciCode,
    username: answerer.username,
    company: answerer.companyId,
    conferences: conferenceIds,
  });
  if (rows[0].recorded !== changes.length) throw new Error(`answer: ${rows[0].recorded} of ${changes.length} rows recorded`);
  return rows[0].locked;
}

const answeredMeanwhile = (at: string, currentVersion: number) =>
  new Problem(
    409,
    'version_conflict',
    '他の方が先に回答を更新しました。最新の回答を読み込んでから、もう一度回答してください。',
    [{ field: `${at}.version`, code: 'version_conflict', message: 'stale version' }],
    { current_version: currentVersion },
  );

/** refreshAnsweredSummary's UPDATE: the summary from the company's invitees there, stamped with the answer. */
export const UPDATE_SUMMARY = namedStatement<{ answer_content: AnswerSummary }>('answer_update_summary', () => {
  const cc = conference_company;
  const [conferenceId, at] = [sql.placeholder('conference'), sql.placeholder('at')];
  return sql`update ${cc}
       set answer_content = (select case when count(${cm.answer_content}) = 0 then null
                                         when count(${cm.answer_content}) = count(*) then 'answered'
                                         else 'partial' end
                               from ${cm} where ${cm.conference_id} = ${conferenceId} and ${cm.company_id} = ${PARAM.company}),
           answered_at = ${at}, answered_by = ${PARAM.username}, version = ${cc.version} + 1,
           updated_at = ${at}, updated_by = ${PARAM.username}
     where ${cc.conference_id} = ${conferenceId} and ${cc.company_id} = ${PARAM.company}
    returning ${cc.answer_content}`;
});

/**
 * refreshCompanySummary (attendance-summary.ts) for an answer that changed something: the company
 * has invitees there, and answered_at/by are stamped. The row is locked before this statement
 * (RECORD_ANSWERS, or here when it was missing), so the UPDATE that counts the answers (a new
 * snapshot) sees every answer committed before the lock was granted. The CASE mirrors summaryOf().
 */
async function refreshAnsweredSummary(
  tx: Executor,
  key: CompanyInConference,
  actor: string,
  at: Date,
  locked: boolean,
): Promise<ConferenceCompanySummary> {
  const cc = conference_company;
  const where = and(eq(cc.conference_id, key.conferenceId), eq(cc.company_id, key.companyId));
  if (!locked) {
    // the invitation creates the row; recreate it if it is missing, then lock it
    await tx
      .insert(cc)
      .values({
        cci_code: key.cciCode,
        conference_id: key.conferenceId,
        company_id: key.companyId,
        created_by: actor,
        updated_by: actor,
      })
      .onConflictDoNothing();
    await tx.select({ id: cc.id }).from(cc).where(where).for('update');
  }
  const { rows } = await UPDATE_SUMMARY.run(tx, {
    conference: key.conferenceId,
    company: key.companyId,
    at,
    username: actor,
  });
  if (!rows[0]) throw new Error(`answer: no summary of company ${key.companyId} in conference ${key.conferenceId}`);
  return {
    conference_id: key.conferenceId,
    company_id: key.companyId,
    answer_content: rows[0].answer_content,
    answered_at: at.toISOString(),
    answered_by: actor,
  };
}

/**
 * The body's invitees that are the company's own (PARAM.cci, .company, .ids): another company's row,
 * or one of another chamber, is a 404 whatever else is in the body (§6); so is an invitee of a
 * conference the company may not see: a draft, or one under a draft (company-visibility.ts).
 */
const OWN = sql`${cm.cci_code} = ${PARAM.cci} and ${cm.company_id} = ${PARAM.company} and ${cm.id} = any(${PARAM.ids}::int[])
  and exists (select 1 from conference c where c.id = ${cm.conference_id} and ${notUnderDraft('c')})`;

/** The answered conferences as locked, with the company's summaries there and what the receipts need. */
const LOCKED_CONFERENCE = {
  id: conference.id,
  status: conference.status,
  answer_deadline: conference.answer_deadline,
  allow_delegate: conference.allow_delegate,
  cci_code: conference.cci_code,
  parent_id: conference.parent_id,
  name: conference.name,
  event_date: conference.event_date,
  summary_company_id: conference_company.company_id,
  summary_answer_content: conference_company.answer_content,
  summary_answered_at: conference_company.answered_at,
  summary_answered_by: conference_company.answered_by,
};
type LockedConference = Pick<
  ConferenceRow,
  'id' | 'status' | 'answer_deadline' | 'allow_delegate' | 'cci_code' | 'parent_id' | 'name' | 'event_date'
> & {
  parent_status: string | null;
  summary_company_id: number | null;
  summary_answer_content: string | null;
  summary_answered_at: Date | null;
  summary_answered_by: string | null;
};

/**
 * Lock order conference → conference_member → conference_company (attendance-summary.ts). The
 * conferences are share-locked so a status change waits for this answer, or vice versa.
 */
export const LOCK_CONFERENCES = namedStatement<Record<string, unknown>>('answer_conferences', () => {
  const cc = conference_company;
  const fields = Object.entries(LOCKED_CONFERENCE).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`);
  return sql`select ${sql.join(fields, sql`, `)},
      (select p.status from ${conference} p where p.id = ${conference.parent_id}) as parent_status
    from ${conference} left join ${cc} on ${cc.conference_id} = ${conference.id} and ${cc.company_id} = ${PARAM.company}
   where ${conference.id} in (select distinct ${cm.conference_id} from ${cm} where ${OWN})
   order by ${conference.id} for share of ${conference}`;
});

const MEMBER_COLUMNS = getTableColumns(cm);

/** The body's rows, locked in id order: parallel identical submissions queue here (DESIGN.md §10). */
export const LOCK_ROWS = namedStatement<Record<string, unknown>>(
  'answer_rows',
  () => sql`select * from ${cm} where ${OWN} order by ${cm.id} for update`,
);

export default fp(
  async (app) => {
    const db = app.db;
    const repository: AnswersRepository = {
      async submit({ cciCode, companyId, username }, body) {
        const answers = validated(body);
        const own = { cci: cciCode, company: companyId, ids: answers.map((a) => a.id) };

        return db.transaction(async (tx) => {
          // the company's summaries come along: the answer returns them for conferences it leaves as they are
          const conferences = (await LOCK_CONFERENCES.run(tx, own)).rows.map((raw) =>
            decoded<LockedConference>(LOCKED_CONFERENCE, raw),
          );
          const conferenceById = new Map(conferences.map((c) => [c.id, c]));
          // Row locks in id order: parallel identical submissions queue here, and each later one sees
          // the earlier one's answers and finds nothing to change.
          const rows = (await LOCK_ROWS.run(tx, own)).rows.map((raw) => decoded<MemberRow>(MEMBER_COLUMNS, raw));
          if (rows.length !== own.ids.length) throw notFound();
          const rowById = new Map(rows.map((r) => [r.id, r]));

          const now = new Date();
          for (const a of answers) {
            const row = rowById.get(a.id)!;
            // a body without delegate_to (clients before issue 34) keeps the 委任先 already recorded
            if (!a.delegateGiven && a.fields.answer_content === 'delegate') a.fields.delegate_to = row.delegate_to;
            const target = conferenceById.get(row.conference_id)!;
            if (!isAnsweringOpen(target, now)) throw answeringClosedProblem(target);
            requireDelegateAllowed(a.fields, target, `${a.at}.answer_content`);
            // Someone else answered since the form was read. A repeat of this very body (DESIGN.md
            // §10) finds its own answer already stored and is not a conflict.
            if (a.version !== undefined && a.version !== row.version && !sameAnswer(row, a.fields)) {
              throw answeredMeanwhile(a.at, row.version);
            }
          }

          const changing = answers.filter((a) => !sameAnswer(rowById.get(a.id)!, a.fields)).sort((x, y) => x.id - y.id);
          const delegations = changing.map((a) => ({
            id: a.id,
            conference_id: rowById.get(a.id)!.conference_id,
            delegate_to: a.fields.delegate_to,
            delegates: a.fields.answer_content === 'delegate',
            at: a.at,
          }));
          await checkDelegateTargets(tx, delegations);
          const changes = changing.map((a) => ({ before: rowById.get(a.id)!, fields: a.fields }));
          const updated = changes.map(({ before, fields }) => answeredRow(before, fields, username, now));
          const changedConferences = [...new Set(updated.map((r) => r.conference_id))].sort((x, y) => x - y);
          // a summary row missing (or gone since the conferences were read): each is recreated and locked below
          const summariesLocked =
            changes.length === 0 ||
            (await recordAnswers(tx, { cciCode, companyId, username }, changedConferences, changes, updated)) ===
              changedConferences.length;
          await refuseDelegationChains(tx, delegations);
          for (const row of updated) rowById.set(row.id, row);

          const summaries = new Map<number, ConferenceCompanySummary>();
          for (const c of conferences) {
            if (c.summary_company_id === null) continue;
            summaries.set(c.id, {
              conference_id: c.id,
              company_id: c.summary_company_id,
              answer_content: c.summary_answer_content as AnswerSummary,
              answered_at: c.summary_answered_at?.toISOString() ?? null,
              answered_by: c.summary_answered_by,
            });
          }
          for (const conferenceId of changedConferences) {
            const key = { cciCode, conferenceId, companyId };
            summaries.set(conferenceId, await refreshAnsweredSummary(tx, key, username, now, summariesLocked));
          }
          await answersRecorded(
            tx,
            app.mailQueue,
            portalAnswerSource(cciCode, companyId, username, changedConferences, now),
            conferences,
          );

          return {
            data: [...rowById.values()]
              .sort((x, y) => x.conference_id - y.conference_id || x.sort - y.sort || x.id - y.id)
              .map(toConferenceMember),
            conference_companies: [...summaries.values()].sort((x, y) => x.conference_id - y.conference_id),
          };
        });
      },
    };
    app.decorate('answers', repository);
  },
  { name: 'answers-repository', dependencies: ['database'] },
);
