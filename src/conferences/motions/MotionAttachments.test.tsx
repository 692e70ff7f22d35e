/**
 * Files of a 議案 (issue 34) against MSW: the 議案 dialog uploads with the conference's attachments
 * editor (put_object_url, the bytes, a progress row) and sends { key, name, size } with 保存; a file
 * taken off after a confirmation is left out of the PUT; the 議案 tab lists the names and downloads
 * one through the chamber's get_object_url.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { loadSession } from '../../session/sessionStore';
import { signIn } from '../test/fixtures';
import { room } from '../room/test/fixtures';
import { renderStaff } from '../room/test/renderStaff';
import { MotionsTab } from './MotionsTab';
import { motion, serveMotions } from './test/fixtures';
import type { Motion } from './types';

const WAIT = { timeout: 10_000 };
const REPORT = { key: 'TKY/attachments/aaaa/事業報告書.pdf', name: '事業報告書.pdf', size: 126_464 };
const BUDGET = { key: 'TKY/attachments/bbbb/収支予算書.xlsx', name: '収支予算書.xlsx', size: 20_480 };

const renderTab = async () => {
  signIn();
  await loadSession('CCI_ADMIN');
  return renderStaff(room(), () => <MotionsTab conferenceId={1} />);
};

/** put_object_url issues a key under the chamber; the storage takes the bytes. */
const serveUpload = () => {
  const stored: number[] = [];
  server.use(
    http.post('*/v1/cci/TKY/common/s3/put_object_url', async ({ request }) => {
      const { file_name } = (await request.json()) as { file_name: string };
      const key = `TKY/attachments/cccc/${file_name}`;
      return HttpResponse.json({
        url: `/v1/storage/objects/${encodeURI(key)}?exp=9999999999&sig=abc`,
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        key,
        expires_at: '2099-01-01T00:00:00.000Z',
      });
    }),
    http.put('*/v1/storage/objects/*', async ({ request }) => {
      stored.push((await request.arrayBuffer()).byteLength);
      return new HttpResponse(null, { status: 200 });
    }),
  );
  return stored;
};

const pdf = (name: string, bytes = 3000) => new File([new Uint8Array(bytes).fill(37)], name, { type: 'application/pdf' });

describe('a 議案’s files', () => {
  it('uploads a file in the dialog and sends it with the 議案 on 保存; a file taken off is left out', async () => {
    const editing = motion({ attachments: [BUDGET] });
    const api = serveMotions([editing], [], ({ body }) =>
      HttpResponse.json({ ...editing, ...(body as Partial<Motion>), version: 2 }),
    );
    const stored = serveUpload();
    const user = userEvent.setup();
    await renderTab();
    await user.click(await screen.findByRole('button', { name: '「第1号議案」を編集' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: '議案の編集' });
    const list = within(dialog).getByRole('list', { name: '添付資料の一覧' });
    expect(within(list).getByText('収支予算書.xlsx')).toBeInTheDocument();
    expect(within(dialog).getByText(/1つの議案に20件まで/)).toBeInTheDocument();

    await user.upload(within(dialog).getByTestId('attachment-input'), pdf('事業報告書.pdf'));
    await waitFor(() => expect(within(list).getByText('事業報告書.pdf')).toBeInTheDocument(), WAIT);
    expect(stored).toEqual([3000]);

    await user.click(within(list).getByRole('button', { name: '「収支予算書.xlsx」を削除' }));
    const confirm = await screen.findByRole('dialog', { name: '添付資料を削除しますか？' });
    expect(confirm).toHaveTextContent('「収支予算書.xlsx」を議案の添付資料から外します。');
    await user.click(within(confirm).getByRole('button', { name: '確認' }));
    await waitFor(() => expect(within(list).queryByText('収支予算書.xlsx')).not.toBeInTheDocument(), WAIT);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '添付資料を削除しますか？' })).not.toBeInTheDocument(), WAIT);
    // nothing sent until 保存
    expect(api.sent).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.sent).toHaveLength(1), WAIT);
    expect((api.sent[0].body as { attachments: unknown }).attachments).toEqual([
      { key: 'TKY/attachments/cccc/事業報告書.pdf', name: '事業報告書.pdf', size: 3000 },
    ]);
  }, 30_000);

  it('a declared 議案 shows its files without upload or delete', async () => {
    serveMotions([motion({ status: 'declared', result: 'adopted', attachments: [REPORT] })]);
    const user = userEvent.setup();
    await renderTab();
    await user.click(await screen.findByRole('button', { name: '「第1号議案」を編集' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: '議案の編集' });
    expect(within(dialog).getByText('事業報告書.pdf')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'ファイルを選択' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '「事業報告書.pdf」を削除' })).not.toBeInTheDocument();
  }, 30_000);

  it('the 議案 tab lists the names and downloads one through get_object_url', async () => {
    serveMotions([motion({ attachments: [REPORT, BUDGET] }), motion({ id: 2, number: '第2号議案', title: '添付なし' })]);
    const paths: string[] = [];
    server.use(
      http.get('*/v1/cci/TKY/common/s3/get_object_url', ({ request }) => {
        paths.push(new URL(request.url).searchParams.get('path') ?? '');
        return HttpResponse.json({
          url: '/v1/storage/objects/x.pdf?exp=1&sig=s',
          file_name: '事業報告書.pdf',
          expires_at: '2099-01-01T00:00:00.000Z',
        });
      }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const user = userEvent.setup();
    await renderTab();
    const files = await screen.findByRole('list', { name: '第1号議案の添付資料' }, WAIT);
    expect(
      within(files)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['事業報告書.pdf', '収支予算書.xlsx']);
    expect(screen.queryByRole('list', { name: '第2号議案の添付資料' })).not.toBeInTheDocument();
    await user.click(within(files).getByRole('button', { name: '「事業報告書.pdf」をダウンロード' }));
    await waitFor(() => expect(clicked).toEqual(['事業報告書.pdf']), WAIT);
    expect(paths).toEqual([REPORT.key]);
  }, 30_000);
});
