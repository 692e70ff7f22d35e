import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { amplify } from '../../test/amplifyMock';
import { companySessionOk } from '../../test/handlers';
import { currentPath, renderPortal } from '../test/renderPortal';
import { conferenceRow, NOW } from '../test/fixtures';
import type { CompanyConference } from '../api';
import CompanyMeetingsPage from './CompanyMeetingsPage';
import { loadMeetingsPage } from './meetingsQuery';

type Handler = (params: URLSearchParams) => { data: CompanyConference[]; total: number };

/** Answers GET /v1/company/conferences with `handler`, recording each query string. */
const conferencesApi = (handler: Handler) => {
  const queries: URLSearchParams[] = [];
  server.use(
    ...companySessionOk(),
    http.get('*/v1/company/conferences', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const { data, total } = handler(params);
      return HttpResponse.json({
        data,
        meta: { page: Number(params.get('page')), page_size: Number(params.get('page_size')), total },
      });
    }),
  );
  return queries;
};

const renderPage = (url = '/company/meetings') => renderPortal(<CompanyMeetingsPage />, { url, path: '/company/meetings' });

const assembly: CompanyConference = {
  ...conferenceRow(),
  sub_conferences: [
    conferenceRow({
      id: 11,
      parent_id: 10,
      name: '懇親会',
      event_date: '2026-11-21T07:30:00.000Z',
      place: 'ホテルデモ 2階 宴会場',
    }),
  ],
};
const section: CompanyConference = {
  ...conferenceRow({
    id: 20,
    name: '商業部会 定例会',
    event_date: '2026-11-16T06:00:00.000Z',
    answer_deadline: '2026-11-11T08:00:00.000Z',
    allow_delegate: false,
    answer_status: 'partial',
    place: '3階 第1会議室',
  }),
  sub_conferences: [],
};

