/**
 * Who may enter a room (issue 12, DESIGN.md §11.1). Staff of the conference's chamber always; an
 * admin of an invited company while the conference is published, closed or held (not a draft, not
 * under one, not cancelled); a link holder likewise, while the link is neither revoked nor expired.
 * Anything else is the same 404, so nobody learns that a conference exists.
 */
import fp from 'fastify-plugin';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/problem.ts';
import type { RoomViewer } from '../lib/room/viewers.ts';
import { verifyLink } from '../lib/room/link-token.ts';
import { visibleToCompany } from './company-visibility.ts';
import type { SessionUser } from '../schemas/session.ts';

/** Statuses in which the room is open to everyone but staff (a draft or cancelled conference's is not). */
const ENTERABLE = `('published', 'closed', 'held')`;

interface LinkRow {
  id: number;
  conference_id: number;
  cci_code: string;
  kind: 'guest' | 'user';
  name: string;
  title: string | null;
  company_name: string | null;
  conference_member_id: number | null;
}

export class RoomViewersRepository {
  constructor(
    private readonly pool: pg.Pool,
    private readonly db: Db,
    private readonly secret: Buffer,
  ) {}

  async staff(user: SessionUser, conferenceId: number): Promise<RoomViewer> {
    const { rows } = await this.pool.query<{ id: number }>('select id from conference where id = $1 and cci_code = $2', [
      conferenceId,
      user.cciCode,
    ]);
    if (!rows[0]) throw notFound();
    return {
      kind: 'admin',
      conferenceId,
      cciCode: user.cciCode,
      senderKey: `user:${user.username}`,
      name: user.displayName || user.email || user.username,
      org: null,
      actor: user.username,
    };
  }

  async company(user: SessionUser, conferenceId: number): Promise<RoomViewer> {
    if (user.companyId === null) throw notFound();
    const rows = (await this.db.execute(sql`
    select co.name1 as company_name
      from conference c join company co on co.id = ${user.companyId} and co.cci_code = c.cci_code
     where c.id = ${conferenceId} and c.cci_code = ${user.cciCode} and c.status in ${sql.raw(ENTERABLE)}
       and ${visibleToCompany('c', user.companyId)}`)) as unknown as { rows: { company_name: string | null }[] };
    const row = rows.rows[0];
    if (!row) throw notFound();
    const org = row.company_name ?? '';
    return {
      kind: 'company',
      conferenceId,
      cciCode: user.cciCode,
      senderKey: `user:${user.username}`,
      name: user.displayName || org || user.username,
      org,
      actor: user.username,
    };
  }

  /** The holder of a link token; 404 for a bad signature, a revoked or expired link, or a closed conference. */
  async link(token: string): Promise<RoomViewer> {
    const ids = verifyLink(this.secret, token);
    if (!ids) throw notFound();
    const { rows } = await this.pool.query<LinkRow>(
      `select l.id, l.conference_id, l.cci_code, l.kind, l.name, l.title, l.conference_member_id, co.name1 as company_name
       from room_link l
       join conference c on c.id = l.conference_id
       left join conference_member cm on cm.id = l.conference_member_id
       left join company co on co.id = cm.company_id
      where l.id = $1 and l.conference_id = $2 and l.revoked_at is null
        and now() < coalesce(c.end_at, c.event_date) + interval '1 day'
        and c.status in ${ENTERABLE}
        and (c.parent_id is null or exists (select 1 from conference p where p.id = c.parent_id and p.status in ${ENTERABLE}))`,
      [ids.linkId, ids.conferenceId],
    );
    const link = rows[0];
    if (!link) throw notFound();
    return {
      kind: link.kind,
      conferenceId: link.conference_id,
      cciCode: link.cci_code,
      senderKey: `link:${link.id}`,
      name: link.name,
      org: link.kind === 'user' ? link.company_name : null,
      actor: `room_link:${link.id}`,
      conferenceMemberId: link.conference_member_id,
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    roomViewers: RoomViewersRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('roomViewers', new RoomViewersRepository(app.pool, app.db, app.roomLinkSecret));
  },
  { name: 'room-viewers-repository', dependencies: ['database', 'room-link-secret'] },
);
