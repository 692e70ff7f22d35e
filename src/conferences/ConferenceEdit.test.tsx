/**
 * 会議の編集 (issue 4 §3) against MSW: the PUT body with version, the 409 version_conflict reload
 * that keeps what was typed, the server's field errors at their fields, status transitions and the
 * 422 of a refused one, sub-conferences.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { renderAdmin } from '../common/testing/renderAdmin';
import conferences from '.';
import { API, detail, signIn } from './test/fixtures';

/** Debounced filters and chained requests can take more than waitFor's default second on a busy machine. */
const WAIT = { timeout: 5000 };

const problem = (status: number, body: Record<string, unknown>) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'Error', status, errors: [], ...body },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

describe('conference edit', () => {
  it('saves the editable fields with the version, and shows the sub-conferences', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
      http.put(`${API}/conferences/1`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ ...detail(), ...body, version: 5 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1', { conferences });

    const name = await screen.findByLabelText('会議名 *', {}, { timeout: 5000 });
    await waitFor(() => expect(name).toHaveValue('通常議員総会'), WAIT);
    expect(screen.getByLabelText('開催日時 *')).toHaveValue('2026-11-21T14:00');
    const subs = screen.getByRole('region', { name: '子会議' });
    expect(within(subs).getByRole('link', { name: '「懇親会」を開く' })).toHaveAttribute('href', '/conferences/2');
    expect(within(subs).getByText(/2026\/11\/21\(土\) 16:30/)).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, '第1回通常議員総会');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies).toHaveLength(1), WAIT);
    expect(bodies[0]).toEqual({
      version: 4,
      name: '第1回通常議員総会',
      event_date: '2026-11-21T05:00:00.000Z',
      end_at: '2026-11-21T07:00:00.000Z',
      place: '本館 大ホール',
      answer_deadline: '2026-11-14T14:59:59.000Z',
      description: null,
      allow_delegate: true,
      reminder_days: [3, 1],
      // 定足数 (issue 14): null, none is counted
      quorum: null,
    });
  }, 30_000);

  it('409: says another user saved first, reloads without losing the typed name, and saves on the new version', async () => {
    signIn();
    let version = 4;
    const bodies: Array<Record<string, unknown>> = [];
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail(version === 4 ? {} : { version, place: '別館 会議室' }))),
      http.put(`${API}/conferences/1`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (body.version !== version)
          return problem(409, { code: 'version_conflict', detail: '他のユーザーが先に更新しました。', current_version: version });
        return HttpResponse.json({ ...detail({ version: version + 1, place: '別館 会議室' }), name: body.name });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1', { conferences });
    const name = await screen.findByLabelText('会議名 *', {}, { timeout: 5000 });
    await waitFor(() => expect(name).toHaveValue('通常議員総会'), WAIT);
    // someone else saves meanwhile
    version = 5;
    await user.clear(name);
    await user.type(name, '臨時議員総会');
    await user.click(screen.getByRole('button', { name: '保存' }));

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('他のユーザーが先に更新しました')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    await waitFor(() => expect(screen.getByLabelText('会場')).toHaveValue('別館 会議室'), WAIT);
    expect(screen.getByLabelText('会議名 *')).toHaveValue('臨時議員総会');

    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ version: 5, name: '臨時議員総会', place: '別館 会議室' }), WAIT);
  }, 30_000);

  it('a new place for a published conference: asks first, saying how many companies get the change notice (issue 33)', async () => {
    signIn();
    const bodies: unknown[] = [];
    const previews: unknown[] = [];
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail({ status: 'published' }))),
      http.put(`${API}/conferences/1`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(detail({ status: 'published', version: 5, place: '別館 会議室' }));
      }),
      http.post(`${API}/conferences/1/mail_preview`, async ({ request }) => {
        previews.push(await request.json());
        return HttpResponse.json({ kind: 'change', recipients: 'invited', companies: 7 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1', { conferences });
    const place = await screen.findByLabelText('会場', {}, { timeout: 5000 });
    await waitFor(() => expect(place).toHaveValue('本館 大ホール'), WAIT);
    await user.clear(place);
    await user.type(place, '別館 会議室');
    await user.click(screen.getByRole('button', { name: '保存' }));
    const dialog = await screen.findByRole('dialog', { name: '変更を保存してメールを送りますか？' }, WAIT);
    expect(
      await within(dialog).findByText('招待している 7 社に「変更のお知らせ」のメールを送ります。', {}, WAIT),
    ).toBeInTheDocument();
    expect(previews).toEqual([{ place: '別館 会議室' }]);
    expect(bodies).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: '確認' }));
    await waitFor(() => expect(bodies).toEqual([expect.objectContaining({ version: 4, place: '別館 会議室' })]), WAIT);
  }, 30_000);

  it("400 with field errors: shows the server's message at the field it names, in Japanese", async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
      http.put(`${API}/conferences/1`, async ({ request }) => {
        bodies.push(await request.json());
        return problem(400, {
          title: 'Bad Request',
          code: 'validation_failed',
          detail: '入力内容に誤りがあります。',
          errors: [{ field: 'body.place', code: 'place_unavailable', message: 'この会場はその日時に利用できません' }],
        });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1', { conferences });
    const place = await screen.findByLabelText('会場', {}, { timeout: 5000 });
    await waitFor(() => expect(place).toHaveValue('本館 大ホール'), WAIT);
    await user.clear(place);
    await user.type(place, '別館 会議室');
    await user.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(
      () => expect(screen.getByLabelText('会場')).toHaveAccessibleDescription('この会場はその日時に利用できません'),
      WAIT,
    );
    expect(screen.getByLabelText('会場')).toHaveAttribute('aria-invalid', 'true');
    // what was typed stays, and the other fields carry no error
    expect(screen.getByLabelText('会場')).toHaveValue('別館 会議室');
    expect(screen.getByLabelText('会議名 *')).not.toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toHaveLength(1);
  }, 30_000);

  it('offers only the status changes the server allows, says how many companies it mails, and sends status with the version', async () => {
    signIn();
    const bodies: unknown[] = [];
    const previews: unknown[] = [];
    let status = 'draft';
    server.use(
      http.get(`${API}/conferences/1`, () =>
        HttpResponse.json(detail({ status: status as 'draft', version: status === 'draft' ? 4 : 5 })),
      ),
      http.put(`${API}/conferences/1`, async ({ request }) => {
        const body = (await request.json()) as { status: string };
        bodies.push(body);
        status = body.status;
        return HttpResponse.json(detail({ status: body.status as 'published', version: 5 }));
      }),
      http.post(`${API}/conferences/1/mail_preview`, async ({ request }) => {
        previews.push(await request.json());
        return HttpResponse.json({ kind: 'invitation', recipients: 'invited', companies: 12 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1', { conferences });
    const group = await screen.findByRole('group', { name: '状態の変更' }, { timeout: 5000 });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['公開する', '中止にする']);

    await user.click(within(group).getByRole('button', { name: '公開する' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('会議の状態を「公開中」に変更しますか？')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('子会議も同じ状態に変更されます。');
    // issue 33: the server's count of the companies the change mails, and which message
    expect(await within(dialog).findByText('招待している 12 社に「ご案内」のメールを送ります。', {}, WAIT)).toBeInTheDocument();
    expect(previews).toEqual([{ status: 'published' }]);
    await user.click(within(dialog).getByRole('button', { name: '確認' }));
    await waitFor(() => expect(bodies).toEqual([{ status: 'published', version: 4 }]), WAIT);
    expect(await screen.findByText('会議の状態を「公開中」に変更しました。')).toBeInTheDocument();
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('group', { name: '状態の変更' }))
            .getAllByRole('button')
            .map((b) => b.textContent),
        ).toEqual(['回答を締め切る', '中止にする']),
      WAIT,
    );
  }, 30_000);

  it('does not speak of sub-conferences where there are none', async () => {
    signIn();
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail({ status: 'draft' }, []))),
      http.post(`${API}/conferences/1/mail_preview`, () =>
        HttpResponse.json({ kind: 'invitation', recipients: 'invited', companies: 1 }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1', { conferences });
    const group = await screen.findByRole('group', { name: '状態の変更' }, { timeout: 5000 });
    await user.click(within(group).getByRole('button', { name: '公開する' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('招待している 1 社に「ご案内」のメールを送ります。', {}, WAIT)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('の状態を「下書き」から「公開中」に変更します。');
    expect(dialog).not.toHaveTextContent('子会議');
  }, 30_000);

  it('422 invalid_status_transition: tells in Japanese that the change is not possible', async () => {
    signIn();
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail({ status: 'published' }))),
      http.put(`${API}/conferences/1`, () =>
        problem(422, {
          code: 'invalid_status_transition',
          detail: '会議の状態を「締切」から「締切」に変更することはできません。',
          from: 'closed',
          to: 'closed',
        }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1', { conferences });
    await user.click(await screen.findByRole('button', { name: '回答を締め切る' }, { timeout: 5000 }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '確認' }));
    expect(
      await screen.findByText('会議の状態を「締切」から「締切」に変更することはできません。', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  }, 30_000);
});
