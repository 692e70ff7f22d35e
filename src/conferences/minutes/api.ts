/**
 * Calls of the 議事録 (issue 35, DESIGN.md §12.2; shapes in server/schemas/minutes.ts):
 *
 *   GET|PUT /v1/cci/admin/master/conferences/{id}/minutes        → MinutesView
 *   POST    …/minutes/finalise {revision}, …/minutes/publish {version} → Minutes
 *   GET     …/minutes/versions                                     → {data: versions with their diff}
 *   GET     /v1/company/conferences/{id}/minutes                   → the published final version
 */
import { httpClient, type HttpClient } from '../../api/httpClient';
import { conferencePath } from '../useStaffRoomEvents';
import type { CompanyMinutes, Minutes, MinutesUpdate, MinutesVersions, MinutesView } from './types';

export const createMinutesApi = (client: HttpClient = httpClient) => {
  const path = (id: number, rest = '') => `${conferencePath(id)}/minutes${rest}`;
  const send = async <T>(method: 'PUT' | 'POST', url: string, body: object) =>
    (await client.request<T>(url, { method, body })).json;
  return {
    get: (id: number, signal?: AbortSignal) => client.get<MinutesView>(path(id), { signal }),
    update: (id: number, body: MinutesUpdate) => send<MinutesView>('PUT', path(id), body),
    finalise: (id: number, revision: number) => send<Minutes>('POST', path(id, '/finalise'), { revision }),
    publish: (id: number, version: number) => send<Minutes>('POST', path(id, '/publish'), { version }),
    versions: (id: number, signal?: AbortSignal) => client.get<MinutesVersions>(path(id, '/versions'), { signal }),
    forCompany: (id: number, signal?: AbortSignal) =>
      client.get<CompanyMinutes>(`/v1/company/conferences/${id}/minutes`, { signal, redirectOnNotFound: false }),
  };
};

export const minutesApi = createMinutesApi();
