/**
 * 添付資料 tab of the conference edit page (issue 6) against MSW: the list with sizes, the client-side
 * refusal of a wrong type or a file over 20 MB (no request made), the upload with its progress bar
 * and the versioned update that adds { key, name, size }, a 409 that reloads and adds again, the
 * server's Japanese error, delete with a confirmation, and download through get_object_url.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { renderAdmin } from '../../common/testing/renderAdmin';
import conferences from '..';
import { API, detail, signIn } from '../test/fixtures';
import type { Conference } from '../types';

const WAIT = { timeout: 5000 };
const PUT_URL = '*/v1/cci/TKY/common/s3/put_object_url';
const GET_URL = '*/v1/cci/TKY/common/s3/get_object_url';
const STORAGE = '*/v1/storage/objects/*';

const AGENDA = { key: 'TKY/attachments/11111111-aaaa/議事次第.pdf', name: '議事次第.pdf', size: 126_464 };
const MINUTES = { key: 'TKY/attachments/22222222-bbbb/議事録.docx', name: '議事録.docx', size: 2_621_440 };

const problem = (status: number, body: Record<string, unknown>) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'Error', status, errors: [], ...body },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

const deferred = () => {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
};

/** The conference as the server holds it: GET answers it, a PUT with its version replaces it. */
const conferenceApi = (initial: Partial<Conference>) => {
  const state = { record: detail(initial) as Conference & { sub_conferences: Conference[] } };
  const puts: Array<Record<string, unknown>> = [];
  server.use(
    http.get(`${API}/conferences/1`, () => HttpResponse.json(state.record)),
    http.put(`${API}/conferences/1`, async ({ request }) => {
      const body = (await request.json()) as { version: number; attachments: Conference['attachments'] };
      puts.push(body);
      if (body.version !== state.record.version)
        return problem(409, {
          code: 'version_conflict',
          detail: '他のユーザーが先に更新しました。',
          current_version: state.record.version,
        });
      state.record = { ...state.record, attachments: body.attachments, version: state.record.version + 1 };
      return HttpResponse.json(state.record);
    }),
  );
  return { state, puts };
};

const uploadApi = (opts: { hold?: Promise<void> } = {}) => {
  const asked: Array<Record<string, unknown>> = [];
  const stored: Array<{ contentType: string | null; size: number }> = [];
  server.use(
    http.post(PUT_URL, async ({ request }) => {
      const body = (await request.json()) as { file_name: string };
      asked.push(body);
      const key = `TKY/attachments/33333333-cccc/${body.file_name}`;
      return HttpResponse.json({
        url: `/v1/storage/objects/${encodeURI(key)}?exp=9999999999&sig=abc`,
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        key,
        expires_at: '2099-01-01T00:00:00.000Z',
      });
    }),
    http.put(STORAGE, async ({ request }) => {
      const bytes = await request.arrayBuffer();
      await opts.hold;
      stored.push({ contentType: request.headers.get('content-type'), size: bytes.byteLength });
      return new HttpResponse(null, { status: 200 });
    }),
  );
  return { asked, stored };
};

const pdf = (name = '案内状.pdf', bytes = 3000) => new File([new Uint8Array(bytes).fill(37)], name, { type: 'application/pdf' });

const openTab = async () => {
  renderAdmin('/conferences/1/attachments', { conferences });
  return screen.findByRole('region', { name: /^添付資料/ }, WAIT);
};

