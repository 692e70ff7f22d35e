/**
 * Staff-recorded answers (issue 13, DESIGN.md §11.2) against MSW: the channel and 期限後 in the
 * answers list, the channel tally, recording a FAX answer (the PUT body, the list after it), the
 * required fields of 代理出席, and the problem code of a refused save.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { renderAdmin } from '../../common/testing/renderAdmin';
import conferences from '..';
import { API, answersFixture, detail, list, signIn } from '../test/fixtures';

const WAIT = { timeout: 5000 };

const recordDialog = async (name: string) => {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `${name}の回答を記録` }, WAIT));
  const dialog = await screen.findByRole('dialog', { name: `${name}の回答を記録` });
  return { user, dialog };
};

describe('recording an answer received by the chamber', () => {
  it('shows each answer’s channel, who recorded it, 期限後 and the tally by channel', async () => {
    signIn();
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
      http.get(`${API}/conference_members`, () => list(answersFixture(), 8, 1, 1000)),
    );
    renderAdmin('/conferences/1/answers', { conferences });
    const acme = await screen.findByTestId('company-10', {}, WAIT);
    const faxRow = within(acme).getByText('山田 花子').closest('tr')!;
    expect(within(faxRow).getByText('会議所受付（FAX）')).toBeInTheDocument();
    expect(within(faxRow).getByText('期限後')).toBeInTheDocument();
    // issue 33: the staff member who typed the FAX in; the company's user for its portal answer
    expect(within(faxRow).getByText('記録：会議所 花子')).toBeInTheDocument();
    const portalRow = within(acme).getByText('山田 太郎').closest('tr')!;
    expect(within(portalRow).getByText('ポータル')).toBeInTheDocument();
    expect(within(portalRow).getByText('記録：アクメ 管理者')).toBeInTheDocument();
    expect(screen.getByTestId('channels-1')).toHaveTextContent('ポータル 1FAX 1電話 1紙 1');
  }, 30_000);

  it('records a FAX answer: sends the answer, channel and received time, then lists it', async () => {
    signIn();
    const bodies: unknown[] = [];
    let rows = answersFixture();
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
      http.get(`${API}/conference_members`, () => list(rows, rows.length, 1, 1000)),
      http.put(`${API}/conference_members/4`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        rows = rows.map((r) => (r.id === 4 ? { ...r, ...body, answer_content: 'absent', answer_channel: 'fax', version: 2 } : r));
        return HttpResponse.json(rows.find((r) => r.id === 4));
      }),
    );
    renderAdmin('/conferences/1/answers', { conferences });
    const { user, dialog } = await recordDialog('鈴木 二郎');
    // 委任状 is offered: the 総会 allows it
    expect(within(dialog).getByRole('radio', { name: '委任状' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '欠席' }));
    await user.click(within(dialog).getByRole('combobox', { name: /受付方法/ }));
    await user.click(await screen.findByRole('option', { name: 'FAX' }));
    fireEvent.change(within(dialog).getByLabelText('受付日時'), { target: { value: '2026-11-10T10:00' } });
    await user.click(within(dialog).getByRole('button', { name: '記録する' }));

    await waitFor(() => expect(bodies).toHaveLength(1), WAIT);
    expect(bodies[0]).toEqual({
      version: 1,
      answer_content: 'absent',
      answer_channel: 'fax',
      answer_received_at: '2026-11-10T10:00:00+09:00',
    });
    expect(await screen.findByText('鈴木 二郎の回答を記録しました。', {}, WAIT)).toBeInTheDocument();
    const row = within(screen.getByTestId('company-11')).getByText('鈴木 二郎').closest('tr')!;
    await waitFor(() => expect(within(row).getByText('会議所受付（FAX）')).toBeInTheDocument(), WAIT);
    expect(within(row).getByText('欠席')).toBeInTheDocument();
  }, 30_000);

  it('asks for the channel and the substitute’s name and title, and tells a refused save in Japanese', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
      http.get(`${API}/conference_members`, () => list(answersFixture(), 8, 1, 1000)),
      http.put(`${API}/conference_members/5`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { type: 'about:blank', title: 'Unprocessable', status: 422, code: 'conference_cancelled', detail: 'cancelled' },
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        );
      }),
    );
    renderAdmin('/conferences/1/answers', { conferences });
    const { user, dialog } = await recordDialog('高橋 三郎');
    await user.click(within(dialog).getByRole('radio', { name: '代理出席' }));
    await user.click(within(dialog).getByRole('button', { name: '記録する' }));
    expect(within(dialog).getByText('代理出席者の氏名を入力してください。')).toBeInTheDocument();
    expect(within(dialog).getByText('代理出席者の肩書を入力してください。')).toBeInTheDocument();
    expect(within(dialog).getByText('受付方法を選んでください。')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('受付日時'), { target: { value: '2099-01-01T10:00' } });
    await user.click(within(dialog).getByRole('button', { name: '記録する' }));
    expect(within(dialog).getByText('受付日時に未来の日時は指定できません。')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('受付日時'), { target: { value: '2026-11-10T10:00' } });

    await user.type(within(dialog).getByRole('textbox', { name: /代理出席者の氏名/ }), '高橋 四郎');
    await user.type(within(dialog).getByRole('textbox', { name: /代理出席者の肩書/ }), '部長');
    await user.click(within(dialog).getByRole('combobox', { name: /受付方法/ }));
    await user.click(await screen.findByRole('option', { name: '電話' }));
    await user.click(within(dialog).getByRole('button', { name: '記録する' }));
    expect(await within(dialog).findByText('中止された会議の回答は記録できません。', {}, WAIT)).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({
      answer_content: 'proxy_attend',
      proxy_name: '高橋 四郎',
      proxy_title: '部長',
      answer_channel: 'phone',
    });
  }, 30_000);
  it('a received time refused as too early (received_at_too_early, issue 29) is told in Japanese', async () => {
    signIn();
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
      http.get(`${API}/conference_members`, () => list(answersFixture(), 8, 1, 1000)),
      http.put(`${API}/conference_members/5`, () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Unprocessable', status: 422, code: 'received_at_too_early', detail: 'too early' },
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    renderAdmin('/conferences/1/answers', { conferences });
    const { user, dialog } = await recordDialog('高橋 三郎');
    await user.click(within(dialog).getByRole('radio', { name: '出席' }));
    await user.click(within(dialog).getByRole('combobox', { name: /受付方法/ }));
    await user.click(await screen.findByRole('option', { name: 'FAX' }));
    fireEvent.change(within(dialog).getByLabelText('受付日時'), { target: { value: '1900-01-01T10:00' } });
    await user.click(within(dialog).getByRole('button', { name: '記録する' }));
    expect(
      await within(dialog).findByText('受付日時が会議の作成より1年以上前です。日時を確認してください。', {}, WAIT),
    ).toBeInTheDocument();
  }, 30_000);
});

describe('a paper 委任状 with its 委任先 (issue 34)', () => {
  it('offers the chair and the conference’s other principals who do not delegate, and sends the one chosen', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
      http.get(`${API}/conference_members`, () => list(answersFixture(), 8, 1, 1000)),
      http.get(`${API}/conference_members/:id/written_votes`, () => HttpResponse.json({ conference_member_id: 4, data: [] })),
      http.put(`${API}/conference_members/4`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ...answersFixture()[3], answer_content: 'delegate', delegate_to: 1, version: 2 });
      }),
    );
    renderAdmin('/conferences/1/answers', { conferences });
    const { user, dialog } = await recordDialog('鈴木 二郎');
    expect(within(dialog).queryByRole('combobox', { name: '委任先' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '委任状' }));
    const delegateTo = within(dialog).getByRole('combobox', { name: '委任先' });
    expect(delegateTo).toHaveTextContent('議長');
    await user.click(delegateTo);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    // not themselves (鈴木 二郎), not 田中 四郎 who delegates, not another conference's invitees
    expect(options).toEqual([
      '議長',
      expect.stringMatching(/^山田 太郎（/),
      expect.stringMatching(/^山田 花子（/),
      expect.stringMatching(/^鈴木 一郎（/),
      expect.stringMatching(/^高橋 三郎（/),
    ]);
    await user.click(screen.getByRole('option', { name: /^山田 太郎/ }));
    await user.click(within(dialog).getByRole('combobox', { name: /受付方法/ }));
    await user.click(await screen.findByRole('option', { name: '紙' }));
    await user.click(within(dialog).getByRole('button', { name: '記録する' }));
    await waitFor(() => expect(bodies).toHaveLength(1), WAIT);
    expect(bodies[0]).toMatchObject({ answer_content: 'delegate', delegate_to: 1, answer_channel: 'paper' });
  }, 30_000);
});

describe('書面議決 from paper in the record-answer dialog (issue 34)', () => {
  it('shows the principal’s written votes per 議案 and records a paper one with the dialog’s channel', async () => {
    signIn();
    const puts: unknown[] = [];
    const votes = (choice: 'yes' | 'no' | null, channel: string | null) => ({
      conference_member_id: 4,
      data: [
        {
          motion_id: 5,
          number: '第1号議案',
          title: '決算承認の件',
          motion_status: 'draft',
          choice,
          channel,
          recorded_by: null,
          recorded_at: null,
          superseded: false,
        },
      ],
    });
    server.use(
      http.get(`${API}/conferences/1`, () => HttpResponse.json(detail())),
      http.get(`${API}/conference_members`, () => list(answersFixture(), 8, 1, 1000)),
      http.get(`${API}/conference_members/:id/written_votes`, () => HttpResponse.json(votes(null, null))),
      http.put(`${API}/conference_members/4/written_votes`, async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json(votes('no', 'fax'));
      }),
    );
    renderAdmin('/conferences/1/answers', { conferences });
    const { user, dialog } = await recordDialog('鈴木 二郎');
    const section = await within(dialog).findByRole('region', { name: '書面議決（議案ごと）' }, WAIT);
    expect(within(section).getByText(/受付方法は上で選んだもの（紙）/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /受付方法/ }));
    await user.click(await screen.findByRole('option', { name: 'FAX' }));
    const motion = within(section).getByRole('group', { name: '鈴木 二郎：第1号議案 決算承認の件' });
    await user.click(within(motion).getByRole('radio', { name: '反対' }));
    await user.click(within(section).getByRole('button', { name: '書面議決を保存' }));
    expect(await within(section).findByText('書面議決を保存しました。')).toBeInTheDocument();
    expect(within(section).getByText('会議所が受付（FAX）')).toBeInTheDocument();
    expect(puts).toEqual([{ votes: [{ motion_id: 5, choice: 'no' }], channel: 'fax' }]);
  }, 30_000);
});
