/** 会議一覧 (issue 4 §3) against MSW: dates with weekday, status chips, and the filters' query. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { renderAdmin } from '../common/testing/renderAdmin';
import conferences from '.';
import { API, conference, list, signIn, subConference } from './test/fixtures';

/** Debounced filters and chained requests can take more than waitFor's default second on a busy machine. */
const WAIT = { timeout: 5000 };

describe('conferences list', () => {
  it('shows event dates with the Japanese weekday, status chips in Japanese and marks sub-conferences', async () => {
    signIn();
    server.use(
      http.get(`${API}/conferences`, () =>
        list([
          conference({ status: 'published' }),
          subConference({ status: 'cancelled' }),
          conference({ id: 3, name: '常議員会', status: 'held' }),
        ]),
      ),
      http.get(`${API}/conferences/1`, () => HttpResponse.json({ ...conference(), sub_conferences: [] })),
    );
    renderAdmin('/conferences', { conferences });

    await screen.findByText('常議員会', {}, { timeout: 5000 });
    const row = screen.getAllByText('通常議員総会')[0].closest('tr')!;
    expect(within(row).getByText('2026/11/21(土) 14:00')).toBeInTheDocument();
    expect(within(row).getByText('2026/11/14(土) 23:59')).toBeInTheDocument();
    expect(within(row).getByText('公開中')).toBeInTheDocument();
    const sub = screen.getByText('懇親会').closest('tr')!;
    expect(within(sub).getByText('子会議')).toBeInTheDocument();
    expect(within(sub).getByText('中止')).toBeInTheDocument();
    expect(within(sub).getByText('2026/11/21(土) 16:30')).toBeInTheDocument();
    // the parent's name under the sub-conference's
    expect(await within(sub).findByText('通常議員総会')).toBeInTheDocument();
    expect(within(screen.getByText('常議員会').closest('tr')!).getByText('開催済')).toBeInTheDocument();
  });

  it('sends keyword, event-date range, status and only-sub-conferences as the API expects', async () => {
    signIn();
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(`${API}/conferences`, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return list([conference()]);
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences', { conferences });
    await screen.findByText('通常議員総会', {}, { timeout: 5000 });
    expect(queries[0].get('sort')).toBe('-event_date');
    expect(queries[0].get('page')).toBe('1');
    expect(queries[0].get('page_size')).toBe('10');

    await user.type(screen.getByLabelText('キーワード'), '総会');
    await waitFor(() => expect(queries.at(-1)?.get('keyword')).toBe('総会'), WAIT);

    fireEvent.change(screen.getByLabelText('開催日（から）'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(queries.at(-1)?.get('event_date__gte')).toBe('2026-11-01'), WAIT);
    fireEvent.change(screen.getByLabelText('開催日（まで）'), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(queries.at(-1)?.get('event_date__lte')).toBe('2026-11-30'), WAIT);

    await user.click(screen.getByRole('combobox', { name: '状態' }));
    await user.click(await screen.findByRole('option', { name: '締切' }));
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('closed'), WAIT);

    expect(queries.at(-1)?.has('only_sub_conferences')).toBe(false);
    await user.click(screen.getByRole('switch', { name: '子会議のみ' }));
    await waitFor(() => expect(queries.at(-1)?.get('only_sub_conferences')).toBe('true'), WAIT);
    const last = queries.at(-1)!;
    expect(last.get('keyword')).toBe('総会');
    expect(last.get('event_date__gte')).toBe('2026-11-01');
    expect(last.get('event_date__lte')).toBe('2026-11-30');
    expect(last.get('status')).toBe('closed');

    // unticking removes the restriction rather than sending false
    await user.click(screen.getByRole('switch', { name: '子会議のみ' }));
    await waitFor(() => expect(queries.at(-1)?.has('only_sub_conferences')).toBe(false), WAIT);
  });

  it('says in Japanese when no conference matches the filters', async () => {
    signIn();
    server.use(
      http.get(`${API}/conferences`, ({ request }) =>
        new URL(request.url).searchParams.get('status') ? list([]) : list([conference()]),
      ),
    );
    renderAdmin('/conferences?filter=' + encodeURIComponent(JSON.stringify({ status: 'held' })), { conferences });
    expect(await screen.findByText('条件に一致する会議はありません', {}, WAIT)).toBeInTheDocument();
  });
});
