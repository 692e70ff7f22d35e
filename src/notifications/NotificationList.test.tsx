/** 送信履歴 (issue 13, DESIGN.md §11.2) against MSW: the list, its filters as query parameters, 再送. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { renderAdmin } from '../common/testing/renderAdmin';
import notifications from '.';
import conferences from '../conferences';
import { API, conference, list, signIn } from '../conferences/test/fixtures';
import { outbox } from './test/fixtures';

const WAIT = { timeout: 5000 };

describe('送信履歴 list', () => {
  it('lists the outbox newest first, filters by kind and status, and resends a failed row', async () => {
    signIn('CCI_CONFERENCE_USER');
    const queries: URLSearchParams[] = [];
    const resent: string[] = [];
    server.use(
      http.get(`${API}/notifications`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        const rows = outbox().filter((r) => !query.get('status') || r.status === query.get('status'));
        return list(rows, rows.length, 1, 25);
      }),
      http.get(`${API}/conferences`, () => list([conference()])),
      http.post(`${API}/notifications/3/resend`, () => {
        resent.push('3');
        return HttpResponse.json({ ...outbox()[2], status: 'queued', error: null });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/notifications', { notifications, conferences });

    const acme = (await screen.findByText('soumu@acme.example.jp', {}, WAIT)).closest('tr')!;
    expect(within(acme).getByText('招待')).toBeInTheDocument();
    expect(within(acme).getByText('通常議員総会')).toBeInTheDocument();
    expect(within(acme).getByText('送信済')).toBeInTheDocument();
    const skipped = screen.getByText('日本橋製作所').closest('tr')!;
    expect(within(skipped).getByText('送付不可')).toBeInTheDocument();
    expect(queries[0].get('sort')).toBe('-created_at');

    await user.click(screen.getByRole('combobox', { name: '状態' }));
    await user.click(await screen.findByRole('option', { name: '送信失敗' }));
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('failed'), WAIT);
    await waitFor(() => expect(screen.queryByText('日本橋製作所')).not.toBeInTheDocument(), WAIT);

    await user.click(screen.getByRole('combobox', { name: '種類' }));
    await user.click(await screen.findByRole('option', { name: 'リマインダー' }));
    await waitFor(() => expect(queries.at(-1)?.get('kind')).toBe('reminder'), WAIT);

    await user.click(screen.getByRole('button', { name: '丸の内商事への「【リマインダー】通常議員総会」を再送' }));
    await waitFor(() => expect(resent).toEqual(['3']), WAIT);
    expect(await screen.findByText('再送を受け付けました。', {}, WAIT)).toBeInTheDocument();
  }, 30_000);

  it('tells a refused resend in Japanese', async () => {
    signIn();
    server.use(
      http.get(`${API}/notifications`, () => list(outbox(), 3, 1, 25)),
      http.get(`${API}/conferences`, () => list([conference()])),
      http.post(`${API}/notifications/3/resend`, () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Unprocessable', status: 422, code: 'not_resendable', detail: 'x' },
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/notifications', { notifications, conferences });
    await user.click(await screen.findByRole('button', { name: '丸の内商事への「【リマインダー】通常議員総会」を再送' }, WAIT));
    expect(await screen.findByText('送信に失敗したメッセージのみ再送できます。', {}, WAIT)).toBeInTheDocument();
  }, 30_000);
});
