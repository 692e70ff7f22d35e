/**
 * Ways into a room without a bearer header (issue 12, DESIGN.md §11.1): links staff issue to
 * guests and invitees, and the one-minute single-use tickets a signed-in browser's EventSource
 * presents instead of its ID token.
 */
import fp from 'fastify-plugin';
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { Problem, notFound } from '../lib/problem.ts';
import type { LinkCreate, RoomLink } from '../schemas/room.ts';
import type { RoomViewer } from '../lib/room/viewers.ts';
import { signLink } from '../lib/room/link-token.ts';
import { addEvent, auditRoom, inTransaction, lockRoom } from './room-db.ts';

const TICKET_MS = 60_000;

interface LinkDbRow {
  id: number;
  conference_id: number;
  kind: 'guest' | 'user';
  name: string;
  title: string | null;
  conference_member_id: number | null;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: Date;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** A link expires a day after its conference ends (its start when no end is set). */
const LINK_COLUMNS = `l.id, l.conference_id, l.kind, l.name, l.title, l.conference_member_id, l.revoked_at, l.created_at,
  coalesce(c.end_at, c.event_date) + interval '1 day' as expires_at`;

export class RoomAccessRepository {
  constructor(
    private readonly pool: pg.Pool,
    private readonly secret: Buffer,
  ) {}

  /** `origin`: the SPA's; a link is {origin}/room/{token}. */
  private toLink(row: LinkDbRow, origin: string): RoomLink {
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      title: row.title,
      conference_member_id: row.conference_member_id,
      url: `${origin}/room/${signLink(this.secret, row.conference_id, row.id)}`,
      expires_at: row.expires_at.toISOString(),
      revoked_at: row.revoked_at ? row.revoked_at.toISOString() : null,
      created_at: row.created_at.toISOString(),
    };
  }

  async links(viewer: RoomViewer, origin: string): Promise<RoomLink[]> {
    const { rows } = await this.pool.query<LinkDbRow>(
      `select ${LINK_COLUMNS} from room_link l join conference c on c.id = l.conference_id
        where l.conference_id = $1 order by l.id desc`,
      [viewer.conferenceId],
    );
    return rows.map((row) => this.toLink(row, origin));
  }

  /**
   * A guest link names its holder; an invitee's link is bound to one of this conference's members.
   * With an idempotency key this user already used on this room, the link that key made
   * (`replayed`), or 422 `idempotency_key_reused` when it was made for another holder.
   */
  async createLink(
    viewer: RoomViewer,
    input: LinkCreate,
    origin: string,
    idempotencyKey: string | null = null,
  ): Promise<{ link: RoomLink; replayed: boolean }> {
    let name = input.name?.normalize('NFC');
    const title = input.title?.normalize('NFC') ?? null;
    const memberId = input.kind === 'user' ? input.conference_member_id : undefined;
    if (input.kind === 'user') {
      if (memberId === undefined) throw required('conference_member_id', '招待者を選んでください。');
      const { rows } = await this.pool.query<{ name: string }>(
        `select m.name from conference_member cm join member m on m.id = cm.member_id
          where cm.id = $1 and cm.conference_id = $2`,
        [memberId, viewer.conferenceId],
      );
      if (!rows[0]) throw new Problem(422, 'not_invited', 'この会議の招待者ではありません。');
      name ??= rows[0].name;
    } else if (input.conference_member_id !== undefined) {
      throw new Problem(400, 'validation_failed', 'ゲストのリンクに招待者は指定できません。', [
        { field: 'conference_member_id', code: 'not_allowed', message: 'only for kind user' },
      ]);
    }
    if (!name) throw required('name', '氏名を入力してください。');
    const holder = { kind: input.kind, name, title, conference_member_id: memberId ?? null };
    return inTransaction(this.pool, async (client) => {
      // a request with the same key still in its transaction: this insert waits for it, then skips
      const { rows } = await client.query<LinkDbRow>(
        `with l as (insert into room_link (cci_code, conference_id, kind, name, title, conference_member_id, created_by, idempotency_key)
                    values ($1, $2, $3, $4, $5, $6, $7, $8)
                    on conflict (conference_id, created_by, idempotency_key) where idempotency_key is not null do nothing
                    returning *)
         select ${LINK_COLUMNS} from l join conference c on c.id = l.conference_id`,
        [viewer.cciCode, viewer.conferenceId, input.kind, name, title, memberId ?? null, viewer.actor, idempotencyKey],
      );
      if (!rows[0]) return { link: await this.replay(client, viewer, idempotencyKey!, holder, origin), replayed: true };
      const link = this.toLink(rows[0], origin);
      await auditRoom(client, {
        cciCode: viewer.cciCode,
        actor: viewer.actor,
        action: 'create',
        entity: 'room_link',
        entityId: link.id,
        after: { kind: link.kind, name: link.name, title: link.title, conference_member_id: link.conference_member_id },
      });
      return { link, replayed: false };
    });
  }

