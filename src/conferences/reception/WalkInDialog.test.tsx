/**
 * 当日参加 at the desk (issue 14, WalkInSchema): the form asks for what each kind needs before
 * sending — a person not invited (company, name), or a substitute instead of a principal not yet
 * checked in — and the person is checked in at once.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { API } from '../test/fixtures';
import { ROWS, checkedIn, counts, deskServer, row } from './test/fixtures';
import { countsShown, openDesk } from './test/desk';

const WAIT = { timeout: 10_000 };

describe('WalkInDialog', () => {
  it('当日参加: the form asks for the company and the name, then checks the person in', async () => {
    const { state } = deskServer();
    const bodies: unknown[] = [];
    server.use(
      http.get(`${API}/conference_companies`, () =>
        HttpResponse.json({
          data: [
            { company_id: 10, company: { company_code: 'C010', name1: '株式会社アクメ', name_kana: null } },
            { company_id: 11, company: { company_code: 'C011', name1: '丸の内商事', name_kana: null } },
          ],
          meta: { page: 1, page_size: 1000, total: 2 },
        }),
      ),
      http.post(`${API}/conferences/1/walk_ins`, async ({ request }) => {
        bodies.push(await request.json());
        const walkIn = checkedIn(
          row({
            id: 9,
            member_name: '木村 五郎',
            member_title: '課長',
            answer_content: 'attend',
            walk_in: true,
            category: 'companion',
          }),
        );
        state.rows = [...ROWS, walkIn];
        state.counts = counts(3, 1);
        return HttpResponse.json({ row: walkIn, already: false, counts: state.counts }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await openDesk();

    await user.click(screen.getByRole('button', { name: '当日参加' }));
    const dialog = await screen.findByRole('dialog', { name: '当日参加の受付' });
    await user.click(within(dialog).getByRole('button', { name: '受付する' }));
    expect(within(dialog).getAllByText('必須項目です')).toHaveLength(2);
    expect(bodies).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: '事業所' }));
    await user.click(await screen.findByRole('option', { name: '株式会社アクメ（C010）' }));
    await user.type(within(dialog).getByRole('textbox', { name: '氏名' }), '木村 五郎');
    await user.type(within(dialog).getByRole('textbox', { name: '役職' }), '課長');
    await user.click(within(dialog).getByRole('button', { name: '受付する' }));
    await waitFor(
      () => expect(screen.getByTestId('desk-result')).toHaveTextContent('木村 五郎株式会社アクメ当日参加で受付しました'),
      WAIT,
    );
    expect(bodies).toEqual([{ company_id: 10, name: '木村 五郎', title: '課長' }]);
    expect(countsShown()).toEqual({ expected: '3', checked_in: '1', not_arrived: '2' });
  }, 30_000);

  it('当日参加 instead of the invited principal: pick the principal, then the substitute is checked in', async () => {
    const { state } = deskServer();
    const bodies: unknown[] = [];
    server.use(
      http.get(`${API}/conference_companies`, () =>
        HttpResponse.json({
          data: [{ company_id: 10, company: { company_code: 'C010', name1: '株式会社アクメ', name_kana: null } }],
          meta: { page: 1, page_size: 1000, total: 1 },
        }),
      ),
      http.post(`${API}/conferences/1/walk_ins`, async ({ request }) => {
        bodies.push(await request.json());
        const substitute = checkedIn({ ...ROWS[0], answer_content: 'proxy_attend', proxy_name: '木村 五郎', proxy_title: null });
        state.rows = [substitute, ...ROWS.slice(1)];
        state.counts = counts(2, 1);
        return HttpResponse.json({ row: substitute, already: false, counts: state.counts }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await openDesk();

    await user.click(screen.getByRole('button', { name: '当日参加' }));
    const dialog = await screen.findByRole('dialog', { name: '当日参加の受付' });
    await user.click(within(dialog).getByRole('radio', { name: '招待者の代理の方' }));
    await user.click(within(dialog).getByRole('combobox', { name: '事業所' }));
    await user.click(await screen.findByRole('option', { name: '株式会社アクメ（C010）' }));
    await user.type(within(dialog).getByRole('textbox', { name: '氏名' }), '木村 五郎');
    await user.click(within(dialog).getByRole('button', { name: '受付する' }));
    expect(within(dialog).getByText('必須項目です')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    // アクメ's principals not yet checked in are offered
    await user.click(within(dialog).getByRole('combobox', { name: /代理される招待者/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['山田 太郎（代表取締役）', '山田 花子（専務）']);
    await user.click(options[0]);
    await user.click(within(dialog).getByRole('button', { name: '受付する' }));
    await waitFor(
      () => expect(screen.getByTestId('desk-result')).toHaveTextContent('木村 五郎株式会社アクメ当日参加で受付しました'),
      WAIT,
    );
    expect(bodies).toEqual([{ instead_of: 1, name: '木村 五郎', title: null }]);
  }, 30_000);

  it('someone already invited is offered to be checked in on their own row', async () => {
    deskServer();
    const checkIns: unknown[] = [];
    server.use(
      http.get(`${API}/conference_companies`, () =>
        HttpResponse.json({
          data: [{ company_id: 10, company: { company_code: 'C010', name1: '株式会社アクメ', name_kana: null } }],
          meta: { page: 1, page_size: 1000, total: 1 },
        }),
      ),
      http.post(`${API}/conferences/1/walk_ins`, () =>
        HttpResponse.json(
          { status: 409, code: 'already_invited', detail: 'この方は既にこの会議に招待されています。', conference_member_id: 1 },
          { status: 409, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
      http.post(`${API}/conferences/1/check_ins`, async ({ request }) => {
        checkIns.push(await request.json());
        return HttpResponse.json({ row: checkedIn(ROWS[0]), already: false, counts: counts(2, 1) }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await openDesk();

    await user.click(screen.getByRole('button', { name: '当日参加' }));
    const dialog = await screen.findByRole('dialog', { name: '当日参加の受付' });
    await user.click(within(dialog).getByRole('combobox', { name: '事業所' }));
    await user.click(await screen.findByRole('option', { name: '株式会社アクメ（C010）' }));
    await user.type(within(dialog).getByRole('textbox', { name: '氏名' }), '山田 太郎');
    await user.click(within(dialog).getByRole('button', { name: '受付する' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('この方は既にこの会議に招待されています。');

    await user.click(within(dialog).getByRole('button', { name: 'この方を受付' }));
    await waitFor(() => expect(screen.getByTestId('desk-result')).toHaveTextContent('山田 太郎株式会社アクメ受付しました'), WAIT);
    expect(checkIns).toEqual([{ conference_member_id: 1 }]);
  }, 30_000);
});
