/**
 * The staff home's conference sections (issue 15 item 5). Cheap at national scale (DESIGN.md §9:
 * 10 k conferences, 5 M conference members): the chamber's conferences are found through
 * conference_cci_code_event_date_idx, and invitees are counted only for the conferences shown
 * (a lateral count per conference over conference_member_conference_id_sort_idx), never for the
 * whole chamber.
 */
import fp from 'fastify-plugin';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Dashboard, DashboardConference } from '../schemas/dashboard.ts';
import { jstDayOf, jstDayStart } from '../lib/conference-dates.ts';

/** How many conferences each section lists; the home links to the full list beyond. */
export const DASHBOARD_LIMIT = 10;
/** 締切が近い: an answer deadline within this many days from now. */
export const DEADLINE_SOON_DAYS = 7;
const DAY_MS = 86_400_000;

interface Row {
  id: number;
  parent_id: number | null;
  parent_name: string | null;
  name: string;
  event_date: Date;
  answer_deadline: Date | null;
  status: DashboardConference['status'];
  invited: number;
  answered: number;
  total: number;
}

const toConference = (row: Row): DashboardConference => ({
  id: row.id,
  parent_id: row.parent_id,
  parent_name: row.parent_name,
  name: row.name,
  event_date: new Date(row.event_date).toISOString(),
  answer_deadline: row.answer_deadline ? new Date(row.answer_deadline).toISOString() : null,
  status: row.status,
  invited: row.invited,
  answered: row.answered,
});

/**
 * `picked`: a subquery of conference rows (aliased c); adds the parent's name and the counts, keeps
 * the rows `where` accepts, the first DASHBOARD_LIMIT of them, and `total` = how many it accepted.
 */
const withCounts = (picked: SQL, where: SQL, order: SQL) => sql`
  select c.id, c.parent_id, p.name as parent_name, c.name, c.event_date, c.answer_deadline, c.status,
         n.invited, n.answered, count(*) over ()::int as total
    from (${picked}) c
    left join conference p on p.id = c.parent_id
   cross join lateral (select count(*)::int as invited, count(cm.answer_content)::int as answered
                         from conference_member cm where cm.conference_id = c.id) n
   where ${where}
   order by ${order}
   limit ${DASHBOARD_LIMIT}`;

async function rows(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

async function loadDashboard(db: Db, cciCode: string, now: Date): Promise<Dashboard> {
  const today = jstDayOf(now);
  const from = jstDayStart(today);
  const until = new Date(now.getTime() + DEADLINE_SOON_DAYS * DAY_MS);
  const [upcoming, [{ total: upcomingTotal }], soon] = await Promise.all([
    // the first ones only, then their counts: the lateral count runs for at most DASHBOARD_LIMIT rows
    rows(
      db,
      withCounts(
        sql`select * from conference
             where cci_code = ${cciCode} and event_date >= ${from} and status <> 'cancelled'
             order by event_date, id limit ${DASHBOARD_LIMIT}`,
        sql`true`,
        sql`c.event_date, c.id`,
      ),
    ),
    rows(
      db,
      sql`select count(*)::int as total from conference
           where cci_code = ${cciCode} and event_date >= ${from} and status <> 'cancelled'`,
    ),
    // answerable (published) with a deadline in the window: a few per week even in the largest chamber
    rows(
      db,
      withCounts(
        sql`select * from conference
             where cci_code = ${cciCode} and status = 'published'
               and answer_deadline > ${now} and answer_deadline <= ${until}`,
        sql`n.answered < n.invited`,
        sql`c.answer_deadline, c.event_date, c.id`,
      ),
    ),
  ]);
  return {
    today,
    upcoming: { data: upcoming.map(toConference), total: upcomingTotal },
    deadline_soon: {
      days: DEADLINE_SOON_DAYS,
      data: soon.map(toConference),
      total: soon[0]?.total ?? 0,
    },
  };
}

export interface DashboardRepository {
  /** The conference sections of the staff home /admin of chamber `cciCode` as of `now`. */
  load(cciCode: string, now: Date): Promise<Dashboard>;
}

declare module 'fastify' {
  interface FastifyInstance {
    dashboard: DashboardRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('dashboard', { load: (cciCode, now) => loadDashboard(app.db, cciCode, now) } satisfies DashboardRepository);
  },
  { name: 'dashboard-repository', dependencies: ['database'] },
);
