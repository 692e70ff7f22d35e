/**
 * The answering window on the conference screen (issue 13, DESIGN.md §11.2) against MSW:
 * 回答受付を再開 with a new deadline, publishing past the deadline after asking, the warning about
 * a sub-conference without invitees, リマインダー in the form, and 親会議の招待者をコピー.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { renderAdmin } from '../common/testing/renderAdmin';
import conferences from '.';
import { API, detail, list, signIn, subConference } from './test/fixtures';

const WAIT = { timeout: 5000 };

const problem = (status: number, body: Record<string, unknown>) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'Error', status, errors: [], ...body },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

describe('answering window', () => {
  it('回答受付を再開: asks for a future deadline and sends it with published and the version', async () => {
    signIn();
    const bodies: Record<string, unknown>[] = [];
    let status = 'closed';
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail({ status: status as 'closed' }))),
      http.put(`${API}/conferences/1`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        status = 'published';
        return HttpResponse.json({ ...detail({ status: 'published', version: 5 }), warnings: [] });
      }),
      http.post(`${API}/conferences/1/mail_preview`, () =>
        HttpResponse.json({ kind: 'change', recipients: 'unanswered', companies: 3 }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1', { conferences });
    const group = await screen.findByRole('group', { name: '状態の変更' }, WAIT);
    await user.click(within(group).getByRole('button', { name: '回答受付を再開' }));
    const dialog = await screen.findByRole('dialog', { name: '回答受付を再開しますか？' });
    expect(
      within(dialog).getByText('「通常議員総会」を公開中に戻し、新しい回答期限まで回答を受け付けます。'),
    ).toBeInTheDocument();
    // issue 33: only the companies with 未回答 invitees are told
    expect(
      await within(dialog).findByText(
        '未回答の出席者がいる 3 社に「変更のお知らせ」のメールを送ります（回答済みの事業所には送りません）。',
        {},
        WAIT,
      ),
    ).toBeInTheDocument();

    // no deadline, or one in the past: nothing is sent
    await user.click(within(dialog).getByRole('button', { name: '再開する' }));
    expect(within(dialog).getByText('現在より後の日時を入力してください。')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/新しい回答期限/), { target: { value: '2020-01-01T10:00' } });
    await user.click(within(dialog).getByRole('button', { name: '再開する' }));
    expect(bodies).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/新しい回答期限/), { target: { value: '2099-12-01T17:00' } });
    await user.click(within(dialog).getByRole('button', { name: '再開する' }));
    await waitFor(() => expect(bodies).toHaveLength(1), WAIT);
    expect(bodies[0]).toEqual({ status: 'published', answer_deadline: '2099-12-01T17:00:00+09:00', version: 4 });
    expect(await screen.findByText('回答受付を再開しました。', {}, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
  }, 30_000);

  it('tells 422 reopen_deadline_required in the dialog', async () => {
    signIn();
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail({ status: 'closed' }))),
      http.put(`${API}/conferences/1`, () => problem(422, { code: 'reopen_deadline_required', detail: 'x' })),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1', { conferences });
    await user.click(await screen.findByRole('button', { name: '回答受付を再開' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: '回答受付を再開しますか？' });
    fireEvent.change(within(dialog).getByLabelText(/新しい回答期限/), { target: { value: '2099-12-01T17:00' } });
    await user.click(within(dialog).getByRole('button', { name: '再開する' }));
    expect(
      await within(dialog).findByText('回答受付を再開するには、現在より後の回答期限を指定してください。', {}, WAIT),
    ).toBeInTheDocument();
  }, 30_000);

  it('publishing past the deadline asks again, resends with allow_past_deadline, then warns of a sub-conference without invitees', async () => {
    signIn();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail({ answer_deadline: '2020-01-10T08:00:00.000Z' }))),
      http.put(`${API}/conferences/1`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (!body.allow_past_deadline) return problem(422, { code: 'answer_deadline_past', detail: 'past' });
        return HttpResponse.json({
          ...detail({ status: 'published', version: 5 }),
          warnings: [{ code: 'sub_conference_without_invitees', conference_id: 2, name: '懇親会' }],
        });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1', { conferences });
    await user.click(await screen.findByRole('button', { name: '公開する' }, WAIT));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '確認' }));

    const ask = await screen.findByRole('dialog', { name: '回答期限が過ぎています。このまま公開しますか？' }, WAIT);
    expect(within(ask).getByText(/2020\/01\/10\(金\) 17:00/)).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'このまま公開する' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ status: 'published', version: 4, allow_past_deadline: true }), WAIT);
    // the refused PUT (retried by the client, spec §9) carried no allow_past_deadline
    expect(bodies[0]).toEqual({ status: 'published', version: 4 });
    expect(bodies.filter((b) => b.allow_past_deadline)).toHaveLength(1);
    expect(
      await screen.findByText(/会議の状態を「公開中」に変更しました。招待者のいない子会議があります: 「懇親会」/, {}, WAIT),
    ).toBeInTheDocument();
  }, 30_000);

  it('リマインダー: adds and removes business days and saves them with the form', async () => {
    signIn();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json({ ...detail(), reminder_days: [3, 1] })),
      http.put(`${API}/conferences/1`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ ...detail({ version: 5 }), reminder_days: body.reminder_days });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1', { conferences });
    const input = await screen.findByRole('combobox', { name: 'リマインダー（回答期限の何営業日前）' }, WAIT);
    expect(screen.getByText('3営業日前')).toBeInTheDocument();
    expect(screen.getByText('1営業日前')).toBeInTheDocument();

    await user.type(input, '40{Enter}');
    expect(screen.getByText('1〜30の数字を入力してください。')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '3{Enter}');
    expect(screen.getByText('同じ日数はすでに追加されています。')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '5{Enter}');
    expect(screen.getByText('5営業日前')).toBeInTheDocument();
    // remove 1営業日前 with the chip's delete icon
    const oneDay = screen.getByText('1営業日前').closest('.MuiChip-root')!;
    await user.click(oneDay.querySelector('.MuiChip-deleteIcon')!);

    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies).toHaveLength(1), WAIT);
    expect(bodies[0].reminder_days).toEqual([5, 3]);
  }, 30_000);

  it('親会議の招待者をコピー on a sub-conference: POSTs mode parent and reloads the invitees', async () => {
    signIn();
    const posts: Record<string, unknown>[] = [];
    let copied = false;
    server.use(
      http.get(`${API}/conferences/2`, () => HttpResponse.json(subConference())),
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
      http.get(`${API}/conference_members`, () =>
        list(
          copied
            ? [
                {
                  id: 50,
                  cci_code: 'TKY',
                  conference_id: 2,
                  company_id: 10,
                  member_id: 1050,
                  category: 'principal',
                  answer_content: null,
                  proxy_name: null,
                  proxy_title: null,
                  sort: 1,
                  answered_at: null,
                  answered_by: null,
                  version: 1,
                  created_at: '2026-10-01T00:00:00.000Z',
                  updated_at: '2026-10-01T00:00:00.000Z',
                  member: { name: '山田 太郎', name_kana: null, title: null },
                  company: { company_code: 'C010', name1: '株式会社アクメ' },
                },
              ]
            : [],
          undefined,
          1,
          1000,
        ),
      ),
      http.post(`${API}/conference_members`, async ({ request }) => {
        posts.push((await request.json()) as Record<string, unknown>);
        copied = true;
        // the wire's InviteResult: the rows created and the member ids skipped (already invited)
        return HttpResponse.json({ created: [{ id: 50 }], skipped: [1051, 1052] }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/2/invitees', { conferences });
    await user.click(await screen.findByRole('button', { name: '親会議の招待者をコピー' }, WAIT));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '親会議の招待者をコピー' }));
    await waitFor(() => expect(posts).toEqual([{ mode: 'parent', conference_id: 2 }]), WAIT);
    expect(await screen.findByText('1名を招待しました（2名はスキップ）。', {}, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('山田 太郎', {}, WAIT)).toBeInTheDocument();
  }, 30_000);

  it('a parent conference has no copy button', async () => {
    signIn();
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
      http.get(`${API}/conference_members`, () => list([], 0, 1, 1000)),
    );
    renderAdmin('/conferences/1/invitees', { conferences });
    expect(await screen.findByRole('button', { name: '役職で招待' }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '親会議の招待者をコピー' })).not.toBeInTheDocument();
  }, 30_000);

  it('create published past the deadline: asks, sends again with allow_past_deadline, then shows the warnings', async () => {
    signIn();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(`${API}/conferences`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (!body.allow_past_deadline) return problem(422, { code: 'answer_deadline_past', detail: 'past' });
        return HttpResponse.json(
          {
            ...detail({ status: 'published' }),
            warnings: [{ code: 'sub_conference_without_invitees', conference_id: 2, name: '懇親会' }],
          },
          { status: 201 },
        );
      }),
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail({ status: 'published' }))),
      http.get('*/v1/cci/TKY/master/CCI_CONFERENCE_TEMPLATE', () => list([])),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/create', { conferences });
    await user.click(await screen.findByRole('radio', { name: '白紙から作成' }, WAIT));
    await user.type(screen.getByLabelText('会議名 *'), '臨時総会');
    fireEvent.change(screen.getByLabelText('開催日時 *'), { target: { value: '2026-11-21T14:00' } });
    fireEvent.change(screen.getByLabelText('回答期限'), { target: { value: '2026-11-14T17:00' } });
    await user.click(screen.getByRole('radio', { name: '公開中' }));
    await user.click(screen.getByRole('button', { name: '保存' }));

    const ask = await screen.findByRole('dialog', { name: '回答期限が過ぎています。このまま公開しますか？' }, WAIT);
    expect(within(ask).getByText(/2026\/11\/14\(土\) 17:00/)).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'このまま公開する' }));
    await waitFor(() => expect(bodies).toHaveLength(2), WAIT);
    expect(bodies[0].allow_past_deadline).toBeUndefined();
    expect(bodies[1]).toEqual({ ...bodies[0], allow_past_deadline: true });
    expect(
      await screen.findByText(/会議を作成しました。招待者のいない子会議があります: 「懇親会」/, {}, WAIT),
    ).toBeInTheDocument();
  }, 30_000);
});
