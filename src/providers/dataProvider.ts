/**
 * react-admin dataProvider over the API conventions of DESIGN §5:
 * list → GET <path>?page=&page_size=&sort=-field&<filters> answering { data, meta: { total } };
 * one → GET <path>/<id>; create → POST <path>; update → PUT <path>/<id>; delete → DELETE <path>/<id>.
 * The filter `q` is sent as `keyword`. Failures become react-admin HttpErrors whose message is a
 * Japanese translation key (spec §8 catalogue, see api/errors.ts).
 */
import { HttpError as RaHttpError, type DataProvider, type RaRecord } from 'react-admin';
import { httpClient as defaultClient, type HttpClient, type QueryValue } from '../api/httpClient';
import { isHttpError } from '../api/errors';
import type { ListResponse } from '../api/types';
import { resourcePath } from './resources';

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;

const toRaError = (error: unknown): unknown =>
  isHttpError(error) ? new RaHttpError(error.messageKey, error.status, error.problem) : error;

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

const itemPath = (resource: string, id: RaRecord['id']) => `${resourcePath(resource)}/${encodeURIComponent(String(id))}`;

export const createDataProvider = (client: HttpClient = defaultClient): DataProvider => {
  const getList: DataProvider['getList'] = (resource, params) =>
    guard(async () => {
      const res = await client.get<ListResponse<RaRecord>>(resourcePath(resource), {
        query: listQuery(params),
        signal: params.signal,
      });
      return { data: res.data, total: res.meta?.total ?? res.data.length };
    });

  const getOne: DataProvider['getOne'] = (resource, params) =>
    guard(async () => ({
      data: await client.get<RaRecord>(itemPath(resource, params.id), { signal: params.signal }),
    }));

  return {
    getList,
    getOne,
    getMany: (resource, params) =>
      guard(async () => ({
        data: await Promise.all(params.ids.map((id) => client.get<RaRecord>(itemPath(resource, id), { signal: params.signal }))),
      })),
    getManyReference: (resource, params) =>
      getList(resource, {
        ...params,
        filter: { ...params.filter, [params.target]: params.id },
      }),
    create: (resource, params) =>
      guard(async () => ({
        data: (await client.request<RaRecord>(resourcePath(resource), { method: 'POST', body: params.data })).json,
      })),
    update: (resource, params) =>
      guard(async () => ({
        data: (
          await client.request<RaRecord>(itemPath(resource, params.id), {
            method: 'PUT',
            body: params.data,
          })
        ).json,
      })),
    updateMany: (resource, params) =>
      guard(async () => {
        for (const id of params.ids) {
          await client.request(itemPath(resource, id), { method: 'PUT', body: params.data });
        }
        return { data: params.ids };
      }),
    delete: (resource, params) =>
      guard(async () => {
        const res = await client.request<RaRecord>(itemPath(resource, params.id), {
          method: 'DELETE',
        });
        return { data: (res.json ?? params.previousData ?? { id: params.id }) as RaRecord };
      }),
    deleteMany: (resource, params) =>
      guard(async () => {
        for (const id of params.ids) {
          await client.request(itemPath(resource, id), { method: 'DELETE' });
        }
        return { data: params.ids };
      }),
  };
};

export const dataProvider = createDataProvider();
