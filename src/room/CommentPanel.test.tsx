import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { amplify } from '../test/amplifyMock';
import { FakeEventSource } from './test/fakeEventSource';
import { ADMIN_BASE, COMPANY_BASE, comment, problem, room, serveRoom } from './test/fixtures';
import { renderRoom, setWidth } from './test/renderRoom';

const commentPanel = () => screen.getByTestId('room-panel-comment');
const ownList = () => within(commentPanel()).getByRole('list', { name: '自分のコメント' });

describe('CommentPanel in the room (DESIGN.md §11.1)', () => {
  beforeEach(() => {
    FakeEventSource.install();
    amplify.signInAs('COMPANY_ADMIN');
    setWidth(false);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a comment: the completed modal (closed with Esc), then the comment in 自分のコメント as 未対応', async () => {
    const seen = serveRoom(COMPANY_BASE, { comments: [comment({ id: 3, body: '前回の議事録について', status: 'answered' })] });
    const user = userEvent.setup();
    renderRoom({ kind: 'company', conferenceId: '10' });
    await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
    expect(within(ownList()).getByRole('listitem')).toHaveTextContent('回答済');

    const input = within(commentPanel()).getByRole('textbox', { name: '質問・意見' });
    await user.type(input, '懇親会の会費を教えてください');
    expect(within(commentPanel()).getByText('14 / 2000')).toBeInTheDocument();
    await user.click(within(commentPanel()).getByRole('button', { name: '送信' }));

    const dialog = await screen.findByRole('dialog', { name: 'コメントを送信しました' });
    expect(seen.commentPosts).toEqual(['懇親会の会費を教えてください']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    const items = within(ownList()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('未対応');
    expect(items[0]).toHaveTextContent('懇親会の会費を教えてください');
    expect(input).toHaveValue('');
  });

  it('the author sees 未対応 turn 回答済 when staff answer, without a reload (issue 29 §6)', async () => {
    serveRoom(COMPANY_BASE, { comments: [comment({ id: 3, body: '前回の議事録について' })] });
    renderRoom({ kind: 'company', conferenceId: '10' });
    await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(within(ownList()).getByRole('listitem')).toHaveTextContent('未対応');

    FakeEventSource.latest().emit('comment', comment({ id: 3, body: '前回の議事録について', status: 'answered', version: 2 }), 9);
    await waitFor(() => expect(within(ownList()).getByRole('listitem')).toHaveTextContent('回答済'));
    expect(within(ownList()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('the modal also closes with its 閉じる button', async () => {
    serveRoom(COMPANY_BASE);
    const user = userEvent.setup();
    renderRoom({ kind: 'company', conferenceId: '10' });
    await user.type(
      await within(await screen.findByTestId('room-panel-comment')).findByRole('textbox', { name: '質問・意見' }),
      '質問',
    );
    await user.click(within(commentPanel()).getByRole('button', { name: '送信' }));
    const dialog = await screen.findByRole('dialog', { name: 'コメントを送信しました' });
    await user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('panel_closed: no modal, the reason shown and the text kept; 2 000 characters at most', async () => {
    serveRoom(COMPANY_BASE, { commentReply: () => problem(422, 'panel_closed') });
    const user = userEvent.setup();
    renderRoom({ kind: 'company', conferenceId: '10' });
    const input = await within(await screen.findByTestId('room-panel-comment')).findByRole('textbox', { name: '質問・意見' });
    await user.type(input, '質問');
    await user.click(within(commentPanel()).getByRole('button', { name: '送信' }));
    expect(await within(commentPanel()).findByRole('alert')).toHaveTextContent(
      'このパネルは事務局により閉じられたため、送信できません。',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(input).toHaveValue('質問');

    await user.clear(input);
    await user.click(input);
    await user.paste('い'.repeat(2001));
    expect(within(commentPanel()).getByText('2000文字以内で入力してください。')).toBeInTheDocument();
    expect(within(commentPanel()).getByRole('button', { name: '送信' })).toBeDisabled();
  });

  it('429 past the comments a sender may send in a minute (issue 29): says how long to wait, keeps the text', async () => {
    serveRoom(COMPANY_BASE, { commentReply: () => problem(429, 'rate_limited', { 'retry-after': '48' }) });
    const user = userEvent.setup();
    renderRoom({ kind: 'company', conferenceId: '10' });
    const input = await within(await screen.findByTestId('room-panel-comment')).findByRole('textbox', { name: '質問・意見' });
    await user.type(input, '六つ目の質問');
    await user.click(within(commentPanel()).getByRole('button', { name: '送信' }));
    expect(await within(commentPanel()).findByRole('alert')).toHaveTextContent(
      '送信の間隔が短すぎます。48秒ほど待ってから送信してください。',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(input).toHaveValue('六つ目の質問');
  });

  it('staff see every comment with its sender, no form; new comments arrive by event', async () => {
    amplify.signInAs('CCI_ADMIN');
    serveRoom(ADMIN_BASE, { room: room({ kind: 'admin' }), comments: [comment({ id: 3 })] });
    renderRoom({ kind: 'admin', conferenceId: '10' });
    await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(within(commentPanel()).queryByRole('textbox')).not.toBeInTheDocument();
    const list = within(commentPanel()).getByRole('list', { name: '寄せられたコメント' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('山田 花子（株式会社アクメ）');

    FakeEventSource.latest().emit(
      'comment',
      comment({ id: 4, body: '音声が聞こえません', sender_kind: 'guest', sender_name: '佐藤 講師', sender_org: null }),
      8,
    );
    FakeEventSource.latest().emit('comment', comment({ id: 3, status: 'answered', version: 2 }), 9);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('佐藤 講師（ゲスト）');
    expect(items[1]).toHaveTextContent('回答済');
  });
});
