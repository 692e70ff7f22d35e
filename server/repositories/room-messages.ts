/**
 * Chat and comments of a room (issue 12, DESIGN.md §11.1). Kept with the conference (deleted chat
 * messages too, marked) and exported with it. Each write locks the room row, so the one-message-a-
 * second rule holds across API processes and the events keep their order.
 */
import fp from 'fastify-plugin';
import type pg from 'pg';
import { Problem, notFound } from '../lib/problem.ts';
import { versionConflict } from '../lib/db-errors.ts';
import type { RoomViewer } from '../lib/room/viewers.ts';
import type { ChatMessage, Comment } from '../schemas/room.ts';
import { addEvent, auditRoom, inTransaction, lockRoom, type RoomRow } from './room-db.ts';

/** DESIGN.md §11.1: at most one chat message a second per sender. */
export const CHAT_INTERVAL_MS = 1_000;
/** GET …/room/chat: the newest messages, oldest first. */
const CHAT_PAGE = 200;

interface ChatRow {
  id: number;
  body: string;
  sender_key: string;
  sender_kind: ChatMessage['sender_kind'];
  sender_name: string;
  sender_org: string | null;
  created_at: Date;
}

interface CommentRow extends Omit<ChatRow, 'id'> {
  id: number;
  status: Comment['status'];
  version: number;
}

const toChat = (row: ChatRow, senderKey: string): ChatMessage => ({
  id: row.id,
  body: row.body,
  sender_kind: row.sender_kind,
  sender_name: row.sender_name,
  sender_org: row.sender_org,
  created_at: row.created_at.toISOString(),
  own: row.sender_key === senderKey,
});

const toComment = (row: CommentRow): Comment => ({
  id: row.id,
  body: row.body,
  sender_kind: row.sender_kind,
  sender_name: row.sender_name,
  sender_org: row.sender_org,
  status: row.status,
  created_at: row.created_at.toISOString(),
  version: row.version,
});

const SENDER_COLUMNS = 'sender_key, sender_kind, sender_name, sender_org';

/**
 * A comment's event: for staff, and for its author, whose stream the hub lets it through by
 * `sender_key` (the key never leaves the server): 回答済 reaches the author live (issue 29 §6,
 * decision 0022).
 */
const addCommentEvent = (client: pg.ClientBase, conferenceId: number, row: CommentRow, comment: Comment) =>
  addEvent(client, conferenceId, 'comment', { ...comment, sender_key: row.sender_key }, 'staff');

/** Chat and comments are written while the room is waiting or open, into a panel staff opened. */
function checkWritable(room: RoomRow, panel: 'chat' | 'comment'): void {
  if (room.status === 'ended') throw new Problem(422, 'room_ended', '会議は終了しました。書き込みはできません。');
  if (!room.panels[panel]) {
    throw new Problem(
      422,
      'panel_closed',
      panel === 'chat' ? 'チャットは現在利用できません。' : 'コメントは現在受け付けていません。',
    );
  }
}

export class RoomMessagesRepository {
  constructor(private readonly pool: pg.Pool) {}

  async chat(viewer: RoomViewer): Promise<ChatMessage[]> {
    const { rows } = await this.pool.query<ChatRow>(
      `select * from (select id, body, ${SENDER_COLUMNS}, created_at from room_chat
                       where conference_id = $1 and deleted_at is null order by id desc limit ${CHAT_PAGE}) m
        order by id`,
      [viewer.conferenceId],
    );
    return rows.map((row) => toChat(row, viewer.senderKey));
  }

  /** 429 with Retry-After when the sender's previous message is less than a second old. */
  async postChat(viewer: RoomViewer, body: string): Promise<{ message: ChatMessage } | { retryAfterMs: number }> {
    return inTransaction(this.pool, async (client) => {
      const room = await lockRoom(client, viewer.conferenceId);
      checkWritable(room, 'chat');
      const { rows: last } = await client.query<{ wait_ms: number }>(
        `select ceil(${CHAT_INTERVAL_MS} - extract(epoch from clock_timestamp() - created_at) * 1000)::int as wait_ms
           from room_chat where conference_id = $1 and sender_key = $2 order by id desc limit 1`,
        [viewer.conferenceId, viewer.senderKey],
      );
      if (last[0] && last[0].wait_ms > 0) return { retryAfterMs: last[0].wait_ms };
      const { rows } = await client.query<ChatRow>(
        `insert into room_chat (cci_code, conference_id, ${SENDER_COLUMNS}, body, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, clock_timestamp())
         returning id, body, ${SENDER_COLUMNS}, created_at`,
        [viewer.cciCode, viewer.conferenceId, viewer.senderKey, viewer.kind, viewer.name, viewer.org, body],
      );
      const message = toChat(rows[0], viewer.senderKey);
      const { own: _own, ...shared } = message;
      await addEvent(client, viewer.conferenceId, 'chat', { ...shared, sender_key: viewer.senderKey });
      await auditRoom(client, {
        cciCode: viewer.cciCode,
        actor: viewer.actor,
        action: 'create',
        entity: 'room_chat',
        entityId: message.id,
        after: { body },
      });
      return { message };
    });
  }

