/**
 * The reception desk (issue 14) in the whole app: reached from the conference page, live counters,
 * search (full-width typing folded) and check-in, the signals of someone already checked in or not
 * expected (asked first, then sent with confirm), undo, a ticket read from a photo, a refused
 * camera, and another desk's check-in arriving on the room's stream. 当日参加: WalkInDialog.test.tsx.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { currentUrl, renderApp } from '../../test/renderApp';
import { FakeEventSource } from '../../room/test/fakeEventSource';
import { signIn } from '../test/fixtures';
import { DESK, ROWS, checkedIn, counts, deskServer, problem } from './test/fixtures';
import { countsShown, openDesk, rowOf } from './test/desk';

const WAIT = { timeout: 10_000 };

// the camera and the decoder: jsdom has neither (each test says what they do)
const zxing = vi.hoisted(() => ({
  video: async (): Promise<{ stop(): void }> => ({ stop: () => undefined }),
  image: async (): Promise<{ getText(): string }> => ({ getText: () => '' }),
}));
vi.mock('@zxing/browser', () => ({
  BrowserQRCodeReader: class {
    decodeFromVideoDevice() {
      return zxing.video();
    }
  },
}));
// the image's pixels are read in ticketImage.test.ts (jsdom has no canvas)
vi.mock('./ticketImage', () => ({ decodeTicketFile: async () => (await zxing.image()).getText() }));

const setCamera = (secure: boolean, getUserMedia: unknown) => {
  Object.defineProperty(window, 'isSecureContext', { value: secure, configurable: true });
  Object.defineProperty(navigator, 'mediaDevices', { value: getUserMedia ? { getUserMedia } : undefined, configurable: true });
};

describe('ReceptionPage', () => {
  it('opens from the conference page; a search finds a person and 受付 checks them in', async () => {
    const { searches, state } = deskServer();
    const posted: unknown[] = [];
    server.use(
      http.post(DESK, async ({ request }) => {
        posted.push(await request.json());
        state.rows = [checkedIn(ROWS[0]), ...ROWS.slice(1)];
        state.counts = counts(2, 1);
        return HttpResponse.json({ row: state.rows[0], already: false, counts: state.counts }, { status: 201 });
      }),
    );
    signIn('CCI_CONFERENCE_USER');
    FakeEventSource.install();
    const user = userEvent.setup();
    renderApp('/conferences/1');
    await user.click(await screen.findByRole('link', { name: '「通常議員総会」の受付を開く' }, WAIT));
    await waitFor(() => expect(currentUrl()).toBe('/conferences/1/reception'));
    expect(await screen.findByRole('heading', { level: 1, name: '受付: 通常議員総会' }, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(countsShown()).toEqual({ expected: '2', checked_in: '0', not_arrived: '2' }), WAIT);
    // the substitute is who is expected for 代理出席
    expect(screen.getByText('佐藤 次郎')).toBeInTheDocument();
    expect(screen.getByText('山田 花子の代理')).toBeInTheDocument();

    // full-width 事業所コード typed on a phone
    await user.type(screen.getByRole('searchbox', { name: '名前・カナ・会社名・事業所コードで検索' }), 'Ｃ０１０');
    await waitFor(() => expect(searches).toContain('C010'), WAIT);
    await waitFor(() => expect(screen.queryByText('鈴木 一郎')).not.toBeInTheDocument(), WAIT);

    await user.click(screen.getByRole('button', { name: '山田 太郎さんを受付' }));
    const result = await screen.findByTestId('desk-result');
    await waitFor(() => expect(result).toHaveTextContent('山田 太郎株式会社アクメ受付しました'));
    expect(posted).toEqual([{ conference_member_id: 1 }]);
    expect(countsShown()).toEqual({ expected: '2', checked_in: '1', not_arrived: '1' });
    expect(within(rowOf('山田 太郎')).getByTestId('checked-in-signal')).toHaveTextContent('受付済 10:02');
    expect(screen.getByRole('link', { name: '会議の画面に戻る' })).toHaveAttribute('href', '/conferences/1');
  }, 30_000);

  it('a ticket read from a photo that was already checked in says so with the time', async () => {
    deskServer();
    setCamera(true, vi.fn());
    zxing.image = async () => ({ getText: () => 'KR1.1.sig' });
    const bodies: unknown[] = [];
    server.use(
      http.post(DESK, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ row: checkedIn(ROWS[0]), already: true, counts: counts(2, 1) });
      }),
    );
    const user = userEvent.setup();
    await openDesk();

    await user.upload(screen.getByTestId('ticket-image-input'), new File(['png'], 'ticket.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByTestId('desk-result')).toHaveTextContent('すでに受付済みです 10:02'), WAIT);
    expect(screen.getByTestId('desk-result')).toHaveTextContent('山田 太郎');
    expect(bodies).toEqual([{ qr: 'KR1.1.sig' }]);
  }, 30_000);

  it('the last person’s card goes as soon as the next search or scan begins', async () => {
    deskServer();
    let answer: { getText(): string } | Promise<{ getText(): string }> = { getText: () => 'KR1.1.sig' };
    zxing.image = async () => answer;
    server.use(http.post(DESK, () => HttpResponse.json({ row: checkedIn(ROWS[0]), already: false, counts: counts(2, 1) })));
    const user = userEvent.setup();
    await openDesk();
    const result = screen.getByTestId('desk-result');
    const input = screen.getByTestId('ticket-image-input');

    await user.upload(input, new File(['png'], 'ticket.png', { type: 'image/png' }));
    await waitFor(() => expect(result).toHaveTextContent('山田 太郎株式会社アクメ受付しました'), WAIT);
    await user.type(screen.getByRole('searchbox', { name: '名前・カナ・会社名・事業所コードで検索' }), 'さとう');
    expect(result).toBeEmptyDOMElement();

    await user.upload(input, new File(['png'], 'ticket.png', { type: 'image/png' }));
    await waitFor(() => expect(result).toHaveTextContent('受付しました'), WAIT);
    // the next ticket is still being read: the card of the one before is gone already
    answer = new Promise(() => undefined);
    await user.upload(input, new File(['png'], 'next.png', { type: 'image/png' }));
    expect(await screen.findByRole('button', { name: '読み取っています…' })).toBeDisabled();
    expect(result).toBeEmptyDOMElement();
  }, 30_000);

  it('a ticket of another conference or a broken one is refused in words', async () => {
    deskServer();
    zxing.image = async () => ({ getText: () => 'KR1.9.sig' });
    let answer = problem(422, 'ticket_other_conference', { conference_name: '臨時総会' });
    server.use(http.post(DESK, () => answer));
    const user = userEvent.setup();
    await openDesk();

    const input = screen.getByTestId('ticket-image-input');
    await user.upload(input, new File(['png'], 'ticket.png', { type: 'image/png' }));
    await waitFor(
      () => expect(screen.getByTestId('desk-result')).toHaveTextContent('この会議の招待者ではありません（臨時総会の受付票）'),
      WAIT,
    );
    answer = problem(422, 'ticket_invalid');
    await user.upload(input, new File(['png'], 'other.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByTestId('desk-result')).toHaveTextContent('この受付票は無効です'), WAIT);

    zxing.image = async () => {
      throw new Error('NotFoundException');
    };
    await user.upload(input, new File(['png'], 'blurred.png', { type: 'image/png' }));
    expect(await screen.findByText(/この画像から受付票のQRコードを読み取れませんでした/)).toBeInTheDocument();
  }, 30_000);

  it('someone who answered 欠席 is checked in only after staff confirm', async () => {
    const { state } = deskServer();
    const bodies: Array<Record<string, unknown>> = [];
    server.use(
      http.post(DESK, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (!body.confirm) return problem(422, 'not_expected', { answer_content: 'absent', conference_member_id: 3 });
        state.rows = [ROWS[0], ROWS[1], checkedIn(ROWS[2])];
        state.counts = counts(3, 1);
        return HttpResponse.json({ row: state.rows[2], already: false, counts: state.counts }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await openDesk();
    expect(within(rowOf('鈴木 一郎')).getByTestId('answer-signal')).toHaveTextContent('欠席');

    await user.click(screen.getByRole('button', { name: '鈴木 一郎さんを受付' }));
    const dialog = await screen.findByRole('dialog', { name: '受付しますか？' });
    expect(dialog).toHaveTextContent('鈴木 一郎さんの回答は「欠席」です。このまま受付しますか？');
    await user.click(within(dialog).getByRole('button', { name: '受付する' }));
    await waitFor(() => expect(screen.getByTestId('desk-result')).toHaveTextContent('受付しました'), WAIT);
    expect(bodies).toEqual([{ conference_member_id: 3 }, { conference_member_id: 3, confirm: true }]);
    expect(countsShown()).toEqual({ expected: '3', checked_in: '1', not_arrived: '2' });
  }, 30_000);

  it('取消 undoes a check-in after confirmation', async () => {
    const done = checkedIn(ROWS[0]);
    const { state } = deskServer([done, ROWS[1]], counts(2, 1));
    const deleted: string[] = [];
    server.use(
      http.delete(`${DESK}/:memberId`, ({ params }) => {
        deleted.push(String(params.memberId));
        state.rows = [{ ...ROWS[0], version: 3 }, ROWS[1]];
        state.counts = counts(2, 0);
        return HttpResponse.json({ row: state.rows[0], counts: state.counts });
      }),
    );
    const user = userEvent.setup();
    await openDesk();

    await user.click(screen.getByRole('button', { name: '山田 太郎さんの受付を取消' }));
    const dialog = await screen.findByRole('dialog', { name: '受付を取り消しますか？' });
    expect(dialog).toHaveTextContent('山田 太郎さん（株式会社アクメ）の受付（10:02）を取り消します。');
    await user.click(within(dialog).getByRole('button', { name: '取り消す' }));
    expect(await screen.findByRole('button', { name: '山田 太郎さんを受付' }, WAIT)).toBeEnabled();
    expect(deleted).toEqual(['1']);
    expect(countsShown()).toEqual({ expected: '2', checked_in: '0', not_arrived: '2' });
    expect(screen.getByTestId('desk-result')).toHaveTextContent('山田 太郎さんの受付を取り消しました。');
  }, 30_000);

  it('a refused camera is said plainly and the search still works', async () => {
    deskServer();
    setCamera(true, vi.fn());
    zxing.video = async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    };
    const user = userEvent.setup();
    await openDesk();

    await user.click(screen.getByRole('button', { name: 'カメラで読み取る' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'カメラの使用が許可されていません。ブラウザの設定で許可するか、下の検索で受付してください。',
    );
    expect(screen.getByRole('button', { name: 'カメラで読み取る' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: '名前・カナ・会社名・事業所コードで検索' })).toBeEnabled();

    // a page without https cannot use the camera at all
    setCamera(false, vi.fn());
    await user.click(screen.getByRole('button', { name: 'カメラで読み取る' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('この接続（https ではないページ）ではカメラを使えません');
  }, 30_000);

  it("another desk's check-in arrives on the room's stream and updates the counters and the row", async () => {
    const { searches, state } = deskServer();
    await openDesk();
    await waitFor(() => expect(FakeEventSource.latest().url).toMatch(/\/conferences\/1\/room\/events\?ticket=t1/), WAIT);
    const stream = FakeEventSource.latest();
    // the other desk's check-in, on the server (the desk reads the list again when its stream opens)
    state.rows = [ROWS[0], checkedIn(ROWS[1]), ROWS[2]];
    state.counts = counts(2, 1);
    stream.open();

    stream.emit('reception', { row: checkedIn(ROWS[1]), counts: counts(2, 1) }, 41);
    await waitFor(() => expect(countsShown()).toEqual({ expected: '2', checked_in: '1', not_arrived: '1' }));
    const substitute = rowOf('佐藤 次郎');
    expect(within(substitute).getByTestId('checked-in-signal')).toHaveTextContent('受付済 10:02');
    expect(within(substitute).getByRole('button', { name: '佐藤 次郎さんの受付を取消' })).toBeInTheDocument();

    // the stream drops (said on the page); meanwhile someone is checked in; once it is back the list is read again
    stream.fail();
    expect(await screen.findByText('更新の受信が途切れています。再接続しています…')).toBeInTheDocument();
    state.rows = [checkedIn(ROWS[0]), checkedIn(ROWS[1]), ROWS[2]];
    state.counts = counts(2, 2);
    const before = searches.length;
    await waitFor(() => expect(FakeEventSource.instances.length).toBe(2), WAIT);
    FakeEventSource.latest().open();
    await waitFor(() => expect(countsShown()).toEqual({ expected: '2', checked_in: '2', not_arrived: '0' }), WAIT);
    expect(searches.length).toBeGreaterThan(before);
    expect(screen.queryByText('更新の受信が途切れています。再接続しています…')).not.toBeInTheDocument();
    expect(screen.getByTestId('reception-counts')).toHaveAttribute('data-live', 'true');
  }, 30_000);
});
