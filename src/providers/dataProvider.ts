/**
 * react-admin dataProvider over the API conventions of DESIGN §5 and the paths of spec §7.
 *
 * - list → GET <path>?page=&page_size=&sort=-field&<filters>, answering { data, meta: { total } }
 *   (defaults page 1, page_size 10, spec §9); the filter `q` is sent as `keyword`.
 * - one → GET <path>/<id>; many → one GET per id; many-reference → list filtered by `target`.
 * - create → POST <path>; delete → DELETE <path>/<id>; deleteMany of conference_members is the
 *   bulk DELETE .../conference_members/delete { ids } (all or nothing), else one DELETE per id.
 * - update → PUT <path>/<id> carrying `version` (optimistic locking, DESIGN §5): `data.version`,
 *   else `previousData.version`. Server-managed fields (id, cci_code, created_*, updated_*, and a
 *   user's username) are left out because every update schema refuses unknown properties; shaping
 *   the rest of the body (e.g. a company's read-only attributes) is the screen's `transform`.
 *
 * Paths: resources.ts for the fixed ones; the chamber-scoped ones use the session's cci_code —
 * conference_templates → /v1/cci/{cci_code}/master/CCI_CONFERENCE_TEMPLATE, exports →
 * /v1/cci/{cci_code}/export, imports → /v1/cci/{cci_code}/import (DESIGN.md §11.4), master_data → /v1/cci/{cci_code}/master/{master_type_code} and
 * company/master_data → /v1/company/{cci_code}/master/{master_type_code}, where master_type_code
 * comes from filter.master_type_code (lists) or meta.master_type_code. users are keyed by username
 * (records get `id = username`).
 *
 * Failures become react-admin HttpErrors (see toRaError): `message` is a Japanese translation key
 * (spec §8 catalogue, or the problem code's own message), `status`, and `body` = the problem+json
 * (code, detail, current_version, …) whose `errors` is reshaped for react-admin's server-side
 * validation ({ attributes: { name1: '…' } }); the server's errors[] is kept as `body.field_errors`
 * and, with the whole problem, as `error.problem`.
 */
import { HttpError as RaHttpError, type DataProvider, type Identifier, type RaRecord } from 'react-admin';
import { httpClient as defaultClient, type HttpClient, type QueryValue, type RequestOptions } from '../api/httpClient';
import { formErrorsOf, isHttpError, type Problem } from '../api/errors';
import { sessionStore } from '../session/sessionStore';
import { resourcePath } from './resources';
import type { ImportChangePage, ImportChangesQuery } from '../imports/types';
import type {
  AnswerItem,
  ConferenceMemberUpdate,
  InviteResult,
  InviteRule,
  ListMeta,
  MailPreview,
  ReissuedPassword,
} from '../api/schema';

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;

export const CONFERENCE_TEMPLATE_MASTER_TYPE = 'CCI_CONFERENCE_TEMPLATE';

/** The caller's own record (GET and PUT on the collection path, whatever the id): the chamber's mail settings. */
const SINGLETONS: ReadonlySet<string> = new Set(['chamber_settings']);
/** the id react-admin knows a singleton by (<Edit id={SINGLETON_ID}>) */
export const SINGLETON_ID = 'own';

/** Not part of any update body (the server refuses unknown properties). */
const SERVER_MANAGED_FIELDS = ['id', 'cci_code', 'created_at', 'created_by', 'updated_at', 'updated_by'] as const;

/** A react-admin HttpError that also carries the API's problem details. */
export type ApiHttpError = RaHttpError & {
  problem: Problem | null;
  code?: string;
  detail?: string;
  currentVersion?: number;
  /** The session ended (issue 11): the user is on the way to /login; not a failure of the form. */
  sessionExpired?: boolean;
};

export const toRaError = (error: unknown): unknown => {
  if (!isHttpError(error)) return error;
  const problem = error.problem;
  const body = problem ? { ...problem, errors: formErrorsOf(problem), field_errors: error.fieldErrors } : error.body;
  return Object.assign(new RaHttpError(error.messageKey, error.status, body), {
    problem,
    code: error.code,
    detail: error.detail,
    currentVersion: error.currentVersion,
    sessionExpired: error.sessionExpired,
    cause: error,
  }) as ApiHttpError;
};

/**
 * Runs a call and maps its failure to react-admin's HttpError. The result type is the caller's:
 * react-admin's DataProvider methods are generic in the record type, which JSON cannot prove.
 */
const guard = async <T>(run: () => Promise<unknown>): Promise<T> => {
  try {
    return (await run()) as T;
  } catch (error) {
    throw toRaError(error);
  }
};

