/**
 * The room as one browser holds it, and how each server-sent event changes it (server/schemas/room.ts
 * ROOM_EVENT_KINDS): room / agenda merge a partial Room, stopwatch replaces the stopwatch (and
 * re-measures the clock offset), chat appends once per id, chat_deleted removes, comment (staff
 * only) replaces or adds by id. reception and quorum (staff only, issue 14) keep the desk's latest
 * counters and the latest 定足数 (the later `as_of` wins) for the staff's 受付・定足数 panel. vote
 * (everyone, decision 0034) keeps the latest 採決 state for the voter's screen (src/room/vote).
 */
import type { Motion, Poll, Quorum, ReceptionCounts } from '../api/schema';
import type { ChatMessage, Comment, Room, Stopwatch } from './api';

/**
 * The `vote` event (server/schemas/ballot.ts VoteEventPayload; an event, not a component of the
 * document): which poll and 議案 changed, no counts and no voter.
 */
export interface VoteEvent {
  poll: Pick<Poll, 'id' | 'method' | 'status'>;
  motion: Pick<Motion, 'id' | 'number' | 'title' | 'status' | 'result'>;
}

export interface RoomState {
  room: Room | null;
  chat: ChatMessage[];
  comments: Comment[];
  /** the latest `reception` event's counters (staff); null until one arrives */
  reception: ReceptionCounts | null;
  /** the latest `quorum` event (staff, when the conference sets one); null until one arrives */
  quorum: Quorum | null;
  /** the latest `vote` event (a poll opened, closed or declared); null until one arrives */
  vote: VoteEvent | null;
  /** server clock − this browser's clock, in ms (DESIGN.md §11.1: the same time in every browser) */
  clockOffset: number;
  connected: boolean;
  error: unknown;
}

export const initialRoomState: RoomState = {
  room: null,
  chat: [],
  comments: [],
  reception: null,
  quorum: null,
  vote: null,
  clockOffset: 0,
  connected: false,
  error: null,
};

export type RoomAction =
  | { type: 'loading' }
  | { type: 'loaded'; room: Room; chat: ChatMessage[]; comments: Comment[]; receivedAt: number }
  | { type: 'failed'; error: unknown }
  /** the room is no longer there for this viewer (a revoked or expired link) */
  | { type: 'gone'; error: unknown }
  | { type: 'connected'; value: boolean }
  /** a server-sent event, or the answer to this browser's own write applied the same way */
  | { type: 'event'; kind: string; data: unknown; receivedAt: number };

/**
 * The clock offset (DESIGN.md §11.1: every browser shows the same time). One sample is `server_now`
 * minus the moment it arrived here: the true offset less the time it took to arrive, never more.
 * So the largest sample is the best: a state that arrived late (a busy page, a slow load) cannot
 * move the display back, and each faster one brings it nearer the truth.
 */
const withOffset = (state: RoomState, stopwatch: Stopwatch, receivedAt: number): number => {
  const server = Date.parse(stopwatch.server_now);
  if (!Number.isFinite(server)) return state.clockOffset;
  const sample = server - receivedAt;
  return state.room ? Math.max(state.clockOffset, sample) : sample;
};

const appendChat = (chat: ChatMessage[], message: ChatMessage) =>
  chat.some((m) => m.id === message.id) ? chat : [...chat, message].sort((a, b) => a.id - b.id);

const upsertComment = (comments: Comment[], comment: Comment) =>
  comments.some((c) => c.id === comment.id) ? comments.map((c) => (c.id === comment.id ? comment : c)) : [...comments, comment];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const applyEvent = (state: RoomState, kind: string, data: unknown, receivedAt: number): RoomState => {
  if (!isObject(data)) return state;
  switch (kind) {
    case 'room':
    case 'agenda': {
      if (!state.room) return state;
      const room = { ...state.room, ...(data as Partial<Room>) };
      // a whole Room (a PUT's answer) carries a stopwatch: measure the clock again with it
      return isObject(data.stopwatch)
        ? { ...state, room, clockOffset: withOffset(state, room.stopwatch, receivedAt) }
        : { ...state, room };
    }
    case 'stopwatch': {
      const stopwatch = data as unknown as Stopwatch;
      return state.room
        ? { ...state, room: { ...state.room, stopwatch }, clockOffset: withOffset(state, stopwatch, receivedAt) }
        : state;
    }
    case 'chat':
      return { ...state, chat: appendChat(state.chat, data as unknown as ChatMessage) };
    case 'chat_deleted':
      return { ...state, chat: state.chat.filter((m) => m.id !== data.id) };
    case 'comment':
      return { ...state, comments: upsertComment(state.comments, data as unknown as Comment) };
    case 'reception':
      return isObject(data.counts) ? { ...state, reception: data.counts as unknown as ReceptionCounts } : state;
    case 'quorum': {
      const quorum = data as unknown as Quorum;
      if (typeof quorum.as_of !== 'string') return state;
      return state.quorum && Date.parse(state.quorum.as_of) > Date.parse(quorum.as_of) ? state : { ...state, quorum };
    }
    case 'vote':
      return isObject(data.poll) && isObject(data.motion) ? { ...state, vote: data as unknown as VoteEvent } : state;
    default:
      return state;
  }
};

export const roomReducer = (state: RoomState, action: RoomAction): RoomState => {
  switch (action.type) {
    case 'loading':
      return { ...state, error: null };
    case 'loaded':
      return {
        ...state,
        room: action.room,
        chat: [...action.chat].sort((a, b) => a.id - b.id),
        comments: action.comments,
        clockOffset: withOffset(state, action.room.stopwatch, action.receivedAt),
        error: null,
      };
    case 'failed':
      return { ...state, error: action.error };
    case 'gone':
      return { ...initialRoomState, error: action.error };
    case 'connected':
      return state.connected === action.value ? state : { ...state, connected: action.value };
    case 'event':
      return applyEvent(state, action.kind, action.data, action.receivedAt);
  }
};
