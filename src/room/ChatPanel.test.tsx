import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { amplify } from '../test/amplifyMock';
import { FakeEventSource } from './test/fakeEventSource';
import { ADMIN_BASE, COMPANY_BASE, chatMessage, problem, room, serveRoom } from './test/fixtures';
import { renderRoom, setWidth } from './test/renderRoom';

const chatPanel = () => screen.getByTestId('room-panel-chat');
const messages = () =>
  within(chatPanel())
    .queryAllByTestId('chat-body')
    .map((el) => el.textContent);

/** The room loaded and its stream opened. */
const enterCompanyRoom = async (options: Parameters<typeof serveRoom>[1] = {}) => {
  const seen = serveRoom(COMPANY_BASE, options);
  const user = userEvent.setup();
  renderRoom({ kind: 'company', conferenceId: '10' });
  await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  FakeEventSource.latest().open();
  return { seen, user };
};

describe('ChatPanel in the room (DESIGN.md §11.1)', () => {
  beforeEach(() => {
    FakeEventSource.install();
    amplify.signInAs('COMPANY_ADMIN');
    setWidth(false);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens the stream with a ticket from the room’s last event id; messages from events appear and are announced', async () => {
    const { seen } = await enterCompanyRoom({ chat: [chatMessage({ id: 5, body: '本日はよろしくお願いします' })] });
    const stream = FakeEventSource.latest();
    expect(seen.tickets).toBe(1);
    expect(stream.param('ticket')).toBe('T1');
    expect(stream.param('last_event_id')).toBe('7');
    expect(new URL(stream.url).pathname).toBe(`${COMPANY_BASE}/events`);
    expect(messages()).toEqual(['本日はよろしくお願いします']);
    expect(within(chatPanel()).getByRole('listitem')).toHaveTextContent('東京 事務局（事務局）14:01');

    stream.emit('chat', chatMessage({ id: 6, body: '質問です', sender_kind: 'guest', sender_name: '佐藤 講師' }), 8);
    expect(messages()).toEqual(['本日はよろしくお願いします', '質問です']);
    expect(within(chatPanel()).getByText('（ゲスト）', { exact: false })).toBeInTheDocument();
    expect(screen.getByTestId('chat-announcer')).toHaveTextContent('佐藤 講師さんから：質問です');

    // the same event again (a resumed stream) is not shown twice; chat_deleted removes
    stream.emit('chat', chatMessage({ id: 6, body: '質問です', sender_kind: 'guest', sender_name: '佐藤 講師' }), 8);
    expect(messages()).toHaveLength(2);
    stream.emit('chat_deleted', { id: 5 }, 9);
    expect(messages()).toEqual(['質問です']);
  });

  it('says 「Ctrl+Enter でも送信できます。」 on a desktop', async () => {
    await enterCompanyRoom();
    expect(within(chatPanel()).getByText('Ctrl+Enter でも送信できます。')).toBeInTheDocument();
  });

  it('does not on a phone at 375 px, which has no Ctrl key (issue 29 §6)', async () => {
    setWidth(true);
    const { user } = await enterCompanyRoom();
    await user.click(screen.getByRole('tab', { name: 'チャット' }));
    expect(within(chatPanel()).getByRole('textbox', { name: 'メッセージ' })).toBeInTheDocument();
    expect(screen.queryByText('Ctrl+Enter でも送信できます。')).not.toBeInTheDocument();
  });

  it('sends with the button and Ctrl+Enter; own messages are on the right and said to be own; a 500-character counter', async () => {
    const { seen, user } = await enterCompanyRoom();
    const input = within(chatPanel()).getByRole('textbox', { name: 'メッセージ' });
    await user.type(input, 'はじめまして');
    expect(within(chatPanel()).getByText('6 / 500')).toBeInTheDocument();
    await user.click(within(chatPanel()).getByRole('button', { name: '送信' }));
    await waitFor(() => expect(messages()).toEqual(['はじめまして']));
    expect(seen.chatPosts).toEqual(['はじめまして']);
    expect(input).toHaveValue('');
    const own = within(chatPanel()).getByRole('listitem');
    expect(own).toHaveTextContent('自分のメッセージ');
    expect(own).toHaveTextContent('株式会社アクメ');
    expect(own).toHaveStyle({ alignItems: 'flex-end' });
    // own messages are not announced to oneself
    expect(screen.getByTestId('chat-announcer')).toBeEmptyDOMElement();

    // the stream brings the same message back: still once
    const echo = { id: 101, body: 'はじめまして', own: true, sender_kind: 'company' as const, sender_org: '株式会社アクメ' };
    FakeEventSource.latest().emit('chat', chatMessage(echo), 8);
    expect(messages()).toEqual(['はじめまして']);

    await user.type(input, '二通目{Control>}{Enter}{/Control}');
    await waitFor(() => expect(seen.chatPosts).toEqual(['はじめまして', '二通目']));
    await waitFor(() => expect(messages()).toEqual(['はじめまして', '二通目']));
  });

  it('what is typed while a message is on its way stays in the box', async () => {
    let release = () => undefined as void;
    const gate = new Promise<undefined>((resolve) => (release = () => resolve(undefined)));
    const { user } = await enterCompanyRoom({ chatReply: () => gate });
    const input = within(chatPanel()).getByRole('textbox', { name: 'メッセージ' });
    await user.type(input, '一通目');
    await user.click(within(chatPanel()).getByRole('button', { name: '送信' }));
    expect(within(chatPanel()).getByRole('button', { name: '送信中…' })).toBeDisabled();
    await user.clear(input);
    await user.type(input, '二通目');
    release();
    await waitFor(() => expect(messages()).toEqual(['一通目']));
    expect(input).toHaveValue('二通目');
  });

  it('too long: the counter and the message say so, and nothing can be sent', async () => {
    const { user } = await enterCompanyRoom();
    const input = within(chatPanel()).getByRole('textbox', { name: 'メッセージ' });
    await user.click(input);
    await user.paste('あ'.repeat(501));
    expect(within(chatPanel()).getByText('501 / 500')).toBeInTheDocument();
    expect(within(chatPanel()).getByText('500文字以内で入力してください。')).toBeInTheDocument();
    expect(within(chatPanel()).getByRole('button', { name: '送信' })).toBeDisabled();
  });

  it('429 rate_limited: says how long to wait and keeps the text', async () => {
    const { user } = await enterCompanyRoom({ chatReply: () => problem(429, 'rate_limited', { 'retry-after': '2' }) });
    const input = within(chatPanel()).getByRole('textbox', { name: 'メッセージ' });
    await user.type(input, '連投');
    await user.click(within(chatPanel()).getByRole('button', { name: '送信' }));
    expect(await within(chatPanel()).findByRole('alert')).toHaveTextContent(
      '送信の間隔が短すぎます。2秒ほど待ってから送信してください。',
    );
    expect(input).toHaveValue('連投');
    expect(messages()).toEqual([]);
  });

  it('ended room: read-only with a note, also when a send is refused with room_ended', async () => {
    const { user } = await enterCompanyRoom({ chatReply: () => problem(422, 'room_ended') });
    await user.type(within(chatPanel()).getByRole('textbox', { name: 'メッセージ' }), '最後に');
    await user.click(within(chatPanel()).getByRole('button', { name: '送信' }));
    expect(await within(chatPanel()).findByText('会議は終了しました。チャットは閲覧のみです。')).toBeInTheDocument();
    expect(within(chatPanel()).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByTestId('room-status')).toHaveTextContent('終了しました');
  });

  it('a room that ends while open: the room event makes the chat read-only', async () => {
    await enterCompanyRoom();
    expect(screen.getByTestId('room-status')).toHaveTextContent('開催中');
    FakeEventSource.latest().emit('room', { status: 'ended', version: 4 }, 8);
    expect(screen.getByTestId('room-status')).toHaveTextContent('終了しました');
    expect(within(chatPanel()).getByText('会議は終了しました。チャットは閲覧のみです。')).toBeInTheDocument();
    expect(within(chatPanel()).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('a chat panel closed by staff: no input for the company, with the reason', async () => {
    await enterCompanyRoom({ room: room({ panels: { chat: false, comment: true } }) });
    expect(within(chatPanel()).getByText('チャットは現在、事務局により閉じられています。')).toBeInTheDocument();
    expect(within(chatPanel()).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('after a dropped stream: closes it, gets a new ticket after 1 s and resumes from the last id seen', async () => {
    const { seen } = await enterCompanyRoom();
    const first = FakeEventSource.latest();
    first.emit('chat', chatMessage({ id: 6, body: 'その1' }), 12);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    first.fail();
    expect(first.closed).toBe(true);
    expect(screen.getByText('再接続しています…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    vi.useRealTimers();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    const second = FakeEventSource.latest();
    expect(seen.tickets).toBe(2);
    expect(second.param('ticket')).toBe('T2');
    expect(second.param('last_event_id')).toBe('12');
    second.open();
    expect(screen.getByText('リアルタイム更新中')).toBeInTheDocument();
  });

  it('staff: each message has a delete button; after confirming it is gone', async () => {
    amplify.signInAs('CCI_ADMIN');
    const seen = serveRoom(ADMIN_BASE, {
      room: room({ kind: 'admin' }),
      chat: [
        chatMessage({ id: 5, body: '不適切な投稿', sender_kind: 'company', sender_name: '鈴木 一郎', sender_org: '鈴木商店' }),
      ],
    });
    const user = userEvent.setup();
    renderRoom({ kind: 'admin', conferenceId: '10' });
    await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
    await user.click(within(chatPanel()).getByRole('button', { name: '鈴木 一郎さんのメッセージを削除' }));
    const dialog = await screen.findByRole('dialog', { name: 'メッセージを削除しますか？' });
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(messages()).toEqual([]));
    expect(seen.deleted).toEqual(['5']);
  });
});
