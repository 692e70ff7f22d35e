/**
 * The company picker on /members/create (issue 15 item 2): while the search for the typed text is
 * on its way, the unfiltered options are gone and 「検索中…」 is shown; only the answer's options
 * are offered. The companies answer is held back until the test lets it go (no timing).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { amplify } from '../test/amplifyMock';
import { cciUser, cciUserInfoOk } from '../test/handlers';
import { renderAdmin } from '../common/testing/renderAdmin';
import companies from '../companies';
import positions from '../positions';
import members from '.';

const company = (id: number, name1: string, code: string) => ({
  id,
  cci_code: 'TKY',
  company_code: code,
  version: 1,
  attributes: { name1, admin_changed_info_flag: '0' },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});
const ACME = company(1, '株式会社アクメ', 'C001');
const MARUNOUCHI = company(2, '丸の内商事', 'C002');
const list = (rows: unknown[]) => HttpResponse.json({ data: rows, meta: { page: 1, page_size: 20, total: rows.length } });

it('hides the unfiltered companies and shows 検索中 until the typed search is answered, then offers only matches', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  amplify.signInAs('CCI_ADMIN');
  server.use(
    cciUserInfoOk({ ...cciUser, user_type: 'CCI_ADMIN' }),
    http.get('*/v1/cci/admin/master/companies', async ({ request }) => {
      const keyword = new URL(request.url).searchParams.get('keyword');
      if (keyword) {
        asked.push(keyword);
        await held;
      }
      return list([ACME, MARUNOUCHI].filter((c) => !keyword || c.attributes.name1.includes(keyword)));
    }),
    http.get('*/v1/cci/admin/master/members', () => list([])),
  );
  const user = userEvent.setup();
  renderAdmin('/members/create', { members, companies, positions });
  const picker = await screen.findByRole('combobox', { name: /事業所/ });
  await user.click(picker);
  expect(await screen.findByRole('option', { name: '株式会社アクメ（C001）' })).toBeInTheDocument();

  await user.type(picker, '丸の内');
  // before the debounce and while the request is held: nothing stale to click, and a loading state
  expect(screen.queryByRole('option', { name: '株式会社アクメ（C001）' })).not.toBeInTheDocument();
  expect(screen.getByText('検索中…').closest('[role="status"]')).toBeVisible();
  await waitFor(() => expect(asked).toContain('丸の内'));
  expect(screen.queryAllByRole('option')).toHaveLength(0);
  expect(screen.getByText('検索中…').closest('[role="status"]')).toBeVisible();

  release();
  expect(await screen.findByRole('option', { name: '丸の内商事（C002）' })).toBeInTheDocument();
  expect(screen.queryByRole('option', { name: '株式会社アクメ（C001）' })).not.toBeInTheDocument();
  expect(screen.queryByText('検索中…')).not.toBeInTheDocument();
});
