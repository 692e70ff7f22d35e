/**
 * 送信履歴 of a conference (issue 13, DESIGN.md §11.2) against MSW: the rows with 送付不可 and
 * errors in Japanese, the reminder schedule, 再送 of a failed row, and 「メッセージを送信」 with its
 * preview then send.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { renderAdmin } from '../../common/testing/renderAdmin';
import conferences from '..';
import { API, detail, list, signIn } from '../test/fixtures';
import { notification, outbox } from '../../notifications/test/fixtures';
import { setWidth } from '../../test/viewport';

const WAIT = { timeout: 5000 };

const reminders = [
  // 2026/11/11 09:00 and nothing for the 1-day reminder
  { days_before: 3, scheduled_for: '2026-11-11T00:00:00.000Z' },
  { days_before: 1, scheduled_for: null },
];

describe('送信履歴 tab', () => {
  beforeEach(() => setWidth(false));

  it('phones (375 px): a simple list with the same facts and 再送', async () => {
    setWidth(true);
    signIn();
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail({ status: 'published' }, []))),
      http.get(`${API}/conferences/1/notifications`, () =>
        HttpResponse.json({ data: outbox(), meta: { page: 1, page_size: 25, total: 3 }, reminders }),
      ),
    );
    renderAdmin('/conferences/1/notifications', { conferences });
    const items = await screen.findByRole('list', { name: '送信履歴の一覧' }, WAIT);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const skipped = within(items).getByTestId('notification-2');
    expect(within(skipped).getByText('招待 日本橋製作所')).toBeInTheDocument();
    expect(within(skipped).getByText('送付不可')).toBeInTheDocument();
    const failed = within(items).getByTestId('notification-3');
    expect(
      within(failed).getByRole('button', { name: '丸の内商事への「【リマインダー】通常議員総会」を再送' }),
    ).toBeInTheDocument();
  }, 30_000);

  it('lists the outbox with 送付不可 and errors in Japanese, the reminder schedule, and resends a failed row', async () => {
    signIn('CCI_CONFERENCE_USER');
    let rows = outbox();
    const resent: string[] = [];
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail({ status: 'published' }, []))),
      http.get(`${API}/conferences/1/notifications`, () =>
        HttpResponse.json({ data: rows, meta: { page: 1, page_size: 25, total: rows.length }, reminders }),
      ),
      http.post(`${API}/notifications/:id/resend`, ({ params }) => {
        resent.push(String(params.id));
        rows = rows.map((r) => (r.id === 3 ? { ...r, status: 'queued' as const, error: null } : r));
        return HttpResponse.json(rows[2]);
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1/notifications', { conferences });

    const table = await screen.findByRole('table', { name: '送信履歴の一覧' }, WAIT);
    const sent = within(table).getByTestId('notification-1');
    expect(within(sent).getByText('招待')).toBeInTheDocument();
    expect(within(sent).getByText('soumu@acme.example.jp')).toBeInTheDocument();
    expect(within(sent).getByText('送信済')).toBeInTheDocument();
    expect(within(sent).getByText('2026/11/01(日) 10:00')).toBeInTheDocument();
    expect(within(sent).queryByRole('button', { name: /再送/ })).not.toBeInTheDocument();
    const skipped = within(table).getByTestId('notification-2');
    expect(within(skipped).getByText('送付不可')).toBeInTheDocument();
    expect(within(skipped).getByText('送付不可（メールアドレス未登録）')).toBeInTheDocument();
    const failed = within(table).getByTestId('notification-3');
    expect(within(failed).getByText('リマインダー')).toBeInTheDocument();
    expect(within(failed).getByText('送信エラー: 550 mailbox unavailable')).toBeInTheDocument();

    const schedule = screen.getByRole('list', { name: 'リマインダーの予定' });
    expect(within(schedule).getByText('回答期限の3営業日前 2026/11/11 09:00')).toBeInTheDocument();
    expect(within(schedule).getByText('回答期限の1営業日前（送信なし）')).toBeInTheDocument();

    await user.click(within(failed).getByRole('button', { name: '丸の内商事への「【リマインダー】通常議員総会」を再送' }));
    await waitFor(() => expect(resent).toEqual(['3']), WAIT);
    expect(await screen.findByText('再送を受け付けました。', {}, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('notification-3')).getByText('送信待ち')).toBeInTheDocument(), WAIT);
  }, 30_000);

  it('shows the empty state', async () => {
    signIn();
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail({}, []))),
      http.get(`${API}/conferences/1/notifications`, () =>
        HttpResponse.json({ data: [], meta: { page: 1, page_size: 25, total: 0 }, reminders: [] }),
      ),
    );
    renderAdmin('/conferences/1/notifications', { conferences });
    expect(await screen.findByText('送信履歴はありません。', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('リマインダーは設定されていません。')).toBeInTheDocument();
  }, 30_000);

  it('メッセージを送信: previews the recipients (送付不可 too) and the text, then sends the same body', async () => {
    signIn();
    const posts: Record<string, unknown>[] = [];
    const recipients = [
      { company_id: 10, company_code: 'C010', name1: '株式会社アクメ', to: 'soumu@acme.example.jp' },
      { company_id: 12, company_code: 'C012', name1: '日本橋製作所', to: null },
    ];
    const companyRow = (id: number, code: string, name1: string) => ({
      id: id + 100,
      cci_code: 'TKY',
      conference_id: 1,
      company_id: id,
      answer_content: null,
      answered_at: null,
      answered_by: null,
      version: 1,
      created_at: '2026-10-01T00:00:00.000Z',
      updated_at: '2026-10-01T00:00:00.000Z',
      company: { company_code: code, name1, name_kana: null },
    });
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail({ status: 'published' }, []))),
      http.get(`${API}/conferences/1/notifications`, () =>
        HttpResponse.json({ data: [], meta: { page: 1, page_size: 25, total: 0 }, reminders }),
      ),
      http.get(`${API}/conference_companies`, () =>
        list([companyRow(10, 'C010', '株式会社アクメ'), companyRow(12, 'C012', '日本橋製作所')], 2, 1, 1000),
      ),
      http.post(`${API}/conferences/1/notifications`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posts.push(body);
        const preview = { subject: '【お知らせ】会場変更', text: '株式会社アクメ 御中\n\n会場が変わりました。' };
        return body.preview
          ? HttpResponse.json({ created: [], recipients, preview })
          : HttpResponse.json(
              {
                created: [
                  notification({ id: 9, kind: 'manual', status: 'queued' }),
                  notification({ id: 10, to: null, status: 'skipped' }),
                ],
                recipients,
                preview,
              },
              { status: 201 },
            );
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1/notifications', { conferences });
    await user.click(await screen.findByRole('button', { name: 'メッセージを送信' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'メッセージを送信' });

    // nothing is sent without a subject and body, nor to chosen companies without any chosen
    await user.click(within(dialog).getByRole('radio', { name: '選んだ事業所' }));
    await user.click(within(dialog).getByRole('button', { name: 'プレビュー' }));
    expect(within(dialog).getByText('送信する事業所を1つ以上選んでください。')).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await user.click(await within(dialog).findByRole('checkbox', { name: '株式会社アクメ（C010）' }, WAIT));
    await user.click(within(dialog).getByRole('checkbox', { name: '日本橋製作所（C012）' }));
    await user.type(within(dialog).getByRole('textbox', { name: /件名/ }), '会場変更');
    await user.type(within(dialog).getByRole('textbox', { name: /本文/ }), '会場が変わりました。');
    await user.click(within(dialog).getByRole('button', { name: 'プレビュー' }));

    const preview = await screen.findByRole('dialog', { name: '送信内容の確認' }, WAIT);
    expect(posts[0]).toEqual({ company_ids: [10, 12], subject: '会場変更', body: '会場が変わりました。', preview: true });
    expect(within(preview).getByText('宛先（2社）')).toBeInTheDocument();
    expect(within(preview).getByText('うち送付不可 1社')).toBeInTheDocument();
    expect(within(preview).getByText('送付不可')).toBeInTheDocument();
    expect(within(preview).getByText('件名: 【お知らせ】会場変更')).toBeInTheDocument();
    expect(within(preview).getByText(/会場が変わりました。/)).toBeInTheDocument();

    await user.click(within(preview).getByRole('button', { name: '送信' }));
    await waitFor(() => expect(posts).toHaveLength(2), WAIT);
    expect(posts[1]).toEqual({ company_ids: [10, 12], subject: '会場変更', body: '会場が変わりました。' });
    expect(await screen.findByText('2件のメッセージを送信しました。', {}, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
  }, 30_000);

  it('sends to every unanswered company', async () => {
    signIn();
    const posts: Record<string, unknown>[] = [];
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail({ status: 'published' }, []))),
      http.get(`${API}/conferences/1/notifications`, () =>
        HttpResponse.json({ data: [], meta: { page: 1, page_size: 25, total: 0 }, reminders: [] }),
      ),
      http.post(`${API}/conferences/1/notifications`, async ({ request }) => {
        posts.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({
          created: [],
          recipients: [{ company_id: 12, company_code: 'C012', name1: '日本橋製作所', to: 'a@example.jp' }],
          preview: { subject: '件名', text: '本文' },
        });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1/notifications', { conferences });
    await user.click(await screen.findByRole('button', { name: 'メッセージを送信' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'メッセージを送信' });
    expect(within(dialog).getByRole('radio', { name: 'すべての未回答の事業所' })).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: /件名/ }), 'ご回答のお願い');
    await user.type(within(dialog).getByRole('textbox', { name: /本文/ }), 'ご回答ください。');
    await user.click(within(dialog).getByRole('button', { name: 'プレビュー' }));
    await screen.findByRole('dialog', { name: '送信内容の確認' }, WAIT);
    expect(posts[0]).toEqual({ unanswered: true, subject: 'ご回答のお願い', body: 'ご回答ください。', preview: true });
  }, 30_000);
});
