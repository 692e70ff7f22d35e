/**
 * 招待事業所 tab (issue 4 §3) against MSW: what the user sees when the list cannot be loaded (the
 * reason and 再読み込み, which loads it again) and when no company is invited. The list itself and
 * its filter are tested in AnswersTab.test.tsx.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { renderAdmin } from '../../common/testing/renderAdmin';
import conferences from '..';
import { API, detail, list, signIn } from '../test/fixtures';

/** Debounced filters and chained requests can take more than waitFor's default second on a busy machine. */
const WAIT = { timeout: 5000 };

const acme = {
  id: 10,
  cci_code: 'TKY',
  conference_id: 1,
  company_id: 10,
  answer_content: 'answered',
  answered_at: '2026-11-02T03:00:00.000Z',
  answered_by: null,
  version: 1,
  created_at: '2026-10-01T00:00:00.000Z',
  updated_at: '2026-10-01T00:00:00.000Z',
  company: { company_code: 'C010', name1: '株式会社アクメ', name_kana: null },
};

describe('invited companies tab, failures and emptiness', () => {
  it('a failed load shows the reason and 再読み込み, which loads the list again', async () => {
    signIn();
    let failing = true;
    let requests = 0;
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
      http.get(`${API}/conference_companies`, () => {
        requests += 1;
        return failing ? HttpResponse.json({}, { status: 503 }) : list([acme], 1, 1, 25);
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/conferences/1/companies', { conferences });

    const alert = await screen.findByRole('alert', {}, WAIT);
    expect(alert).toHaveTextContent('ただいまサービスを利用できません。しばらくしてから再度お試しください。');
    // said once, in place (not also as a toast), and not as "no companies"
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('招待事業所はありません。')).not.toBeInTheDocument();
    const failed = requests;

    failing = false;
    await user.click(within(alert).getByRole('button', { name: '再読み込み' }));
    const row = (await screen.findByText('株式会社アクメ', {}, WAIT)).closest('tr')!;
    expect(within(row).getByText('回答済')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(requests).toBeGreaterThan(failed);
  }, 30_000);

  it('says so when no company is invited, with no error', async () => {
    signIn();
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
      http.get(`${API}/conference_companies`, () => list([], 0, 1, 25)),
    );
    renderAdmin('/conferences/1/companies', { conferences });
    expect(await screen.findByText('招待事業所はありません。', {}, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument(), WAIT);
  }, 30_000);
});
