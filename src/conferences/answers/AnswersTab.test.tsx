/**
 * 回答状況 and 招待事業所 tabs (issue 4 §3) against MSW: tallies and response rates of the
 * conference and its sub-conference, per-company answers with the proxy's name, the conference
 * companies list with answer_content.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { renderAdmin } from '../../common/testing/renderAdmin';
import conferences from '..';
import { API, answersFixture, detail, list, signIn } from '../test/fixtures';

/** Debounced filters and chained requests can take more than waitFor's default second on a busy machine. */
const WAIT = { timeout: 5000 };

const tallyOf = (table: HTMLElement) =>
  Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]),
  );

describe('answers tab', () => {
  it('tallies the conference and its sub-conference, with response rates of companies and people', async () => {
    signIn();
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
      http.get(`${API}/conference_members`, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return list(answersFixture(), 8, 1, 1000);
      }),
    );
    renderAdmin('/conferences/1/answers', { conferences });

    const assembly = await screen.findByRole('table', { name: '通常議員総会の回答の集計' }, { timeout: 5000 });
    expect(tallyOf(assembly)).toEqual({ 出席: '1', 欠席: '1', 代理出席: '1', 委任状: '1', 未回答: '2' });
    expect(screen.getByTestId('companies-rate-1')).toHaveTextContent('事業所の回答率2 / 4（50%）');
    expect(screen.getByTestId('people-rate-1')).toHaveTextContent('招待者の回答率4 / 6（66.7%）');
    expect(within(screen.getByTestId('tally-1')).getByText('うち一部回答 1社')).toBeInTheDocument();

    const party = screen.getByRole('table', { name: '懇親会の回答の集計' });
    expect(tallyOf(party)).toEqual({ 出席: '1', 欠席: '0', 代理出席: '0', 委任状: '0', 未回答: '1' });
    expect(screen.getByTestId('people-rate-2')).toHaveTextContent('1 / 2（50%）');
    expect(screen.getByTestId('companies-rate-2')).toHaveTextContent('1 / 2（50%）');
    // one request for the conference and its sub-conference
    expect(queries[0].get('conference_id__in')).toBe('1,2');
  }, 30_000);

  it("lists each company's invitees with their answer and the proxy's name, filterable by answer", async () => {
    signIn();
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
      http.get(`${API}/conference_members`, () => list(answersFixture(), 8, 1, 1000)),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1/answers', { conferences });
    const acme = await screen.findByTestId('company-10', {}, { timeout: 5000 });
    expect(within(acme).getByText('株式会社アクメ（C010）')).toBeInTheDocument();
    expect(within(acme).getByText('回答済')).toBeInTheDocument();
    expect(within(acme).getByText('2/2名回答')).toBeInTheDocument();
    const proxyRow = within(acme).getByText('山田 花子').closest('tr')!;
    expect(within(proxyRow).getByText('代理出席')).toBeInTheDocument();
    expect(within(proxyRow).getByText('代理: 佐藤 次郎（部長）')).toBeInTheDocument();
    expect(within(screen.getByTestId('company-11')).getByText('一部回答')).toBeInTheDocument();
    // the company's summary and its one invitee's answer
    expect(within(screen.getByTestId('company-12')).getAllByText('未回答')).toHaveLength(2);
    expect(within(screen.getByTestId('company-13')).getByText('委任状')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: '回答で絞り込み' }));
    await user.click(await screen.findByRole('option', { name: '未回答' }));
    await waitFor(() => expect(screen.queryByTestId('company-10')).not.toBeInTheDocument(), WAIT);
    expect(within(screen.getByTestId('company-11')).getByText('鈴木 二郎')).toBeInTheDocument();
    expect(within(screen.getByTestId('company-11')).queryByText('鈴木 一郎')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('company-12')).getByText('高橋 三郎')).toBeInTheDocument();

    // the sub-conference's answers
    await user.click(screen.getByRole('combobox', { name: '対象の会議' }));
    await user.click(await screen.findByRole('option', { name: '懇親会（子会議）' }));
    await waitFor(() => expect(screen.queryByTestId('company-12')).not.toBeInTheDocument(), WAIT);
    expect(within(screen.getByTestId('company-11')).getByText('鈴木 一郎')).toBeInTheDocument();
  }, 30_000);

  it('opened with ?answer=none (the staff home’s 締切が近い未回答), lists only the unanswered', async () => {
    signIn();
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
      http.get(`${API}/conference_members`, () => list(answersFixture(), 8, 1, 1000)),
    );
    renderAdmin('/conferences/1/answers?answer=none', { conferences });
    const suzuki = await screen.findByTestId('company-11', {}, { timeout: 5000 });
    expect(within(suzuki).getByText('鈴木 二郎')).toBeInTheDocument();
    expect(within(suzuki).queryByText('鈴木 一郎')).not.toBeInTheDocument();
    expect(screen.queryByTestId('company-10')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '回答で絞り込み' })).toHaveTextContent('未回答');
  }, 30_000);
});

describe('invited companies tab', () => {
  it('lists conference_companies with the company and its answer summary, and filters by it', async () => {
    signIn();
    const queries: URLSearchParams[] = [];
    const row = (id: number, code: string, name1: string, answer_content: string | null) => ({
      id,
      cci_code: 'TKY',
      conference_id: 1,
      company_id: id,
      answer_content,
      answered_at: answer_content ? '2026-11-02T03:00:00.000Z' : null,
      answered_by: null,
      version: 1,
      created_at: '2026-10-01T00:00:00.000Z',
      updated_at: '2026-10-01T00:00:00.000Z',
      company: { company_code: code, name1, name_kana: null },
    });
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
      http.get(`${API}/conference_companies`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        const rows = [
          row(10, 'C010', '株式会社アクメ', 'answered'),
          row(11, 'C011', '丸の内商事', 'partial'),
          row(12, 'C012', '日本橋製作所', null),
        ];
        return list(query.get('answer_content') === 'none' ? rows.slice(2) : rows, undefined, 1, 25);
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1/companies', { conferences });
    const acme = (await screen.findByText('株式会社アクメ', {}, { timeout: 5000 })).closest('tr')!;
    expect(within(acme).getByText('C010')).toBeInTheDocument();
    expect(within(acme).getByText('回答済')).toBeInTheDocument();
    expect(within(acme).getByText('2026/11/02(月) 12:00')).toBeInTheDocument();
    expect(within(screen.getByText('丸の内商事').closest('tr')!).getByText('一部回答')).toBeInTheDocument();
    expect(within(screen.getByText('日本橋製作所').closest('tr')!).getByText('未回答')).toBeInTheDocument();
    expect(queries[0].get('conference_id')).toBe('1');
    expect(queries[0].get('expand')).toBe('company');

    await user.click(screen.getByRole('combobox', { name: '回答状況' }));
    await user.click(await screen.findByRole('option', { name: '未回答' }));
    await waitFor(() => expect(queries.at(-1)?.get('answer_content')).toBe('none'), WAIT);
    await waitFor(() => expect(screen.queryByText('株式会社アクメ')).not.toBeInTheDocument(), WAIT);
  }, 30_000);
});