export const listQuery = (params: {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
  filter?: Record<string, unknown>;
}): Record<string, QueryValue> => {
  const { q, ...filters } = params.filter ?? {};
  const query: Record<string, QueryValue> = {
    page: params.pagination?.page ?? DEFAULT_PAGE,
    page_size: params.pagination?.perPage ?? DEFAULT_PAGE_SIZE,
  };
  if (params.sort?.field) {
    query.sort = `${params.sort.order === 'DESC' ? '-' : ''}${params.sort.field}`;
  }
  if (q !== undefined && q !== '') query.keyword = String(q);
  for (const [key, value] of Object.entries(filters)) {
    query[key] = value as QueryValue;
  }
  return query;
};

/** The chamber code of the signed-in user (chamber or company), from the loaded session. */
export const sessionCciCode = (): string | undefined => {
  const session = sessionStore.get();
  return session.cciUser?.cci_code ?? session.companyUser?.cci_code ?? undefined;
};

export interface DataProviderOptions {
  client?: HttpClient;
  /** The chamber code for the /v1/cci/{cci_code}/… and /v1/company/{cci_code}/… paths. */
  cciCode?: () => string | undefined;
}

/** Where a call of `resource` goes; `filter` is the list filter (master_type_code is taken out). */
interface Target {
  path: string;
  filter?: Record<string, unknown>;
}

/** The named calls of spec §7 that are not CRUD (issue 4 §2); use through useDataProvider(). */
export interface KaigiDataProviderExtras {
  /** PUT /v1/cci/admin/master/conferences/{id}/reset_sort_members (body {}). */
  resetSortMembers(conferenceId: Identifier): Promise<unknown>;
  /** POST /v1/cci/admin/master/members/{id}/user: the company's sign-in account from a member. */
  createUserFromMember(memberId: Identifier): Promise<unknown>;
  /** POST /v1/cci/admin/master/users/{username}/temporary_password → { username, temporary_password } (shown once). */
  reissueTemporaryPassword(username: Identifier): Promise<ReissuedPassword>;
  /** PUT /v1/cci/admin/master/positions/update_positions { items } (one transaction). */
  updatePositions(items: unknown[]): Promise<unknown>;
  /** DELETE /v1/cci/admin/master/conference_members/delete { ids } (all or nothing). */
  deleteConferenceMembers(ids: Identifier[]): Promise<unknown>;
  /** POST /v1/cci/admin/master/conference_members { mode: 'rule', conference_id, rule[, category] }. */
  inviteByRule(conferenceId: Identifier, rule: InviteRule, category?: string): Promise<unknown>;
  /** POST /v1/cci/admin/master/conference_members { mode: 'many', conference_id, member_ids[, category] }. */
  inviteMembers(conferenceId: Identifier, memberIds: Identifier[], category?: string): Promise<unknown>;
  /** POST /v1/company/conference_members/answer { answers }. */
  answer(answers: AnswerItem[]): Promise<unknown>;
  /** PUT /v1/cci/admin/master/conference_members/{id}: staff record or correct an answer (DESIGN.md §11.2). */
  recordAnswer(id: Identifier, body: ConferenceMemberUpdate): Promise<unknown>;
  /** POST /v1/cci/admin/master/conference_members { mode: 'parent', conference_id[, category] } → the rows created, the member ids skipped. */
  copyParentInvitees(conferenceId: Identifier, category?: string): Promise<InviteResult>;
  /** GET /v1/cci/admin/master/conferences/{id}/notifications → { data, meta, reminders }. */
  conferenceNotifications(conferenceId: Identifier, query: Record<string, QueryValue>, signal?: AbortSignal): Promise<unknown>;
  /** POST /v1/cci/admin/master/conferences/{id}/notifications: a staff-written message (preview: true writes nothing). */
  sendMessage(conferenceId: Identifier, body: Record<string, unknown>): Promise<unknown>;
  /** POST /v1/cci/admin/master/notifications/{id}/resend (failed rows only). */
  resendNotification(id: Identifier): Promise<unknown>;
  /** POST /v1/cci/admin/master/conferences/{id}/mail_preview: what a save would mail, to how many companies (issue 33). */
  mailPreview(conferenceId: Identifier, body: Record<string, unknown>): Promise<MailPreview>;
  /** POST /v1/cci/{cci_code}/import/{id}/apply: a succeeded dry run for real, as a new import job (DESIGN.md §11.4). */
  applyImport(id: Identifier): Promise<RaRecord>;
  /**
   * GET /v1/cci/{cci_code}/import/{id}/changes: a page of the rows the import changes, before → after
   * (issue 33), in the sheet's row order; without `fields` every row has all its fields.
   */
  importChanges(id: Identifier, query: ImportChangesQuery, signal?: AbortSignal): Promise<ImportChangePage>;
}

export type KaigiDataProvider = DataProvider & KaigiDataProviderExtras;

