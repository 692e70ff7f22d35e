import fp from 'fastify-plugin';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { conference, conference_company, conference_member } from '../db/schema.ts';
import type { AnswerBody, AnswerResult } from '../schemas/answer.ts';
import { auditAll } from '../lib/attendance-audit.ts';
import {
  type AnswerFields,
  answerFieldsOf,
  requireDelegateAllowed,
  requireProxyName,
  sameAnswer,
} from '../lib/attendance-answer-rules.ts';
import { answeringClosedProblem, isAnsweringOpen } from '../lib/conference-rules.ts';
import { Problem, notFound } from '../plugins/app/problem.ts';
import { refreshSummaries } from '../lib/attendance-summary.ts';
import { toConferenceMember } from './conference-members.ts';

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
function validated(body: AnswerBody): Array<{ id: number; fields: AnswerFields; at: string }> {
  const seen = new Set<number>();
  return body.answers.map((a, i) => {
    const at = `body.answers.${i}`;
    if (seen.has(a.id)) {
      throw new Problem(400, 'duplicate_answer', '同じ出席者への回答が重複しています。', [
        { field: `${at}.id`, code: 'duplicate', message: '重複しています' },
      ]);
    }
    seen.add(a.id);
    const fields = answerFieldsOf(a.answer_content, a.proxy_name, a.proxy_title);
    requireProxyName(fields, `${at}.proxy_name`);
    return { id: a.id, fields, at };
  });
}

export default fp(
  async (app) => {
    const db = app.db;
    const repository: AnswersRepository = {
      async submit({ cciCode, companyId, username }, body) {
        const answers = validated(body);
        const ids = answers.map((a) => a.id);
        // another company's row, or one of another chamber, is a 404 whatever else is in the body (§6)
        const own = and(eq(cm.cci_code, cciCode), eq(cm.company_id, companyId), inArray(cm.id, ids));

        return db.transaction(async (tx) => {
          // Lock order conference → conference_member → conference_company (attendance-summary.ts).
          // The conferences are share-locked so a status change waits for this answer, or vice versa.
          const refs = await tx.selectDistinct({ conference_id: cm.conference_id }).from(cm).where(own);
          const conferences = refs.length
            ? await tx
                .select({
                  id: conference.id,
                  status: conference.status,
                  answer_deadline: conference.answer_deadline,
                  allow_delegate: conference.allow_delegate,
                })
                .from(conference)
                .where(
                  inArray(
                    conference.id,
                    refs.map((r) => r.conference_id),
                  ),
                )
                .orderBy(asc(conference.id))
                .for('share')
            : [];
          const conferenceById = new Map(conferences.map((c) => [c.id, c]));
          // Row locks in id order: parallel identical submissions queue here, and each later one sees
          // the earlier one's answers and finds nothing to change.
          const rows = await tx.select().from(cm).where(own).orderBy(asc(cm.id)).for('update');
          if (rows.length !== ids.length) throw notFound();
          const rowById = new Map(rows.map((r) => [r.id, r]));

          const now = new Date();
          for (const a of answers) {
            const target = conferenceById.get(rowById.get(a.id)!.conference_id)!;
            if (!isAnsweringOpen(target, now)) throw answeringClosedProblem(target);
            requireDelegateAllowed(a.fields, target, `${a.at}.answer_content`);
          }

          const changes = answers
            .filter((a) => !sameAnswer(rowById.get(a.id)!, a.fields))
            .sort((x, y) => x.id - y.id)
            .map((a) => ({ before: rowById.get(a.id)!, fields: a.fields }));
          const updated: Array<typeof cm.$inferSelect> = [];
          for (const { before, fields } of changes) {
            const [row] = await tx
              .update(cm)
              .set({
                ...fields,
                answered_at: now,
                answered_by: username,
                version: before.version + 1,
                updated_at: now,
                updated_by: username,
              })
              .where(eq(cm.id, before.id))
              .returning();
            updated.push(row);
          }
          await auditAll(
            tx,
            changes.map(({ before }, i) => ({
              cciCode,
              actor: username,
              action: 'answer',
              entity: 'conference_member',
              entityId: before.id,
              before: toConferenceMember(before),
              after: toConferenceMember(updated[i]),
            })),
          );
          await refreshSummaries(tx, cciCode, updated, username, { at: now, by: username });

          const data = await tx.select().from(cm).where(own).orderBy(asc(cm.conference_id), asc(cm.sort), asc(cm.id));
          const summaries = await tx
            .select({
              conference_id: conference_company.conference_id,
              company_id: conference_company.company_id,
              answer_content: conference_company.answer_content,
              answered_at: conference_company.answered_at,
              answered_by: conference_company.answered_by,
            })
            .from(conference_company)
            .where(
              and(
                eq(conference_company.company_id, companyId),
                inArray(conference_company.conference_id, [...conferenceById.keys()]),
              ),
            )
            .orderBy(asc(conference_company.conference_id));
          return {
            data: data.map(toConferenceMember),
            conference_companies: summaries.map((s) => ({
              ...s,
              answer_content: s.answer_content as 'answered' | 'partial' | null,
              answered_at: s.answered_at?.toISOString() ?? null,
            })),
          };
        });
      },
    };
    app.decorate('answers', repository);
  },
  { name: 'answers-repository', decorators: { fastify: ['db'] } },
);
