/**
 * Comment moderation against MSW: newest first, filtered by status (未対応 by default, with
 * counts), sender and body as text; an action sends {status, version} and the comment moves to its
 * new filter; a 409 is told under the comment.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { server } from '../../test/server';
import { CommentModeration } from './CommentModeration';
import { ROOM, comment, conflict, room } from './test/fixtures';
import { renderStaff } from './test/renderStaff';
import type { Comment } from './types';

const COMMENTS = [
  comment({ id: 1, created_at: '2026-11-21T05:10:00.000Z', body: '資料の3ページについて質問です。' }),
  comment({
    id: 2,
    created_at: '2026-11-21T05:20:00.000Z',
    sender_kind: 'guest',
    sender_name: '佐藤 講師',
    sender_org: null,
    body: '<b>太字</b>\n2行目',
    version: 4,
  }),
  comment({
    id: 3,
    created_at: '2026-11-21T05:05:00.000Z',
    status: 'answered',
    sender_name: '鈴木 一郎',
    body: '回答済みの質問',
  }),
  comment({ id: 4, created_at: '2026-11-21T05:01:00.000Z', status: 'hidden', sender_name: '荒らし', body: '非表示のコメント' }),
];

const Moderation = ({ initial }: { initial: Comment[] }) => {
  const [comments, setComments] = useState(initial);
  return (
    <CommentModeration
      conferenceId={1}
      comments={comments}
      onSaved={(saved) => setComments((all) => all.map((c) => (c.id === saved.id ? saved : c)))}
    />
  );
};

const setup = (serverVersions: Record<number, number> = {}) => {
  const puts: Array<{ id: string; body: unknown }> = [];
  const versions: Record<number, number> = { ...Object.fromEntries(COMMENTS.map((c) => [c.id, c.version])), ...serverVersions };
  server.use(
    http.put(`${ROOM}/comments/:id`, async ({ params, request }) => {
      const body = (await request.json()) as { status: Comment['status']; version: number };
      puts.push({ id: String(params.id), body });
      const found = COMMENTS.find((c) => c.id === Number(params.id))!;
      if (body.version !== versions[found.id]) return conflict(versions[found.id]);
      versions[found.id] += 1;
      return HttpResponse.json({ ...found, status: body.status, version: versions[found.id] });
    }),
  );
  return { puts };
};

const shownSenders = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('CommentModeration', () => {
  it('lists the unanswered comments newest first, as text, and filters by status', async () => {
    setup();
    const user = userEvent.setup();
    renderStaff(room(), () => <Moderation initial={COMMENTS} />);

    expect(screen.getByRole('button', { name: '未対応 2件' })).toHaveAttribute('aria-pressed', 'true');
    expect(shownSenders()).toEqual(['佐藤 講師', '山田 太郎']);
    const guest = screen.getAllByRole('listitem')[0];
    expect(within(guest).getByText('ゲスト')).toBeInTheDocument();
    expect(within(guest).getByText('2026/11/21 14:20')).toBeInTheDocument();
    // the body is text: the markup shows as typed, never as HTML
    expect(within(guest).getByText(/<b>太字<\/b>/)).toBeInTheDocument();
    expect(guest.querySelector('b')).toBeNull();
    const company = screen.getAllByRole('listitem')[1];
    expect(within(company).getByText('株式会社アクメ')).toBeInTheDocument();
    expect(within(company).getByText('事業所')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '回答済 1件' }));
    expect(shownSenders()).toEqual(['鈴木 一郎']);
    await user.click(screen.getByRole('button', { name: '非表示 1件' }));
    expect(shownSenders()).toEqual(['荒らし']);
    await user.click(screen.getByRole('button', { name: 'すべて 4件' }));
    expect(shownSenders()).toEqual(['佐藤 講師', '山田 太郎', '鈴木 一郎', '荒らし']);
  });

  it('marks a comment 回答済 with its version; it leaves 未対応 and can be put back', async () => {
    const { puts } = setup();
    const user = userEvent.setup();
    renderStaff(room(), () => <Moderation initial={COMMENTS} />);

    await user.click(screen.getByRole('button', { name: '佐藤 講師さんのコメント（2026/11/21 14:20）を回答済にする' }));
    expect(await screen.findByText('コメントを「回答済」にしました。')).toBeInTheDocument();
    await waitFor(() => expect(shownSenders()).toEqual(['山田 太郎']));
    expect(screen.getByRole('button', { name: '未対応 1件' })).toHaveFocus();
    expect(screen.getByRole('button', { name: '回答済 2件' })).toBeInTheDocument();
    expect(puts).toEqual([{ id: '2', body: { status: 'answered', version: 4 } }]);

    await user.click(screen.getByRole('button', { name: '回答済 2件' }));
    await user.click(screen.getByRole('button', { name: '佐藤 講師さんのコメント（2026/11/21 14:20）を未対応に戻す' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '未対応 2件' })).toBeInTheDocument());
    expect(puts[1]).toEqual({ id: '2', body: { status: 'new', version: 5 } });
  });

  it('hides a comment; a 409 (another staff member moderated it) is told under it', async () => {
    const { puts } = setup({ 1: 2 });
    const user = userEvent.setup();
    renderStaff(room(), () => <Moderation initial={COMMENTS} />);

    await user.click(screen.getByRole('button', { name: '山田 太郎さんのコメント（2026/11/21 14:10）を非表示にする' }));
    const item = screen.getAllByRole('listitem')[1];
    await waitFor(() =>
      expect(within(item).getByRole('alert')).toHaveTextContent('他の担当者が先にこのコメントを更新しました。'),
    );
    expect(puts.every((p) => JSON.stringify(p.body) === JSON.stringify({ status: 'hidden', version: 1 }))).toBe(true);
  });

  it('says when there are no comments yet', () => {
    setup();
    renderStaff(room(), () => <Moderation initial={[]} />);
    expect(screen.getByText('コメントはまだありません。')).toBeInTheDocument();
  });
});