export const PATHS = {
  resetSortMembers: (id: Identifier) => `/v1/cci/admin/master/conferences/${encodeURIComponent(String(id))}/reset_sort_members`,
  memberUser: (id: Identifier) => `/v1/cci/admin/master/members/${encodeURIComponent(String(id))}/user`,
  temporaryPassword: (username: Identifier) =>
    `/v1/cci/admin/master/users/${encodeURIComponent(String(username))}/temporary_password`,
  updatePositions: '/v1/cci/admin/master/positions/update_positions',
  /** GET and PUT: the caller's own chamber as the sender of its mail (issue 33), a singleton */
  chamberSettings: '/v1/cci/admin/master/chamber_settings',
  conferenceMembers: '/v1/cci/admin/master/conference_members',
  deleteConferenceMembers: '/v1/cci/admin/master/conference_members/delete',
  answer: '/v1/company/conference_members/answer',
  conferenceNotifications: (id: Identifier) => `/v1/cci/admin/master/conferences/${encodeURIComponent(String(id))}/notifications`,
  resendNotification: (id: Identifier) => `/v1/cci/admin/master/notifications/${encodeURIComponent(String(id))}/resend`,
  mailPreview: (id: Identifier) => `/v1/cci/admin/master/conferences/${encodeURIComponent(String(id))}/mail_preview`,
} as const;

