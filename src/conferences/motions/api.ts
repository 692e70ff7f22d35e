/**
 * Staff calls of 議案 and 採決 (DESIGN.md §12.1; shapes in server/schemas/motion.ts, poll.ts):
 *
 *   GET|POST        /v1/cci/admin/master/conferences/{id}/motions
 *   GET|PUT|DELETE  …/motions/{motion_id}                     (GET: with its polls; PUT with version)
 *   POST            …/motions/{motion_id}/polls               {method, show_counts_live?, override_reason?}
 *   GET             …/motions/{motion_id}/polls/{poll_id}     (its progress and voters, decision 0038)
 *   PUT             …/motions/{motion_id}/polls/{poll_id}     {version, counts?, ballots?, show_counts_live?, status?}
 *   POST            …/motions/{motion_id}/polls/{poll_id}/declare {chair_decision?}
 *
 * Failures are react-admin HttpErrors with the problem's `code` (toRaError). A 404 of a 議案 (deleted
 * meanwhile) is told where it happened instead of leaving for the not-found page.
 */
import type { MotionList } from '../../api/schema';
import type { WholeList } from '../../api/wholeList';
import { httpClient, type HttpClient, type RequestOptions } from '../../api/httpClient';
import { toRaError } from '../../providers/dataProvider';
import { conferencePath } from '../useStaffRoomEvents';
import type {
  Motion,
  MotionCreate,
  MotionDetail,
  MotionUpdate,
  PollCreate,
  PollProgressRead,
  PollResult,
  PollUpdate,
} from './types';

/** A conference has a handful of 議案; the list's largest page holds them all. */
const PAGE_SIZE = 100;

export const motionsPath = (conferenceId: number) => `${conferencePath(conferenceId)}/motions`;

export const createMotionsApi = (client: HttpClient = httpClient) => {
  const send = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
    try {
      return (await client.request<T>(path, { redirectOnNotFound: false, ...options })).json;
    } catch (error) {
      throw toRaError(error);
    }
  };
  const one = (conferenceId: number, motionId: number) => `${motionsPath(conferenceId)}/${motionId}`;
  const polls = (conferenceId: number, motionId: number) => `${one(conferenceId, motionId)}/polls`;
  return {
    list: (conferenceId: number, signal?: AbortSignal) =>
      send<WholeList<MotionList, Motion>>(motionsPath(conferenceId), { signal, query: { page_size: PAGE_SIZE } }).then(
        (r) => r.data,
      ),
    get: (conferenceId: number, motionId: number, signal?: AbortSignal) =>
      send<MotionDetail>(one(conferenceId, motionId), { signal }),
    create: (conferenceId: number, body: MotionCreate) => send<Motion>(motionsPath(conferenceId), { method: 'POST', body }),
    update: (conferenceId: number, motionId: number, body: MotionUpdate) =>
      send<Motion>(one(conferenceId, motionId), { method: 'PUT', body }),
    remove: (conferenceId: number, motionId: number) => send<unknown>(one(conferenceId, motionId), { method: 'DELETE' }),
    openPoll: (conferenceId: number, motionId: number, body: PollCreate) =>
      send<PollResult>(polls(conferenceId, motionId), { method: 'POST', body }),
    getPoll: (conferenceId: number, motionId: number, pollId: number, signal?: AbortSignal) =>
      send<PollProgressRead>(`${polls(conferenceId, motionId)}/${pollId}`, { signal }),
    updatePoll: (conferenceId: number, motionId: number, pollId: number, body: PollUpdate) =>
      send<PollResult>(`${polls(conferenceId, motionId)}/${pollId}`, { method: 'PUT', body }),
    declare: (conferenceId: number, motionId: number, pollId: number, body: { chair_decision?: 'adopted' | 'rejected' }) =>
      send<PollResult>(`${polls(conferenceId, motionId)}/${pollId}/declare`, { method: 'POST', body }),
  };
};

export const motionsApi = createMotionsApi();
