import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { amplify } from '../test/amplifyMock';
import { cciUserInfoOk, cciUser } from '../test/handlers';
import { renderAdmin } from '../common/testing/renderAdmin';
import masterData from '.';

const renderApp = (url: string) => renderAdmin(url, { master_data: masterData });

const row = (id: number, master_code: string, name: string, sort_order: number) => ({
  id,
  cci_code: 'TKY',
  master_type_code: 'cci_position_type',
  master_code,
  name,
  sort_order,
  attributes: {},
  version: 1,
  created_at: '2026-04-01T00:00:00Z',
  updated_at: '2026-11-21T05:00:00Z',
});

const POSITION_TYPES = [row(1, 'CCI_OFFICER', '役員', 1), row(2, 'CCI_SECTION', '部会', 2), row(3, 'CCI_BRANCH', '支部', 3)];

/** Records the master data calls; answers position types (filtered like the server) and templates. */
const masterApi = () => {
  const calls: URL[] = [];
  server.use(
    http.get('*/v1/cci/TKY/master/CCI_CONFERENCE_TEMPLATE', ({ request }) => {
      calls.push(new URL(request.url));
      return HttpResponse.json({
        data: [{ id: 5, conference_template_code: 'GENERAL_ASSEMBLY', name: '通常議員総会', updated_at: '2026-11-20T01:00:00Z' }],
        meta: { page: 1, page_size: 10, total: 1 },
      });
    }),
    http.get('*/v1/cci/TKY/master/:type', ({ request, params }) => {
      const url = new URL(request.url);
      calls.push(url);
      if (params.type !== 'cci_position_type') return HttpResponse.json({ data: [], meta: { page: 1, page_size: 10, total: 0 } });
      const exact = url.searchParams.get('master_code');
      const prefix = url.searchParams.get('master_code__startswith');
      const data = POSITION_TYPES.filter(
        (r) => (!exact || r.master_code === exact) && (!prefix || r.master_code.startsWith(prefix)),
      );
      return HttpResponse.json({ data, meta: { page: 1, page_size: 10, total: data.length } });
    }),
  );
  return calls;
};

const listCalls = (calls: URL[]) => calls.filter((u) => u.searchParams.get('page_size') === '10');

// react-admin keeps list params (filters, sort) in its localStorage store: start each test afresh
beforeEach(() => localStorage.clear());

describe('master data browser (issue 4 §3)', () => {
  it('lists cci_position_type in the server order with code, name, sort order and a dated update', async () => {
    amplify.signInAs('CCI_ADMIN');
    const calls = masterApi();
    server.use(cciUserInfoOk());
    renderApp('/master_data');
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    await within(table).findByText('役員');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['CCI_OFFICER', 'CCI_SECTION', 'CCI_BRANCH']);
    expect(within(rows[0]).getByText('2026/11/21(土) 14:00')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '役職種別' })).toHaveAttribute('aria-selected', 'true');
    const first = listCalls(calls)[0];
    expect(first.pathname).toBe('/v1/cci/TKY/master/cci_position_type');
    // no sort: the server's order (sort_order, master_code)
    expect(first.searchParams.has('sort')).toBe(false);
    expect(first.searchParams.has('master_type_code')).toBe(false);
  });

  it('filters by master_code prefix and by exact master_code', async () => {
    amplify.signInAs('CCI_ADMIN');
    const calls = masterApi();
    server.use(cciUserInfoOk());
    const user = userEvent.setup();
    renderApp('/master_data');
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    await within(table).findByText('役員');

    await user.type(screen.getByLabelText('コード（前方一致）'), 'CCI_B');
    await waitFor(() => expect(within(table).queryByText('役員')).not.toBeInTheDocument(), { timeout: 4000 });
    expect(within(table).getByText('支部')).toBeInTheDocument();
    expect(listCalls(calls).at(-1)!.searchParams.get('master_code__startswith')).toBe('CCI_B');

    await user.clear(screen.getByLabelText('コード（前方一致）'));
    await user.type(screen.getByLabelText('コード'), 'CCI_SECTION');
    await waitFor(() => expect(within(table).queryByText('支部')).not.toBeInTheDocument(), { timeout: 4000 });
    expect(within(table).getByText('部会')).toBeInTheDocument();
    expect(listCalls(calls).at(-1)!.searchParams.get('master_code')).toBe('CCI_SECTION');
  });

  it('switches the master type with the tabs (templates show their code, no sort order)', async () => {
    amplify.signInAs('CCI_ADMIN');
    const calls = masterApi();
    server.use(cciUserInfoOk());
    const user = userEvent.setup();
    renderApp('/master_data');
    await within(await screen.findByRole('table', {}, { timeout: 5000 })).findByText('役員');
    await user.click(screen.getByRole('tab', { name: '会議テンプレート' }));
    expect(await screen.findByText('通常議員総会')).toBeInTheDocument();
    expect(screen.getByText('GENERAL_ASSEMBLY')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: '表示順' })).not.toBeInTheDocument();
    const last = listCalls(calls).at(-1)!;
    expect(last.pathname).toBe('/v1/cci/TKY/master/CCI_CONFERENCE_TEMPLATE');
    expect(last.searchParams.has('sort')).toBe(false);
  });

  it('CCI_CONFERENCE_USER browses read-only: in the menu, no create or edit action, rows not links', async () => {
    amplify.signInAs('CCI_CONFERENCE_USER');
    masterApi();
    server.use(cciUserInfoOk({ ...cciUser, username: 'tky-staff', user_type: 'CCI_CONFERENCE_USER' }));
    renderApp('/master_data');
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    await within(table).findByText('役員');
    expect(screen.getByRole('menuitem', { name: 'マスタデータ' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /作成/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows an empty state when nothing matches, and clearing the filters keeps the master type', async () => {
    amplify.signInAs('CCI_ADMIN');
    const calls = masterApi();
    server.use(cciUserInfoOk());
    const user = userEvent.setup();
    renderApp('/master_data');
    await within(await screen.findByRole('table', {}, { timeout: 5000 })).findByText('役員');
    await user.type(screen.getByLabelText('コード（前方一致）'), 'ZZZ');
    expect(await screen.findByText('条件に一致するマスタデータはありません')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '絞り込み条件をクリア' }));
    expect(await screen.findByText('役員')).toBeInTheDocument();
    expect(listCalls(calls).at(-1)!.pathname).toBe('/v1/cci/TKY/master/cci_position_type');
  });
});
