/**
 * What a chamber's IT vendor typically automates (issue 32): find a member company, create a
 * conference, invite the company's members and read their answers back, e.g. to push them into a
 * member database. Each step is one typed call; refusals arrive as problem+json (`Problem`).
 */
import type { components } from '../../src/api/schema.d.ts';
import { dataOf, type Kaigi } from './client.ts';

type Answer = components['schemas']['ConferenceMember']['answer_content'];

export interface ConferencePlan {
  name: string;
  /** ISO 8601 instants */
  eventDate: string;
  endAt: string;
  answerDeadline: string;
  place: string;
}

export interface AttendanceReport {
  company: { id: number; code: string; name: string };
  conference: { id: number; name: string; status: string };
  invited: number;
  answers: Array<{ member: string; answer: Answer }>;
}

/** Invites every current member of the company `companyCode` to a new conference; the answers so far. */
export async function inviteCompany(kaigi: Kaigi, companyCode: string, plan: ConferencePlan): Promise<AttendanceReport> {
  const companies = dataOf(
    await kaigi.GET('/v1/cci/admin/master/companies', { params: { query: { company_code: companyCode, page_size: 1 } } }),
  );
  const company = companies.data[0];
  if (!company?.id) throw new Error(`no company ${companyCode} in this chamber`);

  const conference = dataOf(
    await kaigi.POST('/v1/cci/admin/master/conferences', {
      body: {
        name: plan.name,
        event_date: plan.eventDate,
        end_at: plan.endAt,
        answer_deadline: plan.answerDeadline,
        place: plan.place,
      },
    }),
  );

  const today = new Date().toISOString().slice(0, 10);
  const members = dataOf(
    await kaigi.GET('/v1/cci/admin/master/members', {
      params: { query: { company_id: company.id, active_on: today, page_size: 100 } },
    }),
  );
  const memberIds = members.data.flatMap((m) => (m.id ? [m.id] : []));
  if (memberIds.length === 0) throw new Error(`company ${companyCode} has no current members`);
  const invited = dataOf(
    await kaigi.POST('/v1/cci/admin/master/conference_members', {
      body: { mode: 'many', conference_id: conference.id, member_ids: memberIds },
    }),
  );

  const answers = dataOf(
    await kaigi.GET('/v1/cci/admin/master/conference_members', {
      params: { query: { conference_id: conference.id, expand: 'member', page_size: 100 } },
    }),
  );
  return {
    company: { id: company.id, code: companyCode, name: String(company.attributes?.name1 ?? '') },
    conference: { id: conference.id, name: conference.name, status: conference.status },
    invited: invited.created.length,
    answers: answers.data.map((row) => ({ member: row.member?.name ?? '', answer: row.answer_content ?? null })),
  };
}
