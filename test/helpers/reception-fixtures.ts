/**
 * Rows the reception tests create for themselves (issue 14): a company of the demo chamber of their
 * own with members, conferences inviting them, and the clean-up that removes all of it (the
 * conferences' invitees, rooms and events go with them), so no demo company gains a row.
 */
import type pg from 'pg';
import { loadLinkSecret } from '../../server/lib/room/link-token.ts';
import { signTicket } from '../../server/lib/reception/ticket.ts';
import { createCompany, createConference, createMember, type ConferenceOpts } from './attendance-fixtures.ts';

export const checkIns = (conferenceId: number, rest = '') => `/v1/cci/admin/master/conferences/${conferenceId}/check_ins${rest}`;
export const walkIns = (conferenceId: number) => `/v1/cci/admin/master/conferences/${conferenceId}/walk_ins`;

/** The ticket the company would show for this invitee, signed with the key the database keeps. */
export async function ticketOf(pool: pg.Pool, conferenceMemberId: number): Promise<string> {
  return signTicket(await loadLinkSecret(pool), conferenceMemberId);
}

export interface Invitee {
  memberId: number;
  answer?: 'attend' | 'absent' | 'proxy_attend' | 'delegate' | null;
  proxyName?: string;
  proxyTitle?: string;
  category?: 'principal' | 'substitute' | 'companion';
}

/** Everything one test file made, removed by `cleanUp`. */
export class ReceptionFixtures {
  readonly conferences: number[] = [];
  readonly companies: number[] = [];
  readonly members: number[] = [];
  private readonly tag = `${Date.now() % 1e8}${Math.floor(Math.random() * 1e3)}`;

  constructor(private readonly pool: pg.Pool) {}

  /** A company of the chamber with a unique 事業所コード `RCP{tag}{suffix}`. */
  async company(suffix: string, name: string, cciCode = 'demo'): Promise<{ id: number; code: string }> {
    const code = `RCP${this.tag}${suffix}`;
    const id = await createCompany(this.pool, code, name, cciCode);
    this.companies.push(id);
    return { id, code };
  }

  async member(companyId: number, name: string, kana: string, cciCode = 'demo'): Promise<number> {
    const id = await createMember(this.pool, { companyId, name, kana, cciCode });
    this.members.push(id);
    return id;
  }

  async conference(opts: ConferenceOpts = {}): Promise<number> {
    const id = await createConference(this.pool, { name: '受付テスト会議', ...opts });
    this.conferences.push(id);
    return id;
  }

  /** Invites the members (conference_company too), in the order given; returns the conference member ids. */
  async invite(conferenceId: number, invitees: Invitee[], cciCode = 'demo'): Promise<number[]> {
    const ids: number[] = [];
    for (const [i, inv] of invitees.entries()) {
      const { rows } = await this.pool.query<{ id: number; company_id: number }>(
        `insert into conference_member (cci_code, conference_id, company_id, member_id, category, answer_content,
                                        proxy_name, proxy_title, sort, answered_at, answered_by)
         select $1, $2, m.company_id, m.id, $4, $5, $6, $7, $8, case when $5::text is null then null else now() end,
                case when $5::text is null then null else 'fixture' end
           from member m where m.id = $3 returning id, company_id`,
        [
          cciCode,
          conferenceId,
          inv.memberId,
          inv.category ?? 'principal',
          inv.answer ?? null,
          inv.proxyName ?? null,
          inv.proxyTitle ?? null,
          (i + 1) * 10,
        ],
      );
      await this.pool.query(
        `insert into conference_company (cci_code, conference_id, company_id) values ($1, $2, $3) on conflict do nothing`,
        [cciCode, conferenceId, rows[0].company_id],
      );
      ids.push(rows[0].id);
    }
    return ids;
  }

  async cleanUp(): Promise<void> {
    if (this.conferences.length > 0)
      await this.pool.query('delete from conference where id = any($1::int[])', [this.conferences]);
    // the members made here, and those walk-ins added to the companies made here
    await this.pool.query('delete from member where id = any($1::int[]) or company_id = any($2::int[])', [
      this.members,
      this.companies,
    ]);
    await this.pool.query('delete from company where id = any($1::int[])', [this.companies]);
  }
}
