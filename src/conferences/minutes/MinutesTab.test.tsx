/**
 * The 議事録 tab (issue 35): a figure taken from the record is corrected only with a reason — the
 * dialog says so before anything is sent — and the correction goes out with the prose typed so far;
 * a refusal of the server is shown in Japanese.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { renderApp } from '../../test/renderApp';
import { API, detail, signIn } from '../test/fixtures';

const WAIT = { timeout: 10_000 };
const figure = (value: unknown) => ({ value, derived: value, reason: null, corrected_by: null, corrected_at: null });

const view = () => ({
  minutes: {
    id: 7,
    conference_id: 1,
    version: 1,
    status: 'draft',
    revision: 3,
    content: {
      conference: { id: 1, name: '第75回 通常議員総会', event_date: '2026-11-21T05:00:00.000Z' },
      figures: { present_principal: figure(30), present_proxy: figure(1), place: figure('大ホール') },
      agenda: [],
      motions: [],
      chair: null,
      signatories: [],
      prose: { opening: '', closing: '' },
    },
    finalised_at: null,
    finalised_by: null,
    sha256: null,
    published: false,
    published_at: null,
    updated_at: '2026-11-21T07:00:00.000Z',
    updated_by: 'staff',
  },
  attendees: [{ conference_member_id: 11, name: '山田 太郎', company_name: '山田製作所' }],
});

describe('議事録 tab', () => {
  it('asks for a reason before a correction is sent, then sends it with the prose typed so far', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail({ status: 'held' }))),
      http.get(`${API}/conferences/1/minutes`, () => HttpResponse.json(view())),
      http.get(`${API}/conferences/1/minutes/versions`, () => HttpResponse.json({ data: [] })),
      http.put(`${API}/conferences/1/minutes`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(view());
      }),
    );
    const user = userEvent.setup();
    renderApp('/conferences/1/minutes');

    await user.type(await screen.findByRole('textbox', { name: '開会・冒頭' }, WAIT), '定刻に開会した。');
    await user.click(screen.getByRole('button', { name: '出席（代理）を訂正' }));
    const dialog = await screen.findByRole('dialog', { name: '出席（代理）の訂正' });
    const value = within(dialog).getByRole('textbox', { name: '訂正後の値' });
    await user.clear(value);
    await user.type(value, '２'); // full-width is taken as 2
    await user.click(within(dialog).getByRole('button', { name: '訂正' }));
    expect(await within(dialog).findByText('記録と異なる値にするには理由を入力してください')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: '訂正の理由' }), '受付漏れ1名');
    await user.click(within(dialog).getByRole('button', { name: '訂正' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      revision: 3,
      prose: { opening: '定刻に開会した。', closing: '' },
      figures: { present_proxy: { value: 2, reason: '受付漏れ1名' } },
    });
  });

  it('shows the server’s refusal in Japanese', async () => {
    signIn();
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail({ status: 'held' }))),
      http.get(`${API}/conferences/1/minutes`, () => HttpResponse.json(view())),
      http.get(`${API}/conferences/1/minutes/versions`, () => HttpResponse.json({ data: [] })),
      http.put(`${API}/conferences/1/minutes`, () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Unprocessable Entity',
            status: 422,
            code: 'not_an_attendee',
            detail: '議長・議事録署名人は出席者（受付済みの方）から選んでください。',
            errors: [],
          },
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/conferences/1/minutes');
    await user.click(await screen.findByRole('combobox', { name: '議長' }, WAIT));
    await user.click(await screen.findByRole('option', { name: '山田 太郎（山田製作所）' }));
    // the SPA's own message for the code (kaigi.errors.codes.not_an_attendee), not the server's detail
    expect(
      await screen.findByText('議長・議事録署名人は、出席者（受付済みの方）から選んでください。', {}, WAIT),
    ).toBeInTheDocument();
  });

  it('asks before 確定 and sends nothing when the clerk cancels', async () => {
    signIn();
    const finalised: unknown[] = [];
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail({ status: 'held' }))),
      http.get(`${API}/conferences/1/minutes`, () => HttpResponse.json(view())),
      http.get(`${API}/conferences/1/minutes/versions`, () => HttpResponse.json({ data: [] })),
      http.post(`${API}/conferences/1/minutes/finalise`, async ({ request }) => {
        finalised.push(await request.json());
        return HttpResponse.json(view());
      }),
    );
    const user = userEvent.setup();
    renderApp('/conferences/1/minutes');
    await user.click(await screen.findByRole('button', { name: '確定' }, WAIT));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('第1版を確定します。確定後は変更できません（訂正は新しい版になります）。'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(finalised).toEqual([]);

    await user.click(screen.getByRole('button', { name: '確定' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(finalised).toEqual([{ revision: 3 }]));
  });
});
