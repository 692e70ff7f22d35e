/**
 * The room's API for every layout kind (DESIGN.md §11.1, issue 12). Shapes: the document's
 * components (src/api/schema.d.ts, decision 0036).
 *
 * A `RoomSource` names whose room it is and so its base path:
 * - admin   (staff)        /v1/cci/admin/master/conferences/{id}/room
 * - company (company admin) /v1/company/conferences/{id}/room
 * - link    (no account)    /v1/room/{token}
 * Signed-in callers use the app's HTTP client (bearer, spec §9 retries, session loss). Link holders
 * have no session: their client sends no bearer, and a 404 (bad, expired or revoked token) is the
 * page's own message, not the /404 redirect.
 */
import type { ChatMessage, ChatMessageList, Comment, CommentList, Room, Stopwatch, StreamTicket } from '../api/schema';
import { buildUrl, createHttpClient, httpClient, type HttpClient } from '../api/httpClient';
import { apiBaseUrl } from '../config/runtimeConfig';
import { isHttpError } from '../api/errors';

export type { ChatMessage, Comment, Room, Stopwatch };
export type RoomKind = Room['kind'];
export type RoomStatus = Room['status'];

export type RoomSource =
  | { kind: 'admin'; conferenceId: string | number }
  | { kind: 'company'; conferenceId: string | number }
  | { kind: 'link'; token: string };

export const CHAT_MAX_LENGTH = 500;
export const COMMENT_MAX_LENGTH = 2000;

const id = (value: string | number) => encodeURIComponent(String(value));

export const roomBasePath = (source: RoomSource): string => {
  switch (source.kind) {
    case 'admin':
      return `/v1/cci/admin/master/conferences/${id(source.conferenceId)}/room`;
    case 'company':
      return `/v1/company/conferences/${id(source.conferenceId)}/room`;
    case 'link':
      return `/v1/room/${id(source.token)}`;
  }
};

/** A stable string for a source (effect dependencies, storage). */
export const sourceKey = (source: RoomSource): string => roomBasePath(source);

/** Link holders: no account, so no bearer, no session-loss path and no /404 redirect. */
export const anonymousClient = createHttpClient({
  getIdToken: async () => undefined,
  refreshIdToken: async () => undefined,
  onSessionExpired: async () => undefined,
  onWriteSucceeded: () => undefined,
  onNotFound: () => undefined,
});

export interface RoomApi {
  getRoom(signal?: AbortSignal): Promise<Room>;
  getChat(signal?: AbortSignal): Promise<ChatMessage[]>;
  getComments(signal?: AbortSignal): Promise<Comment[]>;
  postChat(body: string): Promise<ChatMessage>;
  postComment(body: string): Promise<Comment>;
  deleteChat(messageId: number): Promise<void>;
  /** The absolute EventSource URL resuming after `lastEventId` (a fresh ticket when signed in). */
  eventsUrl(lastEventId: number, signal?: AbortSignal): Promise<string>;
}

export const roomApi = (
  source: RoomSource,
  client: HttpClient = source.kind === 'link' ? anonymousClient : httpClient,
): RoomApi => {
  const base = roomBasePath(source);
  return {
    getRoom: (signal) => client.get<Room>(base, { signal }),
    getChat: async (signal) => (await client.get<ChatMessageList>(`${base}/chat`, { signal })).data,
    getComments: async (signal) => (await client.get<CommentList>(`${base}/comments`, { signal })).data,
    postChat: async (body) => (await client.request<ChatMessage>(`${base}/chat`, { method: 'POST', body: { body } })).json,
    postComment: async (body) => (await client.request<Comment>(`${base}/comments`, { method: 'POST', body: { body } })).json,
    deleteChat: async (messageId) => {
      await client.request(`${base}/chat/${id(messageId)}`, { method: 'DELETE' });
    },
    eventsUrl: async (lastEventId, signal) => {
      const query: Record<string, string | number> = { last_event_id: lastEventId };
      // EventSource cannot send a bearer header: signed-in users pass a one-minute single-use ticket.
      if (source.kind !== 'link') {
        const { json } = await client.request<StreamTicket>(`${base}/ticket`, { method: 'POST', signal });
        query.ticket = json.ticket;
      }
      return buildUrl(apiBaseUrl(), `${base}/events`, query);
    },
  };
};

/** GET /v1/company/conferences/{id}/room for the meeting page's 会議室に入る; null when there is no room (404). */
export const fetchCompanyRoomStatus = async (conferenceId: string, signal?: AbortSignal): Promise<RoomStatus | null> => {
  try {
    const room = await httpClient.get<Room>(roomBasePath({ kind: 'company', conferenceId }), {
      signal,
      redirectOnNotFound: false,
    });
    return room.status;
  } catch (error) {
    if (isHttpError(error) && error.status === 404) return null;
    throw error;
  }
};
