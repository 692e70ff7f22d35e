/**
 * The live conference room (issue 12, DESIGN.md §11.1): request and response shapes of the room
 * paths of staff (`/v1/cci/admin/master/conferences/{id}/room…`), company admins
 * (`/v1/company/conferences/{id}/room…`) and link holders (`/v1/room/{token}…`).
 */
import { Type, type Static } from 'typebox';
import { Nullable, RequiredText, RowId, Version } from './common.ts';
import { Text } from './conference.ts';

/** 待機中 → 開催中 → 終了 (staff); chat and comments are read-only once ended. */
export const ROOM_STATUSES = ['waiting', 'open', 'ended'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

/** spec §3 layout kind: staff, an invited company's admin, an invitee's personal link, a guest link. */
export const ROOM_KINDS = ['admin', 'company', 'user', 'guest'] as const;
export type RoomKind = (typeof ROOM_KINDS)[number];

/** What the stopwatch is timing: 発言時間 (a speaker's time) or 経過時間 (time since the start). */
export const STOPWATCH_LABELS = ['speaking', 'elapsed'] as const;
export const STOPWATCH_ACTIONS = ['start', 'pause', 'reset'] as const;

/** 未対応 / 回答済 / 非表示 (staff moderate comments). */
export const COMMENT_STATUSES = ['new', 'answered', 'hidden'] as const;

export const LINK_KINDS = ['guest', 'user'] as const;

/** DESIGN.md §11.1 limits. Lengths count characters (code points) after NFC. */
export const CHAT_MAX_LENGTH = 500;
export const COMMENT_MAX_LENGTH = 2000;
export const AGENDA_MAX_ITEMS = 50;

const DateTime = Type.String({ format: 'date-time' });

export const AgendaItemSchema = Type.Object(
  {
    title: RequiredText(200),
    presenter: Nullable(Text({ maxLength: 100 })),
    minutes: Nullable(Type.Integer({ minimum: 0, maximum: 1440 })),
  },
  { additionalProperties: false },
);
export type AgendaItem = Static<typeof AgendaItemSchema>;

/**
 * Every client shows `elapsed_ms + (server now − started_at)` while running, where server now is
 * its own clock corrected by the offset `server_now` − the client's time on receipt.
 */
export const StopwatchSchema = Type.Object({
  running: Type.Boolean(),
  elapsed_ms: Type.Integer(),
  started_at: Nullable(DateTime),
  label: Type.Enum(STOPWATCH_LABELS),
  server_now: DateTime,
});
export type Stopwatch = Static<typeof StopwatchSchema>;

/** Which panels staff have opened to the room (the client's own toggles are spec §3 client state). */
export const RoomPanelsSchema = Type.Object({ chat: Type.Boolean(), comment: Type.Boolean() }, { additionalProperties: false });

export const RoomAttachmentSchema = Type.Object({
  name: Type.String(),
  size: Type.Integer(),
  /** a signed download URL (staff and company admins); null for link holders */
  url: Nullable(Type.String()),
});

/** The info panel's conference facts. */
export const RoomConferenceSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  event_date: DateTime,
  end_at: Nullable(DateTime),
  place: Nullable(Type.String()),
  description: Nullable(Type.String()),
  attachments: Type.Array(RoomAttachmentSchema),
});

/** GET …/room: the room as the caller sees it; `kind` is the caller's layout kind. */
export const RoomSchema = Type.Object({
  conference: RoomConferenceSchema,
  status: Type.Enum(ROOM_STATUSES),
  kind: Type.Enum(ROOM_KINDS),
  /** the caller's name as it appears on its chat messages and comments */
  viewer_name: Type.String(),
  online_url: Nullable(Type.String()),
  agenda: Type.Array(AgendaItemSchema),
  /** index into agenda, or null */
  current_agenda: Nullable(Type.Integer()),
  stopwatch: StopwatchSchema,
  panels: RoomPanelsSchema,
  version: Type.Integer(),
  /** the id of the newest event: open the stream with it to miss nothing after this state */
  last_event_id: Type.Integer(),
});
export type Room = Static<typeof RoomSchema>;

/** PUT /v1/cci/admin/master/conferences/{id}/room (staff). */
export const RoomUpdateSchema = Type.Object(
  {
    version: Version,
    status: Type.Optional(Type.Enum(ROOM_STATUSES)),
    agenda: Type.Optional(Type.Array(AgendaItemSchema, { maxItems: AGENDA_MAX_ITEMS })),
    current_agenda: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: AGENDA_MAX_ITEMS - 1 }))),
    online_url: Type.Optional(Nullable(Type.String({ maxLength: 2000, pattern: '^https?://[^\\s\\u0000]+$' }))),
    panels: Type.Optional(RoomPanelsSchema),
  },
  { additionalProperties: false },
);
export type RoomUpdate = Static<typeof RoomUpdateSchema>;

/** PUT …/room/stopwatch (staff). */
export const StopwatchActionSchema = Type.Object(
  { action: Type.Enum(STOPWATCH_ACTIONS), label: Type.Optional(Type.Enum(STOPWATCH_LABELS)) },
  { additionalProperties: false },
);

/** Who wrote a message: 事務局 (admin), a company (its name in `sender_org`), an invitee, a guest. */
const SenderFields = {
  sender_kind: Type.Enum(ROOM_KINDS),
  sender_name: Type.String(),
  /** the company of a company admin or invitee; null for staff and guests */
  sender_org: Nullable(Type.String()),
};

export const ChatMessageSchema = Type.Object({
  id: Type.Integer(),
  body: Type.String(),
  ...SenderFields,
  created_at: DateTime,
  /** true on the caller's own messages (shown on the right) */
  own: Type.Boolean(),
});
export const ChatMessageListSchema = Type.Object({ data: Type.Array(ChatMessageSchema) });
export type ChatMessage = Static<typeof ChatMessageSchema>;

