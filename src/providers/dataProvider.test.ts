import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { createDataProvider } from './dataProvider';
import { setNavigator } from '../api/navigation';

describe('dataProvider (DESIGN §5, spec §9 list defaults, §8)', () => {
  it('§9: getList sends page, page_size, sort, keyword and filters; reads meta.total', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('*/v1/cci/admin/master/companies', ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json({
          data: [{ id: 1 }],
          meta: { page: 2, page_size: 10, total: 11 },
        });
      }),
    );
    const result = await createDataProvider().getList('companies', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'company_code', order: 'DESC' },
      filter: { q: '商事', cci_code: 'TKY' },
    });
    expect(result).toEqual({ data: [{ id: 1 }], total: 11 });
    expect(Object.fromEntries(query!)).toEqual({
      page: '2',
      page_size: '10',
      sort: '-company_code',
      keyword: '商事',
      cci_code: 'TKY',
    });
  });

  it('§8: failures carry a Japanese message key and the status', async () => {
    setNavigator(vi.fn());
    server.use(http.get('*/v1/cci/admin/master/companies/5', () => HttpResponse.json({ code: 'x' }, { status: 503 })));
    await expect(createDataProvider().getOne('companies', { id: 5 })).rejects.toMatchObject({
      status: 503,
      message: 'kaigi.errors.http.service_unavailable',
    });
  });
});