describe('/company/meetings', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    amplify.signInAs('COMPANY_ADMIN');
  });

  it('回答受付中 lists unanswered and partly answered conferences by date, with weekday dates, place, deadline and days left', async () => {
    const queries = conferencesApi((p) =>
      p.get('answer_status') === 'unanswered' ? { data: [assembly], total: 1 } : { data: [section], total: 1 },
    );
    renderPage();
    const cards = await screen.findAllByTestId('meeting-card');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 2 }).textContent)).toEqual([
      '商業部会 定例会',
      '第75回 通常議員総会',
    ]);
    expect(screen.getByRole('tab', { name: '回答受付中' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('全2件')).toBeInTheDocument();

    const first = within(cards[1]);
    expect(first.getByText('2026年11月21日(土) 14:00')).toBeInTheDocument();
    expect(first.getByText('デモ商工会議所会館 5階 大ホール')).toBeInTheDocument();
    expect(first.getByText(/2026年11月14日\(土\) 17:00/)).toBeInTheDocument();
    expect(first.getByTestId('days-left')).toHaveTextContent('（あと3日）');
    expect(first.getAllByTestId('answer-status')[0]).toHaveTextContent('未回答');
    expect(first.getByRole('link', { name: '第75回 通常議員総会' })).toHaveAttribute('href', '/company/meetings/10');
    expect(within(cards[0]).getByTestId('days-left')).toHaveTextContent('（本日締切）');
    expect(within(cards[0]).getByTestId('answer-status')).toHaveTextContent('一部回答');

    const statuses = queries.map((q) => q.get('answer_status')).sort();
    expect(statuses).toEqual(['partial', 'unanswered']);
    for (const q of queries) {
      expect(q.get('hidden_happened')).toBeNull(); // server default: held conferences hidden
      expect(q.get('expand')).toBe('sub_conferences');
      expect(q.get('sort')).toBe('event_date');
    }
  });

  it('groups sub-conferences under their parent', async () => {
    conferencesApi((p) => (p.get('answer_status') === 'unanswered' ? { data: [assembly], total: 1 } : { data: [], total: 0 }));
    renderPage();
    const [card] = await screen.findAllByTestId('meeting-card');
    const sub = within(card).getByTestId('sub-conference');
    expect(within(sub).getByText('懇親会')).toBeInTheDocument();
    expect(within(sub).getByText(/16:30 ／ 会場: ホテルデモ 2階 宴会場/)).toBeInTheDocument();
    expect(within(card).getByRole('heading', { level: 3, name: '同時開催' })).toBeInTheDocument();
  });

  it('回答済 and 終了 ask for their status; 終了 includes held conferences, latest first', async () => {
    const queries = conferencesApi((p) => {
      if (p.get('answer_status') === 'answered') return { data: [{ ...assembly, answer_status: 'answered' }], total: 1 };
      if (p.get('answer_status') === 'closed') {
        return { data: [{ ...section, name: '第312回 常議員会', status: 'held', answer_status: 'closed' }], total: 1 };
      }
      return { data: [], total: 0 };
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('回答を受け付けている会議はありません。')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: '回答済' }));
    const [answered] = await screen.findAllByTestId('meeting-card');
    expect(within(answered).getAllByTestId('answer-status')[0]).toHaveTextContent('回答済');
    expect(currentPath()).toBe('/company/meetings?tab=answered');
    const answeredQuery = queries.find((q) => q.get('answer_status') === 'answered')!;
    expect(answeredQuery.get('page_size')).toBe('10');

    await user.click(screen.getByRole('tab', { name: '終了' }));
    expect(await screen.findByText('第312回 常議員会')).toBeInTheDocument();
    expect(screen.getByText('開催済')).toBeInTheDocument();
    expect(screen.getByText('受付終了')).toBeInTheDocument();
    expect(screen.queryByTestId('days-left')).not.toBeInTheDocument();
    const closedQuery = queries.find((q) => q.get('answer_status') === 'closed')!;
    expect(closedQuery.get('hidden_happened')).toBe('false');
    expect(closedQuery.get('sort')).toBe('-event_date');
  });

  it('10 per page: the pager asks for the next page', async () => {
    const page = (n: number) =>
      Array.from({ length: n === 3 ? 3 : 10 }, (_, i) => ({
        ...assembly,
        id: 100 + (n - 1) * 10 + i,
        name: `会議 ${(n - 1) * 10 + i + 1}`,
        answer_status: 'answered' as const,
      }));
    const queries = conferencesApi((p) => ({ data: page(Number(p.get('page'))), total: 23 }));
    const user = userEvent.setup();
    renderPage('/company/meetings?tab=answered');
    expect(await screen.findAllByTestId('meeting-card')).toHaveLength(10);
    const pager = screen.getByRole('navigation', { name: 'ページ切り替え' });
    await user.click(within(pager).getByRole('button', { name: '次のページ' }));
    expect(await screen.findByText('会議 11')).toBeInTheDocument();
    expect(currentPath()).toBe('/company/meetings?tab=answered&page=2');
    expect(queries.at(-1)?.get('page')).toBe('2');
    expect(within(pager).getByRole('button', { name: '2ページ目（表示中）' })).toHaveAttribute('aria-current', 'page');
  });

  it('a failed load says so and offers to retry', async () => {
    server.use(
      ...companySessionOk(),
      http.get('*/v1/company/conferences', () => HttpResponse.json({}, { status: 500 })),
    );
    renderPage();
    expect(await screen.findByText('データを読み込めませんでした。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeInTheDocument();
  });
});

describe('loadMeetingsPage (回答受付中 merge)', () => {
  it('page 2 of unanswered + partial is items 11–20 of both merged by event date', async () => {
    const make = (prefix: string, n: number, offsetHours: number) =>
      Array.from({ length: n }, (_, i) => ({
        ...assembly,
        id: (prefix === 'u' ? 1000 : 2000) + i,
        name: `${prefix}${i}`,
        event_date: new Date(Date.UTC(2026, 11, 1, offsetHours + i * 2)).toISOString(),
      }));
    const unanswered = make('u', 15, 0); // even hours
    const partial = make('p', 8, 1); // odd hours
    const fetch = vi.fn(async (params: { answer_status?: string; page_size: number }) => {
      const all = params.answer_status === 'unanswered' ? unanswered : partial;
      return { data: all.slice(0, params.page_size), meta: { total: all.length } };
    });
    const result = await loadMeetingsPage('open', 2, undefined, fetch);
    expect(fetch).toHaveBeenCalledWith(
      expect.objectContaining({ page: 1, page_size: 20, answer_status: 'unanswered' }),
      undefined,
    );
    expect(result.total).toBe(23);
    expect(result.data.map((c) => c.name)).toEqual(['u5', 'p5', 'u6', 'p6', 'u7', 'p7', 'u8', 'u9', 'u10', 'u11']);
  });
});
