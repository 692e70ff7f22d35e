import type { HttpClient } from '../../api/httpClient';
import { createQuorumApi } from './api';

describe('quorum api', () => {
  it('listAll reads every page of 1 000 until the total, in order', async () => {
    const total = 2_345;
    const queries: unknown[] = [];
    const client = {
      get: async (path: string, options: { query: { page: number; perPage: number; filter: string } }) => {
        queries.push({ path, ...options.query });
        const { page, perPage } = options.query;
        const ids = Array.from(
          { length: Math.max(0, Math.min(perPage, total - (page - 1) * perPage)) },
          (_, i) => (page - 1) * perPage + i + 1,
        );
        return {
          data: ids.map((id) => ({ id })),
          meta: { total, page, perPage },
          counts: { expected: 0, checked_in: 0, not_arrived: 0 },
        };
      },
    } as unknown as HttpClient;

    const rows = await createQuorumApi(client).listAll(7, 'all');
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(queries).toEqual(
      [1, 2, 3].map((page) => ({ path: '/v1/cci/admin/master/conferences/7/check_ins', filter: 'all', page, perPage: 1000 })),
    );
  });
});
