/**
 * Issue 15 item 7 with the app's theme: 「コンテンツにスキップ」 is readable when focused (it was
 * white on the near-white page), and a list's pagination speaks Japanese (MUI's nav said
 * "pagination navigation").
 */
import { render, screen, within } from '@testing-library/react';
import Checkbox from '@mui/material/Checkbox';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { amplify } from '../test/amplifyMock';
import { cciUser, cciUserInfoOk } from '../test/handlers';
import { renderAdmin } from '../common/testing/renderAdmin';
import { theme } from '../theme';
import companies from '../companies';
import members from '../members';

const member = (id: number) => ({
  id,
  cci_code: 'TKY',
  company_id: 1,
  company_code: 'C001',
  name: `会員 ${id}`,
  name_kana: 'カイイン',
  start_at: '2026-04-01',
  end_at: null,
  version: 1,
  created_at: '2026-04-01T00:00:00.000Z',
  updated_at: '2026-04-01T00:00:00.000Z',
  company: { id: 1, company_code: 'C001', name1: '株式会社アクメ' },
});

/** 35 members, 10 a page: four pages. */
const signIn = () => {
  amplify.signInAs('CCI_ADMIN');
  server.use(
    cciUserInfoOk({ ...cciUser, user_type: 'CCI_ADMIN' }),
    http.get('*/v1/cci/admin/master/members', () =>
      HttpResponse.json({
        data: Array.from({ length: 10 }, (_, i) => member(i + 1)),
        meta: { page: 1, page_size: 10, total: 35 },
      }),
    ),
    http.get('*/v1/cci/admin/master/companies', () =>
      HttpResponse.json({ data: [], meta: { page: 1, page_size: 20, total: 0 } }),
    ),
  );
};

it('shows the focused skip link as white on the primary colour, not white on white', async () => {
  signIn();
  const user = userEvent.setup();
  renderAdmin('/members', { members, companies }, { theme });
  await screen.findByText('会員 1');
  await user.tab();
  const skip = screen.getByRole('button', { name: 'コンテンツにスキップ' });
  expect(skip).toHaveFocus();
  const style = getComputedStyle(skip);
  expect(style.color).toBe('rgb(255, 255, 255)');
  expect(style.backgroundColor).toBe('rgb(21, 101, 192)'); // #1565c0: 5.7:1 under white
});

it("names the list's pagination and its buttons in Japanese", async () => {
  signIn();
  renderAdmin('/members', { members, companies }, { theme });
  const nav = await screen.findByRole('navigation', { name: 'ページ選択' });
  expect(within(nav).getByRole('button', { name: '次のページに移動' })).toBeInTheDocument();
  expect(within(nav).getByRole('button', { name: '2ページに移動' })).toBeInTheDocument();
  expect(within(nav).getByRole('button', { name: '1ページ目' })).toHaveAttribute('aria-current', 'page');
  expect(screen.queryByRole('navigation', { name: 'pagination navigation' })).not.toBeInTheDocument();
});

it("names a checkbox labelled by aria-label on its input, not on MUI's span around it (react-admin's row checkbox)", () => {
  render(
    <ThemeProvider theme={createTheme(theme)}>
      <Checkbox aria-label="この行を選択" />
    </ThemeProvider>,
  );
  const checkbox = screen.getByRole('checkbox', { name: 'この行を選択' });
  expect(checkbox.tagName).toBe('INPUT');
  expect(checkbox.parentElement).not.toHaveAttribute('aria-label');
});

it("names the app bar's spinner while a list loads", async () => {
  signIn();
  server.use(http.get('*/v1/cci/admin/master/members', () => new Promise<never>(() => {})));
  renderAdmin('/members', { members, companies }, { theme });
  const banner = await screen.findByRole('banner');
  expect(await within(banner).findByRole('progressbar', { name: '読み込み中' })).toBeInTheDocument();
});