export const createDataProvider = (options: DataProviderOptions = {}): KaigiDataProvider => {
  const { client = defaultClient, cciCode = sessionCciCode } = options;

  const tenant = () => {
    const code = cciCode();
    if (!code) throw new Error('the session has no cci_code yet (session not loaded)');
    return encodeURIComponent(code);
  };

  const masterType = (resource: string, filter?: Record<string, unknown>, meta?: Record<string, unknown>) => {
    const type = filter?.master_type_code ?? meta?.master_type_code;
    if (typeof type !== 'string' || !type) {
      throw new Error(`${resource}: filter.master_type_code or meta.master_type_code is required`);
    }
    return encodeURIComponent(type);
  };

  const target = (resource: string, filter?: Record<string, unknown>, meta?: Record<string, unknown>): Target => {
    switch (resource) {
      case 'conference_templates':
        return { path: `/v1/cci/${tenant()}/master/${CONFERENCE_TEMPLATE_MASTER_TYPE}`, filter };
      case 'exports':
        return { path: `/v1/cci/${tenant()}/export`, filter };
      case 'imports':
        return { path: `/v1/cci/${tenant()}/import`, filter };
      case 'chamber_settings':
        return { path: PATHS.chamberSettings };
      case 'master_data':
      case 'company/master_data': {
        const audience = resource === 'master_data' ? 'cci' : 'company';
        const path = `/v1/${audience}/${tenant()}/master/${masterType(resource, filter, meta)}`;
        if (!filter) return { path };
        const { master_type_code: _typeInPath, ...rest } = filter;
        return { path, filter: rest };
      }
      default:
        return { path: resourcePath(resource), filter };
    }
  };

  const itemPath = (resource: string, id: Identifier, meta?: Record<string, unknown>) =>
    SINGLETONS.has(resource)
      ? target(resource, undefined, meta).path
      : `${target(resource, undefined, meta).path}/${encodeURIComponent(String(id))}`;

  /** users are keyed by username, a singleton by SINGLETON_ID: react-admin needs `id`. */
  const toRecord = (resource: string, row: unknown): RaRecord => {
    const record = row as RaRecord & { username?: string };
    if (SINGLETONS.has(resource) && record && typeof record === 'object') return { ...record, id: SINGLETON_ID };
    return resource === 'users' && record && typeof record === 'object' && record.username !== undefined
      ? { ...record, id: record.username }
      : record;
  };

  const send = async <T = unknown>(path: string, request: RequestOptions): Promise<T> =>
    (await client.request<T>(path, request)).json;

  const updateBody = (resource: string, params: { data: Record<string, unknown>; previousData?: Record<string, unknown> }) => {
    const body: Record<string, unknown> = { ...params.data };
    for (const field of SERVER_MANAGED_FIELDS) delete body[field];
    if (resource === 'users') delete body.username;
    // the chamber's name is shown beside its mail settings, never written through them
    if (resource === 'chamber_settings') delete body.name;
    const version = params.data.version ?? params.previousData?.version;
    if (version !== undefined) body.version = version;
    return body;
  };

  const getList: DataProvider['getList'] = (resource, params) =>
    guard(async () => {
      const { path, filter } = target(resource, params.filter, params.meta);
      const res = await client.get<{ data: RaRecord[]; meta?: ListMeta }>(path, {
        query: listQuery({ ...params, filter }),
        signal: params.signal,
      });
      return { data: res.data.map((row) => toRecord(resource, row)), total: res.meta?.total ?? res.data.length };
    });

  const getOne = (resource: string, id: Identifier, meta: Record<string, unknown> | undefined, signal?: AbortSignal) =>
    client.get<RaRecord>(itemPath(resource, id, meta), { signal }).then((row) => toRecord(resource, row));

  const extras: KaigiDataProviderExtras = {
    resetSortMembers: (conferenceId) => guard(() => send(PATHS.resetSortMembers(conferenceId), { method: 'PUT', body: {} })),
    createUserFromMember: (memberId) => guard(() => send(PATHS.memberUser(memberId), { method: 'POST' })),
    reissueTemporaryPassword: (username) => guard(() => send(PATHS.temporaryPassword(username), { method: 'POST' })),
    updatePositions: (items) => guard(() => send(PATHS.updatePositions, { method: 'PUT', body: { items } })),
    deleteConferenceMembers: (ids) => guard(() => send(PATHS.deleteConferenceMembers, { method: 'DELETE', body: { ids } })),
    inviteByRule: (conferenceId, rule, category) =>
      guard(() =>
        send(PATHS.conferenceMembers, {
          method: 'POST',
          body: { mode: 'rule', conference_id: conferenceId, rule, ...(category ? { category } : {}) },
        }),
      ),
    inviteMembers: (conferenceId, memberIds, category) =>
      guard(() =>
        send(PATHS.conferenceMembers, {
          method: 'POST',
          body: { mode: 'many', conference_id: conferenceId, member_ids: memberIds, ...(category ? { category } : {}) },
        }),
      ),
    answer: (answers) => guard(() => send(PATHS.answer, { method: 'POST', body: { answers } })),
    recordAnswer: (id, body) =>
      guard(() => send(`${PATHS.conferenceMembers}/${encodeURIComponent(String(id))}`, { method: 'PUT', body })),
    copyParentInvitees: (conferenceId, category) =>
      guard(() =>
        send(PATHS.conferenceMembers, {
          method: 'POST',
          body: { mode: 'parent', conference_id: conferenceId, ...(category ? { category } : {}) },
        }),
      ),
    conferenceNotifications: (conferenceId, query, signal) =>
      guard(() => client.get(PATHS.conferenceNotifications(conferenceId), { query, signal })),
    sendMessage: (conferenceId, body) => guard(() => send(PATHS.conferenceNotifications(conferenceId), { method: 'POST', body })),
    resendNotification: (id) => guard(() => send(PATHS.resendNotification(id), { method: 'POST' })),
    mailPreview: (id, body) => guard(() => send(PATHS.mailPreview(id), { method: 'POST', body })),
    applyImport: (id) => guard(() => send(`${itemPath('imports', id)}/apply`, { method: 'POST', body: {} })),
    importChanges: (id, query, signal) => guard(() => send(`${itemPath('imports', id)}/changes`, { query, signal })),
  };

  return {
    supportAbortSignal: true,
    getList,
    getOne: (resource, params) => guard(async () => ({ data: await getOne(resource, params.id, params.meta, params.signal) })),
    getMany: (resource, params) =>
      guard(async () => ({
        data: await Promise.all(params.ids.map((id) => getOne(resource, id, params.meta, params.signal))),
      })),
    getManyReference: (resource, params) =>
      getList(resource, {
        ...params,
        filter: { ...params.filter, [params.target]: params.id },
      }),
    create: (resource, params) =>
      guard(async () => ({
        data: toRecord(
          resource,
          await send(target(resource, undefined, params.meta).path, { method: 'POST', body: params.data }),
        ),
      })),
    update: (resource, params) =>
      guard(async () => ({
        data: toRecord(
          resource,
          await send(itemPath(resource, params.id, params.meta), { method: 'PUT', body: updateBody(resource, params) }),
        ),
      })),
    updateMany: (resource, params) =>
      guard(async () => {
        for (const id of params.ids) {
          await send(itemPath(resource, id, params.meta), { method: 'PUT', body: updateBody(resource, { data: params.data }) });
        }
        return { data: params.ids };
      }),
    delete: (resource, params) =>
      guard(async () => {
        const json = await send<unknown>(itemPath(resource, params.id, params.meta), { method: 'DELETE' });
        // 204 or a body that is not the record: react-admin gets the record it deleted.
        const deleted = json && typeof json === 'object' && 'id' in json ? (json as RaRecord) : null;
        return { data: toRecord(resource, deleted ?? params.previousData ?? { id: params.id }) };
      }),
    deleteMany: (resource, params) =>
      guard(async () => {
        if (resource === 'conference_members') {
          await send(PATHS.deleteConferenceMembers, { method: 'DELETE', body: { ids: params.ids } });
          return { data: params.ids };
        }
        for (const id of params.ids) {
          await send(itemPath(resource, id, params.meta), { method: 'DELETE' });
        }
        return { data: params.ids };
      }),
    ...extras,
  };
};

export const dataProvider = createDataProvider();
