/**
 * Staff calls of the live room (DESIGN.md §11.1; shapes in server/schemas/room.ts):
 *
 *   GET|PUT  /v1/cci/admin/master/conferences/{id}/room          (PUT: RoomUpdate with version; 409 on stale)
 *   PUT      …/room/stopwatch {action, label?}                   → Stopwatch
 *   PUT      …/room/comments/{comment_id} {status, version}      → Comment
 *   GET|POST …/room/links, DELETE …/room/links/{link_id}         (POST with Idempotency-Key → RoomLink, DELETE revokes)
 *
 * Failures are react-admin HttpErrors with the problem's `code` (toRaError), so apiErrorMessage and
 * isVersionConflict read them. A 404 of a comment or link (gone meanwhile) is told where it happened
 * instead of leaving for the not-found page.
 */
import { httpClient, type HttpClient, type RequestOptions } from '../../api/httpClient';
import { toRaError } from '../../providers/dataProvider';
import type { LinkCreate, RoomLinkList } from '../../api/schema';
import type { Comment, Room, RoomLink, RoomUpdate, Stopwatch, StopwatchAction, StopwatchLabel } from './types';

export const roomPath = (conferenceId: number) =>
  `/v1/cci/admin/master/conferences/${encodeURIComponent(String(conferenceId))}/room`;

export type LinkRequest = LinkCreate;

export const createRoomApi = (client: HttpClient = httpClient) => {
  const send = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
    try {
      return (await client.request<T>(path, options)).json;
    } catch (error) {
      throw toRaError(error);
    }
  };
  return {
    getRoom: (conferenceId: number, signal?: AbortSignal) => send<Room>(roomPath(conferenceId), { signal }),
    updateRoom: (conferenceId: number, body: RoomUpdate) => send<Room>(roomPath(conferenceId), { method: 'PUT', body }),
    stopwatch: (conferenceId: number, action: StopwatchAction, label?: StopwatchLabel) =>
      send<Stopwatch>(`${roomPath(conferenceId)}/stopwatch`, { method: 'PUT', body: label ? { action, label } : { action } }),
    updateComment: (conferenceId: number, comment: Pick<Comment, 'id' | 'version'>, status: Comment['status']) =>
      send<Comment>(`${roomPath(conferenceId)}/comments/${comment.id}`, {
        method: 'PUT',
        body: { status, version: comment.version },
        redirectOnNotFound: false,
      }),
    getLinks: (conferenceId: number, signal?: AbortSignal) =>
      send<RoomLinkList>(`${roomPath(conferenceId)}/links`, { signal }).then((res) => res.data),
    /** `idempotencyKey`: the same for a submission pressed again, so the server makes one link (issue 29) */
    createLink: (conferenceId: number, body: LinkRequest, idempotencyKey: string) =>
      send<RoomLink>(`${roomPath(conferenceId)}/links`, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    revokeLink: (conferenceId: number, linkId: number) =>
      send<unknown>(`${roomPath(conferenceId)}/links/${linkId}`, { method: 'DELETE', redirectOnNotFound: false }),
  };
};

export const roomApi = createRoomApi();

/** react-query keys of the staff room (shared with react-admin's QueryClient). */
export const roomKeys = {
  links: (conferenceId: number) => ['kaigi', 'room-staff', conferenceId, 'links'] as const,
};
