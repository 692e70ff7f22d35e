/**
 * /conferences/:id/room in the whole app: reached from the conference page's 会議室 button, titled
 * with the conference, a way back, the room as everyone sees it on its live stream with the staff
 * controls beside it; a company admin is sent to its own landing page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { amplify } from '../../test/amplifyMock';
import { companySessionOk } from '../../test/handlers';
import { currentUrl, renderApp } from '../../test/renderApp';
import { API, detail, signIn } from '../test/fixtures';
import { ROOM, comment, room } from './test/fixtures';
import { FakeEventSource } from '../../room/test/fakeEventSource';

const WAIT = { timeout: 10_000 };

const setup = () => {
  FakeEventSource.install();
  server.use(
    http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
    http.get(ROOM, () => HttpResponse.json(room({ status: 'open', current_agenda: 0 }))),
    http.get(`${ROOM}/chat`, () => HttpResponse.json({ data: [] })),
    http.get(`${ROOM}/comments`, () => HttpResponse.json({ data: [comment()] })),
    http.post(`${ROOM}/ticket`, () => HttpResponse.json({ ticket: 't1', expires_at: '2026-11-21T05:01:00Z' }, { status: 201 })),
    http.get(`${ROOM}/links`, () => HttpResponse.json({ data: [] })),
    // the 受付・定足数 panel (issue 14)
    http.get(`${API}/conferences/1/quorum`, () =>
      HttpResponse.json({
        conference_id: 1,
        settings: null,
        total: null,
        required: null,
        present: 0,
        delegated: 0,
        counted: null,
        met: null,
        margin: null,
        as_of: '2026-11-21T05:00:00.000Z',
      }),
    ),
    // the 採決 panel (issue 34)
    http.get(`${API}/conferences/1/motions`, () => HttpResponse.json({ data: [], meta: { total: 0 } })),
    http.get(`${API}/conferences/1/check_ins`, () =>
      HttpResponse.json({
        data: [],
        meta: { total: 0, page: 1, perPage: 1 },
        counts: { expected: 0, checked_in: 0, not_arrived: 0 },
      }),
    ),
  );
};

describe('ConferenceRoomPage', () => {
  it('opens from the conference page and shows the room with its controls', async () => {
    signIn('CCI_CONFERENCE_USER');
    setup();
    const user = userEvent.setup();
    renderApp('/conferences/1');

    await user.click(await screen.findByRole('link', { name: '「通常議員総会」の会議室を開く' }, WAIT));
    await waitFor(() => expect(currentUrl()).toBe('/conferences/1/room'));
    expect(await screen.findByRole('heading', { level: 1, name: '通常議員総会' }, WAIT)).toBeInTheDocument();
    // the room everyone sees, on its stream (ticketed), beside the controls
    await waitFor(() => expect(FakeEventSource.latest().url).toMatch(/\/room\/events\?.*ticket=t1/), WAIT);
    expect(screen.getByTestId('stopwatch-time')).toHaveTextContent('00:00.0');
    expect(screen.getByRole('link', { name: '会議の画面に戻る' })).toHaveAttribute('href', '/conferences/1');

    const status = screen.getByRole('region', { name: '会議室の状態' });
    expect(within(status).getByRole('button', { name: '開催中' })).toHaveAttribute('aria-pressed', 'true');
    const agenda = screen.getByRole('region', { name: '次第' });
    expect(within(agenda).getByRole('radio', { name: /1\. 開会挨拶/ })).toBeChecked();
    const comments = screen.getByRole('region', { name: 'コメント' });
    expect(within(comments).getByText('資料の3ページについて質問です。')).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: '参加用リンク' })).findByText('発行したリンクはありません。'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'ストップウォッチ' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'オンライン会議と受付' })).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: '受付・定足数' })).findByText('定足数は設定されていません。', {}, WAIT),
    ).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: '採決' })).findByText(
        'この会議には議案がありません。会議の「議案」タブで登録してください。',
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
  }, 30_000);

  it('exports the comments and the chat through the export jobs', async () => {
    signIn();
    setup();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/v1/cci/TKY/export', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ id: 9, status: 'queued' }, { status: 202 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/conferences/1/room');
    const comments = await screen.findByRole('region', { name: 'コメント' }, WAIT);

    await user.click(await within(comments).findByRole('button', { name: 'コメントを出力' }, WAIT));
    let dialog = await screen.findByRole('dialog', { name: '会議室のコメント一覧を出力' }, WAIT);
    expect(within(dialog).getByText('対象の会議: 通常議員総会')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'CSV UTF-8（BOM付き、Excel向け）' }));
    await user.click(within(dialog).getByRole('button', { name: '出力する' }));
    expect(
      await screen.findByText('会議室のコメント一覧の出力を受け付けました。完了するとダウンロードできます。', {}, WAIT),
    ).toBeInTheDocument();

    // the closed dialog leaves the page (its content is aria-hidden until then)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    await user.click(await within(comments).findByRole('button', { name: 'チャットを出力' }, WAIT));
    dialog = await screen.findByRole('dialog', { name: '会議室のチャット履歴を出力' }, WAIT);
    await user.click(within(dialog).getByRole('button', { name: '出力する' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toEqual([
      { type: 'room_comments', format: 'csv_utf8', params: { conference_id: 1, order: 'time', date_style: 'western' } },
      { type: 'room_chat', format: 'xlsx', params: { conference_id: 1, order: 'time', date_style: 'western' } },
    ]);
  }, 30_000);

  it('is not for company admins: they go to their own landing page', async () => {
    amplify.signInAs('COMPANY_ADMIN');
    server.use(...companySessionOk());
    renderApp('/conferences/1/room');
    await waitFor(() => expect(currentUrl()).toBe('/company/meetings'), WAIT);
  }, 30_000);
});
