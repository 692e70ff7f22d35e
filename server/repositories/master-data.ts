import fp from 'fastify-plugin';
import { and, eq } from 'drizzle-orm';
import { master_data } from '../db/schema.ts';
import type { MasterData } from '../schemas/master-data.ts';
import { containsKeyword } from '../lib/masters-contains.ts';
import { listQuerySchema, planList, runList, type ListResult, type ListSpec } from '../lib/list-query.ts';

type MasterDataRow = typeof master_data.$inferSelect;

/** spec §7: query master_code, master_code__startswith, page, page_size, sort, fields. */
export const MASTER_DATA_LIST: ListSpec = {
  id: master_data.id,
  sortable: {
    id: master_data.id,
    master_code: master_data.master_code,
    name: master_data.name,
    sort_order: master_data.sort_order,
    updated_at: master_data.updated_at,
  },
  defaultSort: ['sort_order', 'master_code'],
  filters: { master_code: { column: master_data.master_code, type: 'code', ops: ['eq', 'startswith'] } },
  // a type holds a handful of entries: a substring of the code or the name
  keyword: (keyword) => containsKeyword([master_data.master_code, master_data.name], keyword),
  fields: [
    'id',
    'cci_code',
    'master_type_code',
    'master_code',
    'name',
    'sort_order',
    'attributes',
    'version',
    'created_at',
    'updated_at',
  ],
};
export const MasterDataListQuery = listQuerySchema(MASTER_DATA_LIST);

export function toMasterData(row: MasterDataRow): MasterData {
  return {
    id: row.id,
    cci_code: row.cci_code,
    master_type_code: row.master_type_code,
    master_code: row.master_code,
    name: row.name,
    sort_order: row.sort_order,
    attributes: row.attributes,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export interface MasterDataRepository {
  /** The chamber's rows of one master type; an unknown type is an empty list (types are open-ended). */
  list(cciCode: string, masterTypeCode: string, query: Record<string, unknown>): Promise<ListResult<Partial<MasterData>>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    masterData: MasterDataRepository;
  }
}

export default fp(
  async (app) => {
    const repository: MasterDataRepository = {
      list(cciCode, masterTypeCode, query) {
        const base = [eq(master_data.cci_code, cciCode), eq(master_data.master_type_code, masterTypeCode)];
        return runList(app.db, master_data, planList(MASTER_DATA_LIST, query, [and(...base)]), toMasterData);
      },
    };
    app.decorate('masterData', repository);
  },
  { name: 'master-data-repository', dependencies: ['database'] },
);
