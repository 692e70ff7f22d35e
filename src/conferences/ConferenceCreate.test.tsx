/** 会議の作成 (issue 4 §3) against MSW: the exact POST body, from a template or blank, and errors on fields. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { renderAdmin } from '../common/testing/renderAdmin';
import conferences from '.';
import { API, TEMPLATES, detail, list, signIn, template } from './test/fixtures';

/** Debounced filters and chained requests can take more than waitFor's default second on a busy machine. */
const WAIT = { timeout: 5000 };

const captureCreate = (respond?: () => Response) => {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${API}/conferences`, async ({ request }) => {
      bodies.push(await request.json());
      return respond ? respond() : HttpResponse.json(detail(), { status: 201 });
    }),
    http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
    http.get(TEMPLATES, () =>
      list([template(), template({ id: 8, conference_template_code: 'SECTION', name: '部会', body: {} })]),
    ),
    http.get(`${TEMPLATES}/7`, () => HttpResponse.json(template())),
  );
  return bodies;
};

const setDateTime = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('conference create', () => {
  it('blank: sends the conference with its sub-conference, Tokyo times and the chosen status', async () => {
    signIn();
    const bodies = captureCreate();
    const user = userEvent.setup();
    renderAdmin('/conferences/create', { conferences });

    await user.click(await screen.findByRole('radio', { name: '白紙から作成' }, { timeout: 5000 }));
    await user.type(screen.getByLabelText('会議名 *'), '通常議員総会');
    setDateTime('開催日時 *', '2026-11-21T14:00');
    setDateTime('終了日時', '2026-11-21T16:00');
    await user.type(screen.getByLabelText('会場'), '本館 大ホール');
    setDateTime('回答期限', '2026-11-14T23:59');
    await user.click(screen.getByRole('switch', { name: '委任状による回答を受け付ける' }));

    await user.click(screen.getByRole('button', { name: '追加' }));
    await user.type(await screen.findByLabelText('子会議名 *'), '懇親会');
    setDateTime('子会議の開催日時 *', '2026-11-21T16:30');
    await user.type(screen.getByLabelText('子会議の会場'), '本館 宴会場');
    await user.click(screen.getByRole('radio', { name: '公開中' }));
    await user.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(bodies).toHaveLength(1), WAIT);
    expect(bodies[0]).toEqual({
      name: '通常議員総会',
      event_date: '2026-11-21T14:00:00+09:00',
      end_at: '2026-11-21T16:00:00+09:00',
      place: '本館 大ホール',
      answer_deadline: '2026-11-14T23:59:00+09:00',
      allow_delegate: true,
      reminder_days: [3, 1],
      status: 'published',
      sub_conferences: [{ name: '懇親会', event_date: '2026-11-21T16:30:00+09:00', place: '本館 宴会場' }],
    });
    // on to the new conference
    expect(await screen.findByRole('tab', { name: '招待者' }, { timeout: 5000 })).toBeInTheDocument();
  }, 30_000);

  it('from a template: shows its defaults and sends template_id with the bare event day', async () => {
    signIn();
    const bodies = captureCreate();
    const user = userEvent.setup();
    renderAdmin('/conferences/create', { conferences });

    await user.click(await screen.findByRole('combobox', { name: '会議テンプレート' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('option', { name: '通常議員総会' }));
    expect(await screen.findByText('会場: 本館 大ホール')).toBeInTheDocument();
    expect(screen.getByText('時刻: 14:00〜16:00')).toBeInTheDocument();
    expect(screen.getByText('子会議: 懇親会')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('開催日 *'), { target: { value: '2026-11-21' } });
    await user.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(bodies).toHaveLength(1), WAIT);
    // no sub_conferences: the template's are created; name and place come from the template too
    expect(bodies[0]).toEqual({ template_id: 7, event_date: '2026-11-21', status: 'draft' });
  }, 30_000);

  it('from a template: says how many members its invitee rules invited, per conference', async () => {
    signIn();
    const bodies = captureCreate(() =>
      HttpResponse.json(
        {
          ...detail(),
          sub_conferences: [{ ...detail({ id: 2, parent_id: 1, name: '懇親会' }) }],
          warnings: [],
          invited: [
            { conference_id: 1, count: 3 },
            { conference_id: 2, count: 2 },
          ],
        },
        { status: 201 },
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/create', { conferences });
    await user.click(await screen.findByRole('combobox', { name: '会議テンプレート' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('option', { name: '通常議員総会' }));
    fireEvent.change(await screen.findByLabelText('開催日 *'), { target: { value: '2026-11-21' } });
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies).toHaveLength(1), WAIT);
    expect(
      await screen.findByText(
        '会議を作成し、テンプレートの招待ルールに当てはまる会員を3名招待しました。子会議: 懇親会 2名',
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
  }, 30_000);

  it('checks on the client that the end is after the start, and sends nothing', async () => {
    signIn();
    const bodies = captureCreate();
    const user = userEvent.setup();
    renderAdmin('/conferences/create', { conferences });
    await user.click(await screen.findByRole('radio', { name: '白紙から作成' }, { timeout: 5000 }));
    await user.type(screen.getByLabelText('会議名 *'), '部会');
    setDateTime('開催日時 *', '2026-11-21T14:00');
    setDateTime('終了日時', '2026-11-21T13:00');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('終了日時は開催日時より後にしてください')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  }, 30_000);

  it("shows the server's field errors next to the sub-conference's field, in Japanese", async () => {
    signIn();
    captureCreate(() =>
      HttpResponse.json(
        {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          code: 'invalid_conference_times',
          detail: '会議の日時の指定に誤りがあります。',
          errors: [
            {
              field: 'body.sub_conferences.0.end_at',
              code: 'before_event_date',
              message: '終了日時は開催日時より後にしてください',
            },
          ],
        },
        { status: 400, headers: { 'content-type': 'application/problem+json' } },
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/create', { conferences });
    await user.click(await screen.findByRole('radio', { name: '白紙から作成' }, { timeout: 5000 }));
    await user.type(screen.getByLabelText('会議名 *'), '通常議員総会');
    setDateTime('開催日時 *', '2026-11-21T14:00');
    await user.click(screen.getByRole('button', { name: '追加' }));
    await user.type(await screen.findByLabelText('子会議名 *'), '懇親会');
    setDateTime('子会議の開催日時 *', '2026-11-21T16:30');
    await user.click(screen.getByRole('button', { name: '保存' }));
    const field = screen.getByLabelText('子会議の終了日時');
    await waitFor(() => expect(field).toHaveAccessibleDescription('終了日時は開催日時より後にしてください'), WAIT);
  }, 30_000);

  it("a sub-conference from its parent's page: sends parent_id and the parent's status, and no children", async () => {
    signIn();
    const bodies = captureCreate(() =>
      HttpResponse.json({ ...detail({ id: 2, parent_id: 1, name: '二次会' }), sub_conferences: [] }, { status: 201 }),
    );
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail({ status: 'published' }))),
      http.get(`${API}/conferences/2`, () =>
        HttpResponse.json({ ...detail({ id: 2, parent_id: 1, name: '二次会' }), sub_conferences: [] }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1', { conferences });
    await user.click(await screen.findByRole('link', { name: '子会議を追加' }, { timeout: 5000 }));
    expect(await screen.findByText('親会議: 通常議員総会', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'テンプレートから作成' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '追加' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '公開中' })).toBeChecked();
    await user.type(screen.getByLabelText('会議名 *'), '二次会');
    setDateTime('開催日時 *', '2026-11-21T19:00');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies).toHaveLength(1), { timeout: 5000 });
    expect(bodies[0]).toEqual({
      parent_id: 1,
      name: '二次会',
      event_date: '2026-11-21T19:00:00+09:00',
      allow_delegate: false,
      reminder_days: [3, 1],
      status: 'published',
    });
  }, 30_000);
});
