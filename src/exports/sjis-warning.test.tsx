/**
 * Shift_JIS replacements said before download (issue 15 item 6): the export dialog warns when CSV
 * Shift_JIS is chosen, and the exports page names the changed cells (row, column, text) beside the
 * download button, which points at the warning for screen readers.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { amplify } from '../test/amplifyMock';
import { cciUser, cciUserInfoOk } from '../test/handlers';
import { renderAdmin } from '../common/testing/renderAdmin';
import companies from '../companies';
import exportsResource from '.';
import type { ExportJob } from './types';

const EXPORT = '*/v1/cci/TKY/export';
const MASTER = '*/v1/cci/admin/master';
const list = (rows: unknown[]) => HttpResponse.json({ data: rows, meta: { page: 1, page_size: 25, total: rows.length } });

const signIn = () => {
  amplify.signInAs('CCI_ADMIN');
  server.use(cciUserInfoOk({ ...cciUser, user_type: 'CCI_ADMIN' }));
};

const replacements = Array.from({ length: 5 }, (_, i) => ({
  row: i + 3,
  column: '氏名',
  value: `𠮷田 ${i + 1}郎`,
  chars: '𠮷',
}));

const sjisJob: ExportJob = {
  id: 4,
  cci_code: 'TKY',
  created_by: 'tky-admin',
  type: 'members',
  format: 'csv_sjis',
  params: { order: 'protocol', date_style: 'western', as_of: '2026-04-01' },
  status: 'succeeded',
  error: null,
  progress_done: 120,
  progress_total: 120,
  replaced_char_count: 6,
  replacements,
  file_key: 'TKY/exports/4/会員一覧_20261121_SJIS.csv',
  file_name: '会員一覧_20261121_SJIS.csv',
  created_at: '2026-11-21T05:00:00.000Z',
  started_at: '2026-11-21T05:00:01.000Z',
  finished_at: '2026-11-21T05:00:03.000Z',
  expires_at: '2026-11-28T05:00:03.000Z',
  expired: false,
};

describe('Shift_JIS replacements', () => {
  it(
    'the exports page names the changed cells beside the download, and suggests UTF-8 or XLSX',
    { timeout: 45_000 },
    async () => {
      signIn();
      server.use(
        http.get(EXPORT, () => list([sjisJob])),
        http.get(`${MASTER}/users`, () => list([{ username: 'tky-admin', display_name: '東京 太郎' }])),
      );
      const user = userEvent.setup();
      renderAdmin('/exports', { exports: exportsResource });

      // the lazy list's first load in this file compiles it: more than the usual 5 s on a loaded machine
      const download = await screen.findByRole(
        'button',
        { name: '会員一覧_20261121_SJIS.csv をダウンロード' },
        { timeout: 20_000 },
      );
      const row = download.closest('tr')!;
      expect(within(row).getByText('Shift_JIS で表せない 6 文字を「〓」に置き換えました。')).toBeInTheDocument();
      // the first three cells, by the row a spreadsheet shows, the column and the text as it was
      expect(
        within(row)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['3行目 氏名「𠮷田 1郎」（𠮷）', '4行目 氏名「𠮷田 2郎」（𠮷）', '5行目 氏名「𠮷田 3郎」（𠮷）']);
      expect(
        within(row).getByText('元の文字のまま出力するには、CSV UTF-8 または Excel（XLSX）で出力し直してください。'),
      ).toBeInTheDocument();
      // heard with the download button, before it is pressed
      expect(download).toHaveAccessibleDescription(/Shift_JIS で表せない 6 文字.*3行目 氏名「𠮷田 1郎」/);

      await user.click(within(row).getByRole('button', { name: 'ほか 2 か所を表示' }));
      expect(within(row).getAllByRole('listitem')).toHaveLength(5);
      expect(within(row).getByText('7行目 氏名「𠮷田 5郎」（𠮷）')).toBeInTheDocument();
    },
  );

  it('the export dialog warns before the job is made when CSV Shift_JIS is chosen', async () => {
    signIn();
    const company = { id: 1, cci_code: 'TKY', company_code: 'C001', version: 1, attributes: { name1: '株式会社アクメ' } };
    server.use(http.get(`${MASTER}/companies`, () => list([company])));
    const user = userEvent.setup();
    renderAdmin('/companies', { companies, exports: exportsResource });

    await user.click(await screen.findByRole('button', { name: '出力' }));
    const dialog = await screen.findByRole('dialog', { name: '事業所一覧を出力' });
    const notice = /Shift_JIS で表せない文字.*「〓」に置き換わります/;
    expect(within(dialog).queryByText(notice)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'CSV Shift_JIS' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(notice);
    expect(within(dialog).getByRole('status')).toHaveTextContent('CSV UTF-8 か Excel（XLSX）を選んでください');
    await user.click(within(dialog).getByRole('radio', { name: 'CSV UTF-8（BOM付き、Excel向け）' }));
    expect(within(dialog).queryByText(notice)).not.toBeInTheDocument();
  });
});