describe('conference attachments tab', () => {
  it('lists the attachments with their sizes, and downloads one through get_object_url', async () => {
    signIn();
    conferenceApi({ attachments: [AGENDA, MINUTES] });
    const paths: string[] = [];
    server.use(
      http.get(GET_URL, ({ request }) => {
        paths.push(new URL(request.url).searchParams.get('path') ?? '');
        return HttpResponse.json({
          url: '/v1/storage/objects/TKY/attachments/11111111-aaaa/x.pdf?exp=1&sig=s',
          file_name: '議事次第.pdf',
          expires_at: '2099-01-01T00:00:00.000Z',
        });
      }),
    );
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const user = userEvent.setup();
    const tab = await openTab();
    expect(screen.getByRole('tab', { name: '添付資料', selected: true })).toBeInTheDocument();
    const list = await within(tab).findByRole('list', { name: '添付資料の一覧' }, WAIT);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('議事次第.pdf')).toBeInTheDocument();
    expect(within(items[0]).getByText('サイズ: 124 KB')).toBeInTheDocument();
    expect(within(items[1]).getByText('サイズ: 2.5 MB')).toBeInTheDocument();
    expect(within(tab).getByText('2件 / 20件')).toBeInTheDocument();

    await user.click(within(items[0]).getByRole('button', { name: '「議事次第.pdf」をダウンロード' }));
    await waitFor(() => expect(clicked).toHaveLength(1), WAIT);
    expect(paths).toEqual([AGENDA.key]);
    expect(clicked[0].href).toMatch(
      /^http:\/\/[^/]+\/v1\/storage\/objects\/TKY\/attachments\/11111111-aaaa\/x\.pdf\?exp=1&sig=s$/,
    );
    expect(clicked[0].download).toBe('議事次第.pdf');
  }, 30_000);

  it('a download that fails says so in Japanese and stays on the page (no jump to /404)', async () => {
    signIn();
    conferenceApi({ attachments: [AGENDA] });
    server.use(http.get(GET_URL, () => problem(404, { code: 'not_found', detail: 'ファイルが見つかりません。' })));
    const user = userEvent.setup();
    const tab = await openTab();
    await user.click(await within(tab).findByRole('button', { name: '「議事次第.pdf」をダウンロード' }, WAIT));
    const alert = await within(tab).findByRole('alert', {}, WAIT);
    expect(alert).toHaveTextContent(
      '「議事次第.pdf」をダウンロードできませんでした: ファイルが見つかりません。削除された可能性があります。',
    );
    expect(within(tab).getByRole('list', { name: '添付資料の一覧' })).toBeInTheDocument();
  }, 30_000);

  it('refuses a file of another type or over 20 MB in the browser, without asking the server', async () => {
    signIn();
    const { puts } = conferenceApi({ attachments: [] });
    const { asked } = uploadApi();
    const user = userEvent.setup({ applyAccept: false });
    const tab = await openTab();
    expect(await within(tab).findByText('添付資料はありません。', {}, WAIT)).toBeInTheDocument();

    const big = pdf('資料集.pdf', 10);
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    const exe = new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' });
    await user.upload(within(tab).getByTestId('attachment-input'), [exe, big]);

    const alerts = await within(tab).findAllByRole('alert', {}, WAIT);
    expect(alerts.map((a) => a.textContent)).toEqual([
      '「setup.exe」はアップロードできない種類のファイルです。PDF、Excel（xlsx）、Word（docx）、PowerPoint（pptx）、PNG、JPEG を選んでください。',
      '「資料集.pdf」は 21.0 MB あり、20 MB を超えるためアップロードできません。',
    ]);
    expect(asked).toEqual([]);
    expect(puts).toEqual([]);

    await user.click(within(alerts[0]).getByRole('button', { name: 'このメッセージを閉じる' }));
    await waitFor(() => expect(within(tab).getAllByRole('alert')).toHaveLength(1));
  }, 30_000);

  it('uploads with a progress bar, then adds { key, name, size } with the conference’s version', async () => {
    signIn();
    const { puts } = conferenceApi({ attachments: [AGENDA] });
    const gate = deferred();
    const { asked, stored } = uploadApi({ hold: gate.promise });
    const user = userEvent.setup();
    const tab = await openTab();
    await within(tab).findByText('議事次第.pdf', {}, WAIT);

    await user.upload(within(tab).getByTestId('attachment-input'), pdf('案内状.pdf', 3000));
    const progress = await within(tab).findByRole('progressbar', { name: '「案内状.pdf」のアップロードの進み具合' }, WAIT);
    expect(progress).toHaveAttribute('aria-valuetext', expect.stringMatching(/^\d+%$/));
    expect(within(tab).getByText('「案内状.pdf」をアップロード中')).toBeInTheDocument();
    await waitFor(() => expect(asked).toHaveLength(1), WAIT);
    expect(asked[0]).toEqual({
      file_name: '案内状.pdf',
      content_type: 'application/pdf',
      size: 3000,
      purpose: 'conference_attachment',
    });

    gate.release();
    await waitFor(() => expect(puts).toHaveLength(1), WAIT);
    expect(stored).toEqual([{ contentType: 'application/pdf', size: 3000 }]);
    expect(puts[0]).toEqual({
      version: 4,
      attachments: [AGENDA, { key: 'TKY/attachments/33333333-cccc/案内状.pdf', name: '案内状.pdf', size: 3000 }],
    });
    expect(await screen.findByText('「案内状.pdf」を追加しました。', {}, WAIT)).toBeInTheDocument();
    const list = within(tab).getByRole('list', { name: '添付資料の一覧' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2), WAIT);
    expect(within(tab).queryByRole('progressbar')).not.toBeInTheDocument();
  }, 30_000);

  it('409: reads the conference again and adds the file to what someone else saved meanwhile', async () => {
    signIn();
    const { state, puts } = conferenceApi({ attachments: [] });
    uploadApi();
    const user = userEvent.setup();
    const tab = await openTab();
    await within(tab).findByText('添付資料はありません。', {}, WAIT);
    // another user adds the minutes meanwhile
    state.record = { ...state.record, version: 5, attachments: [MINUTES] };

    await user.upload(within(tab).getByTestId('attachment-input'), pdf('案内状.pdf', 2048));
    await waitFor(() => expect(puts.at(-1)).toMatchObject({ version: 5 }), WAIT);
    expect(puts.at(-1)).toEqual({
      version: 5,
      attachments: [MINUTES, { key: 'TKY/attachments/33333333-cccc/案内状.pdf', name: '案内状.pdf', size: 2048 }],
    });
    expect(
      await screen.findByText('他のユーザーが会議を更新していたため、最新の内容を読み込んで保存し直しました。', {}, WAIT),
    ).toBeInTheDocument();
    const list = await within(tab).findByRole('list', { name: '添付資料の一覧' }, WAIT);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2), WAIT);
  }, 30_000);

  it('shows the server’s refusal in Japanese (file_extension_mismatch) and adds nothing', async () => {
    signIn();
    const { puts } = conferenceApi({ attachments: [] });
    server.use(
      http.post(PUT_URL, () =>
        problem(400, {
          code: 'file_extension_mismatch',
          detail: 'ファイル名の拡張子がファイルの種類と一致しません。',
          errors: [{ field: 'body.file_name', code: 'file_extension_mismatch', message: 'extension .pdf' }],
        }),
      ),
    );
    const user = userEvent.setup();
    const tab = await openTab();
    await within(tab).findByText('添付資料はありません。', {}, WAIT);
    await user.upload(within(tab).getByTestId('attachment-input'), pdf('案内状.pdf'));
    expect(await within(tab).findByRole('alert', {}, WAIT)).toHaveTextContent(
      '「案内状.pdf」をアップロードできませんでした: ファイル名の拡張子がファイルの種類と一致しません。',
    );
    expect(puts).toEqual([]);
  }, 30_000);

  it('an upload URL that expired before the bytes arrived is reported in Japanese', async () => {
    signIn();
    const { puts } = conferenceApi({ attachments: [] });
    uploadApi();
    server.use(
      http.put(STORAGE, () =>
        problem(403, { code: 'url_expired', detail: 'URL の有効期限が切れています。もう一度操作をやり直してください。' }),
      ),
    );
    const user = userEvent.setup();
    const tab = await openTab();
    await within(tab).findByText('添付資料はありません。', {}, WAIT);
    await user.upload(within(tab).getByTestId('attachment-input'), pdf('案内状.pdf'));
    expect(await within(tab).findByRole('alert', {}, WAIT)).toHaveTextContent(
      '「案内状.pdf」をアップロードできませんでした: アップロード用の URL の有効期限が切れました。もう一度アップロードしてください。',
    );
    expect(puts).toEqual([]);
  }, 30_000);

  it('deletes after a confirmation, with a versioned update that leaves the others', async () => {
    signIn('CCI_CONFERENCE_USER');
    const { puts } = conferenceApi({ attachments: [AGENDA, MINUTES] });
    const user = userEvent.setup();
    const tab = await openTab();
    await user.click(await within(tab).findByRole('button', { name: '「議事次第.pdf」を削除' }, WAIT));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('添付資料を削除しますか？')).toBeInTheDocument();
    expect(
      within(dialog).getByText('「議事次第.pdf」を会議の添付資料から削除します。事業所からもダウンロードできなくなります。'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '確認' }));
    await waitFor(() => expect(puts).toEqual([{ version: 4, attachments: [MINUTES] }]), WAIT);
    expect(await screen.findByText('「議事次第.pdf」を削除しました。', {}, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(within(tab).queryByText('議事次第.pdf')).not.toBeInTheDocument(), WAIT);
    expect(within(tab).getByText('議事録.docx')).toBeInTheDocument();
  }, 30_000);

  it('cancelling the delete changes nothing', async () => {
    signIn();
    const { puts } = conferenceApi({ attachments: [AGENDA] });
    const user = userEvent.setup();
    const tab = await openTab();
    await user.click(await within(tab).findByRole('button', { name: '「議事次第.pdf」を削除' }, WAIT));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    expect(puts).toEqual([]);
    expect(within(tab).getByText('議事次第.pdf')).toBeInTheDocument();
  }, 30_000);
});
