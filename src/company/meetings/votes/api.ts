/**
 * 書面議決 in the portal (DESIGN.md §12.1, issue 34): `GET|PUT
 * /v1/company/conference_members/{id}/written_votes` (the `WrittenVotes` component),
 * and the 委任先 through the answer (`delegate_to`, decision 0028).
 */
import { httpClient } from '../../../api/httpClient';
import type { WrittenVotes, WrittenVotesBody } from '../../../common/written-votes/WrittenVoteForm';

export type { WrittenVote, WrittenVotes } from '../../../common/written-votes/WrittenVoteForm';

const path = (id: number) => `/v1/company/conference_members/${encodeURIComponent(String(id))}/written_votes`;

export const writtenVotesKey = (id: number) => ['kaigi', 'company-portal', 'written-votes', id] as const;

export const fetchWrittenVotes = (id: number, signal?: AbortSignal) => httpClient.get<WrittenVotes>(path(id), { signal });

export const putWrittenVotes = async (id: number, votes: WrittenVotesBody) =>
  (await httpClient.request<WrittenVotes>(path(id), { method: 'PUT', body: { votes } })).json;

/** 委任状 with its 委任先 (null: the chair), based on the row's version as loaded. */
export const putDelegate = async (id: number, version: number, delegateTo: number | null) =>
  (
    await httpClient.request('/v1/company/conference_members/answer', {
      method: 'POST',
      body: { answers: [{ id, version, answer_content: 'delegate', delegate_to: delegateTo }] },
    })
  ).json;