  /** DELETE …/room/chat/{id} (staff): hidden from the room, kept (marked) for the record. */
  async deleteChat(viewer: RoomViewer, messageId: number): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await lockRoom(client, viewer.conferenceId);
      const { rows } = await client.query<{ body: string }>(
        `update room_chat set deleted_at = now(), deleted_by = $3
          where id = $1 and conference_id = $2 and deleted_at is null returning body`,
        [messageId, viewer.conferenceId, viewer.actor],
      );
      if (!rows[0]) throw notFound();
      await addEvent(client, viewer.conferenceId, 'chat_deleted', { id: messageId });
      await auditRoom(client, {
        cciCode: viewer.cciCode,
        actor: viewer.actor,
        action: 'delete',
        entity: 'room_chat',
        entityId: messageId,
        before: { body: rows[0].body },
      });
    });
  }

  /** Staff: every comment, newest first; others: their own. */
  async comments(viewer: RoomViewer): Promise<Comment[]> {
    const own = viewer.kind !== 'admin';
    const { rows } = await this.pool.query<CommentRow>(
      `select id, body, ${SENDER_COLUMNS}, status, created_at, version from room_comment
        where conference_id = $1 ${own ? 'and sender_key = $2' : ''} order by id desc`,
      own ? [viewer.conferenceId, viewer.senderKey] : [viewer.conferenceId],
    );
    return rows.map(toComment);
  }

  async postComment(viewer: RoomViewer, body: string): Promise<Comment> {
    return inTransaction(this.pool, async (client) => {
      const room = await lockRoom(client, viewer.conferenceId);
      checkWritable(room, 'comment');
      const { rows } = await client.query<CommentRow>(
        `insert into room_comment (cci_code, conference_id, ${SENDER_COLUMNS}, body, created_by, updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $8)
         returning id, body, ${SENDER_COLUMNS}, status, created_at, version`,
        [viewer.cciCode, viewer.conferenceId, viewer.senderKey, viewer.kind, viewer.name, viewer.org, body, viewer.actor],
      );
      const comment = toComment(rows[0]);
      await addCommentEvent(client, viewer.conferenceId, rows[0], comment);
      await auditRoom(client, {
        cciCode: viewer.cciCode,
        actor: viewer.actor,
        action: 'create',
        entity: 'room_comment',
        entityId: comment.id,
        after: { body },
      });
      return comment;
    });
  }

  /** PUT …/room/comments/{id} (staff): 回答済 / 非表示 / 未対応. */
  async updateComment(viewer: RoomViewer, commentId: number, status: Comment['status'], version: number): Promise<Comment> {
    return inTransaction(this.pool, async (client) => {
      await lockRoom(client, viewer.conferenceId);
      const { rows: found } = await client.query<{ status: string; version: number }>(
        'select status, version from room_comment where id = $1 and conference_id = $2',
        [commentId, viewer.conferenceId],
      );
      if (!found[0]) throw notFound();
      if (found[0].version !== version) throw versionConflict(found[0].version);
      const { rows } = await client.query<CommentRow>(
        `update room_comment set status = $2, version = version + 1, updated_at = now(), updated_by = $3
          where id = $1 returning id, body, ${SENDER_COLUMNS}, status, created_at, version`,
        [commentId, status, viewer.actor],
      );
      const comment = toComment(rows[0]);
      await addCommentEvent(client, viewer.conferenceId, rows[0], comment);
      await auditRoom(client, {
        cciCode: viewer.cciCode,
        actor: viewer.actor,
        action: 'update',
        entity: 'room_comment',
        entityId: commentId,
        before: { status: found[0].status },
        after: { status },
      });
      return comment;
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    roomMessages: RoomMessagesRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('roomMessages', new RoomMessagesRepository(app.pool));
  },
  { name: 'room-messages-repository', dependencies: ['database'] },
);