  /** The link an earlier request with `key` made, if it was for the same holder. */
  private async replay(
    client: pg.PoolClient,
    viewer: RoomViewer,
    key: string,
    holder: Pick<LinkDbRow, 'kind' | 'name' | 'title' | 'conference_member_id'>,
    origin: string,
  ): Promise<RoomLink> {
    const { rows } = await client.query<LinkDbRow>(
      `select ${LINK_COLUMNS} from room_link l join conference c on c.id = l.conference_id
        where l.conference_id = $1 and l.created_by = $2 and l.idempotency_key = $3`,
      [viewer.conferenceId, viewer.actor, key],
    );
    const row = rows[0];
    const same = (Object.keys(holder) as (keyof typeof holder)[]).every((k) => row[k] === holder[k]);
    if (!same) {
      throw new Problem(422, 'idempotency_key_reused', 'この操作は別の内容ですでに送信されています。画面を開き直してください。');
    }
    return this.toLink(row, origin);
  }

  /** Revoked links answer 404 from then on; revoking twice is the same as once. */
  async revokeLink(viewer: RoomViewer, linkId: number): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await lockRoom(client, viewer.conferenceId);
      const { rows } = await client.query<{ revoked: boolean }>(
        `update room_link set revoked_at = coalesce(revoked_at, now()), revoked_by = coalesce(revoked_by, $3)
          where id = $1 and conference_id = $2 returning revoked_at = now() as revoked`,
        [linkId, viewer.conferenceId, viewer.actor],
      );
      if (!rows[0]) throw notFound();
      if (rows[0].revoked) {
        await addEvent(client, viewer.conferenceId, 'link_revoked', { sender_key: `link:${linkId}` });
        await auditRoom(client, {
          cciCode: viewer.cciCode,
          actor: viewer.actor,
          action: 'revoke',
          entity: 'room_link',
          entityId: linkId,
        });
      }
    });
  }

  async issueTicket(viewer: RoomViewer, username: string): Promise<{ ticket: string; expires_at: string }> {
    const ticket = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + TICKET_MS);
    await this.pool.query('delete from room_ticket where expires_at < now()');
    await this.pool.query('insert into room_ticket (ticket_hash, conference_id, username, expires_at) values ($1, $2, $3, $4)', [
      sha256(ticket),
      viewer.conferenceId,
      username,
      expiresAt,
    ]);
    return { ticket, expires_at: expiresAt.toISOString() };
  }

  /**
   * The username a stream ticket was issued to, if it is unused, unexpired and for this room; the
   * ticket is spent either way (the auth guard calls this for routes with `config.streamTicket`).
   */
  async redeemTicket(ticket: string, conferenceId: number): Promise<string | null> {
    const { rows } = await this.pool.query<{ username: string; conference_id: number; valid: boolean }>(
      'delete from room_ticket where ticket_hash = $1 returning username, conference_id, expires_at > now() as valid',
      [sha256(ticket)],
    );
    const row = rows[0];
    return row && row.valid && row.conference_id === conferenceId ? row.username : null;
  }
}

const required = (field: string, detail: string) =>
  new Problem(400, 'validation_failed', detail, [{ field, code: 'required', message: 'is required' }]);

declare module 'fastify' {
  interface FastifyInstance {
    roomAccess: RoomAccessRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('roomAccess', new RoomAccessRepository(app.pool, app.roomLinkSecret));
  },
  { name: 'room-access-repository', dependencies: ['database', 'room-link-secret'] },
);