/**
 * POST …/room/chat and …/room/comments. The limit counts characters after NFC (server/lib/room/
 * text.ts), and a decomposed character (が as か + ゛) is two code points before it: the schema
 * only bounds what may arrive, at four code points a character.
 */
export const ChatCreateSchema = Type.Object(
  { body: Type.String({ minLength: 1, maxLength: CHAT_MAX_LENGTH * 4 }) },
  { additionalProperties: false },
);
export const CommentCreateSchema = Type.Object(
  { body: Type.String({ minLength: 1, maxLength: COMMENT_MAX_LENGTH * 4 }) },
  { additionalProperties: false },
);

export const CommentSchema = Type.Object({
  id: Type.Integer(),
  body: Type.String(),
  ...SenderFields,
  status: Type.Enum(COMMENT_STATUSES),
  created_at: DateTime,
  version: Type.Integer(),
});
export const CommentListSchema = Type.Object({ data: Type.Array(CommentSchema) });
export type Comment = Static<typeof CommentSchema>;

/** PUT …/room/comments/{comment_id} (staff): 回答済 / 非表示 / back to 未対応. */
export const CommentUpdateSchema = Type.Object(
  { status: Type.Enum(COMMENT_STATUSES), version: Version },
  { additionalProperties: false },
);

/** POST …/room/links (staff): a guest (来賓, 講師) by name, or an invitee by conference member. */
export const LinkCreateSchema = Type.Object(
  {
    kind: Type.Enum(LINK_KINDS),
    name: Type.Optional(RequiredText(100)),
    title: Type.Optional(Nullable(Text({ maxLength: 100 }))),
    conference_member_id: Type.Optional(RowId),
  },
  { additionalProperties: false },
);
export type LinkCreate = Static<typeof LinkCreateSchema>;

/**
 * POST …/room/links may carry `Idempotency-Key` (the SPA sends one per dialog submission): a request
 * repeating a key this user used on this room gets the link that key made, not a second one.
 */
export const LinkCreateHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[\\x21-\\x7e]+$' })),
});

export const RoomLinkSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(LINK_KINDS),
  name: Type.String(),
  title: Nullable(Type.String()),
  conference_member_id: Nullable(Type.Integer()),
  /** the page a holder opens: {origin}/room/{token} */
  url: Type.String(),
  expires_at: DateTime,
  revoked_at: Nullable(DateTime),
  created_at: DateTime,
});
export const RoomLinkListSchema = Type.Object({ data: Type.Array(RoomLinkSchema) });
export type RoomLink = Static<typeof RoomLinkSchema>;

/** POST …/room/ticket: a one-minute single-use ticket for EventSource (`?ticket=`). */
export const StreamTicketSchema = Type.Object({ ticket: Type.String(), expires_at: DateTime });

/** …/room/events query: `ticket` (browsers), `last_event_id` (EventSource cannot set Last-Event-ID on a new stream). */
export const EventsQuery = Type.Object(
  {
    ticket: Type.Optional(Type.String({ maxLength: 200 })),
    last_event_id: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  },
  { additionalProperties: false },
);

export const RoomIdParams = Type.Object({ id: RowId }, { additionalProperties: false });
export const MessageParams = Type.Object({ id: RowId, message_id: RowId }, { additionalProperties: false });
export const CommentParams = Type.Object({ id: RowId, comment_id: RowId }, { additionalProperties: false });
export const LinkParams = Type.Object({ id: RowId, link_id: RowId }, { additionalProperties: false });
export const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });

/**
 * Server-sent events (one stream per room): `event:` is the kind, `id:` the room's event number,
 * `data:` JSON. room and agenda: a partial Room to merge (room: status, online_url, panels, agenda,
 * current_agenda, version; agenda: agenda, current_agenda, version); stopwatch: Stopwatch (its
 * server_now is the moment the event is written); chat: ChatMessage; chat_deleted: {id};
 * comment: Comment (staff only); reception: {row: ReceptionRow, counts: ReceptionCounts} after a check-in,
 * undo or walk-in (staff only); quorum: Quorum (staff only, when the conference sets one; issue 14,
 * server/schemas/reception.ts); motion: {motion: Motion} or {deleted: id} after a 議案 is written, poll:
 * {poll, motion} after a poll closes or is declared, and {poll, motion, voted, live_counts?} while it is
 * open (opened, changed, a voter's ballot; `voted`: the voters who have voted; `live_counts` the tally
 * so far, 記名 with counts shown live only; decision 0038) — staff only; issue 34,
 * server/schemas/motion.ts, poll.ts, ballot.ts); vote: VoteEvent after each of those staff writes
 * (everyone: the voters' screens, no counts; server/schemas/ballot.ts, decision 0034). A comment line `: heartbeat` every 15 s.
 * link_revoked and access_changed are never sent as such: a revoked link's open streams, and at an
 * access change those of viewers who may no longer enter, get `access_revoked` {reason: the event's
 * kind} with the event's id and end; everyone else goes on (server/lib/room/hub.ts, issue 29).
 */
export const ROOM_EVENT_KINDS = [
  'room',
  'agenda',
  'stopwatch',
  'chat',
  'chat_deleted',
  'comment',
  'reception',
  'quorum',
  'motion',
  'poll',
  'vote',
  'link_revoked',
] as const;
export type RoomEventKind = (typeof ROOM_EVENT_KINDS)[number];

/** GET …/room/events: the room's server-sent events (DESIGN.md §11.1); written by lib/room/sse.ts, not serialised. */
export const RoomEventStreamResponse = {
  description: '会議室のイベント（text/event-stream）',
  content: { 'text/event-stream': { schema: Type.String() } },
};
