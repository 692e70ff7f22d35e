/**
 * The voter's 採決 through a personal room link (DESIGN.md §12.1, decision 0028): the open poll with
 * the voter's own vote and the 委任状 votes they carry, and a ballot. Shapes: the document's components
 * (src/api/schema.d.ts). No account: the link's anonymous client (no bearer, no /404 redirect).
 */
import type { Ballot, CurrentPoll, VoteSlot } from '../../api/schema';
import { anonymousClient, roomBasePath } from '../api';

export type { CurrentPoll, VoteSlot };
export type OpenPoll = NonNullable<CurrentPoll['poll']>;
export type VoteChoice = Ballot['choice'];
export const VOTE_CHOICES: readonly VoteChoice[] = ['yes', 'no', 'abstain'];

export const voteApi = (token: string) => {
  const base = roomBasePath({ kind: 'link', token });
  return {
    current: (signal?: AbortSignal) => anonymousClient.get<CurrentPoll>(`${base}/polls/current`, { signal }),
    cast: async (pollId: number, body: Ballot) =>
      (
        await anonymousClient.request<CurrentPoll>(`${base}/polls/${encodeURIComponent(String(pollId))}/ballot`, {
          method: 'PUT',
          body,
        })
      ).json,
  };
};
