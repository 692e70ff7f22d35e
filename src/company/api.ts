/**
 * The portal's reads (spec §7 "Conferences"). Shapes: the OpenAPI document's components (the
 * generated src/api/schema.d.ts, issue 32).
 *
 * - GET /v1/company/conferences?answer_status=&hidden_happened=&expand=sub_conferences&sort=&page=&page_size=
 * - GET /v1/company/conferences/{id}?expand=sub_conferences,members,attachments
 *
 * Answers go through the dataProvider's `answer` (POST /v1/company/conference_members/answer) and
 * the own company through its `getOne`/`update` of `company/companies`.
 */
import type { CompanyConference, CompanyConferenceList, CompanyInvitee, CompanySubConference } from '../api/schema';
import { httpClient, type HttpClient, type QueryValue } from '../api/httpClient';
import type { WholeList } from '../api/wholeList';

export type { CompanyConference, CompanyInvitee, CompanySubConference };
export type AnswerContent = NonNullable<CompanyInvitee['answer_content']>;
export type AnswerStatus = CompanyConference['answer_status'];

export const ANSWER_CONTENTS: readonly AnswerContent[] = ['attend', 'absent', 'proxy_attend', 'delegate'];

export const CONFERENCES_PATH = '/v1/company/conferences';
export const DETAIL_EXPAND = 'sub_conferences,members,attachments';

export interface ConferenceListParams {
  answer_status?: AnswerStatus;
  hidden_happened?: boolean;
  sort?: string;
  page: number;
  page_size: number;
}

export const fetchConferences = (params: ConferenceListParams, signal?: AbortSignal, client: HttpClient = httpClient) =>
  client.get<WholeList<CompanyConferenceList, CompanyConference>>(CONFERENCES_PATH, {
    query: { ...params, expand: 'sub_conferences' } as Record<string, QueryValue>,
    signal,
  });

export const fetchConferenceDetail = (id: string | number, signal?: AbortSignal, client: HttpClient = httpClient) =>
  client.get<CompanyConference>(`${CONFERENCES_PATH}/${encodeURIComponent(String(id))}`, {
    query: { expand: DETAIL_EXPAND },
    signal,
  });

/** Query keys (react-query, shared with react-admin's QueryClient). */
export const portalKeys = {
  all: ['kaigi', 'company-portal'] as const,
  list: (tab: string, page: number) => ['kaigi', 'company-portal', 'conferences', tab, page] as const,
  detail: (id: string) => ['kaigi', 'company-portal', 'conference', id] as const,
};
