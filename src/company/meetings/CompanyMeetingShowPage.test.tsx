import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { amplify } from '../../test/amplifyMock';
import { companySessionOk } from '../../test/handlers';
import { currentPath, renderPortal } from '../test/renderPortal';
import { assemblyDetail, NOW } from '../test/fixtures';
import type { CompanyConference } from '../api';
import CompanyMeetingShowPage from './CompanyMeetingShowPage';
import { noCompanyRoom } from '../../room/test/fixtures';
import { setWidth } from '../../test/viewport';

const DETAIL = '*/v1/company/conferences/10';
const ANSWER = '*/v1/company/conference_members/answer';

/** Serves `detail()` on every GET; records POSTed answers; `onAnswer` may replace the response. */
const api = (detail: () => CompanyConference, onAnswer?: (body: unknown) => Response | undefined) => {
  const posted: unknown[] = [];
  const expands: string[] = [];
  server.use(
    ...companySessionOk(),
    http.get(DETAIL, ({ request }) => {
      expands.push(new URL(request.url).searchParams.get('expand') ?? '');
      return HttpResponse.json(detail());
    }),
    noCompanyRoom(),
    http.post(ANSWER, async ({ request }) => {
      const body = await request.json();
      posted.push(body);
      return onAnswer?.(body) ?? HttpResponse.json({ data: [], conference_companies: [] });
    }),
  );
  return { posted, expands };
};

const renderPage = () => renderPortal(<CompanyMeetingShowPage />, { url: '/company/meetings/10', path: '/company/meetings/:id' });

/** The fieldset of one person × conference. */
const cell = (person: string, conference: string) => screen.getByRole('group', { name: `${person}：${conference}の回答` });

/** Opens the page, answers 出席 for 山田 太郎 at the 総会, confirms and submits. */
const submitTaroAttends = async () => {
  const user = userEvent.setup();
  renderPage();
  await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
  await user.click(within(cell('山田 太郎', '第75回 通常議員総会')).getByRole('radio', { name: '出席' }));
  await user.click(screen.getByRole('button', { name: '回答内容を確認' }));
  await user.click(await screen.findByRole('button', { name: 'この内容で回答する' }));
  return user;
};

describe('/company/meetings/:id — details and the answer form', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    amplify.signInAs('COMPANY_ADMIN');
    setWidth(false);
  });

  it('shows the details with weekday dates, the sub-conference, attachments and one row per invited person', async () => {
    const { expands } = api(() => assemblyDetail());
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' })).toBeInTheDocument();
    expect(expands[0]).toBe('sub_conferences,members,attachments');
    const details = screen.getByRole('region', { name: '会議の概要' });
    expect(within(details).getByText('2026年11月21日(土) 14:00 〜 16:00')).toBeInTheDocument();
    expect(within(details).getByText(/2026年11月14日\(土\) 17:00/)).toBeInTheDocument();
    expect(within(details).getByText('（あと3日）')).toBeInTheDocument();
    expect(within(details).getByText('同時開催: 懇親会')).toBeInTheDocument();
    expect(within(details).getByText('議事次第.pdf')).toBeInTheDocument();

    const rows = screen.getAllByTestId('person-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('山田 太郎')).toBeInTheDocument();
    expect(within(rows[0]).getByText('代表取締役社長')).toBeInTheDocument();
    expect(within(rows[1]).getByText('区分: 随行')).toBeInTheDocument();
    // 山田 花子 is not invited to the 総会
    expect(within(rows[1]).getByText('招待なし')).toBeInTheDocument();
  });

  it('offers 委任状 only where the conference allows it', async () => {
    api(() => assemblyDetail());
    renderPage();
    await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
    const assembly = cell('山田 太郎', '第75回 通常議員総会');
    expect(
      within(assembly)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['出席', '欠席', '代理出席', '委任状']);
    const party = cell('山田 太郎', '懇親会');
    expect(within(party).queryByRole('radio', { name: '委任状' })).not.toBeInTheDocument();
    expect(within(party).getByRole('radio', { name: '代理出席' })).toBeInTheDocument();
  });

  it('代理出席 requires the substitute’s name and title: no summary, an error on each field, nothing sent', async () => {
    const { posted } = api(() => assemblyDetail());
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
    await user.click(within(cell('山田 太郎', '第75回 通常議員総会')).getByRole('radio', { name: '代理出席' }));
    const name = within(cell('山田 太郎', '第75回 通常議員総会')).getByRole('textbox', { name: '代理出席者の氏名' });
    const title = within(cell('山田 太郎', '第75回 通常議員総会')).getByRole('textbox', { name: '代理出席者の肩書' });
    expect(name).toBeRequired();
    expect(title).toBeRequired();
    await user.click(screen.getByRole('button', { name: '回答内容を確認' }));

    expect(await screen.findByText('代理出席者の氏名を入力してください。')).toBeInTheDocument();
    expect(screen.getByText('代理出席者の肩書を入力してください。')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('入力内容に誤りがあります。赤く表示された項目をご確認ください。')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await user.type(name, '佐藤 次郎');
    expect(screen.queryByText('代理出席者の氏名を入力してください。')).not.toBeInTheDocument();
    // a title of spaces only is still missing
    await user.type(title, '　');
    await user.click(screen.getByRole('button', { name: '回答内容を確認' }));
    expect(await screen.findByText('代理出席者の肩書を入力してください。')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it('the summary dialog lists every choice; one submit sends the changed cells and shows the saved state', async () => {
    let current = assemblyDetail();
    const { posted } = api(
      () => current,
      () => {
        current = assemblyDetail({
          parent: { answer_status: 'partial' },
          members: {
            101: {
              answer_content: 'proxy_attend',
              proxy_name: '佐藤 次郎',
              proxy_title: '常務取締役',
              version: 2,
              answered_at: '2026-11-11T00:00:00.000Z',
            },
            102: { answer_content: 'attend', version: 2, answered_at: '2026-11-11T00:00:00.000Z' },
          },
        });
        return undefined;
      },
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
    const assembly = cell('山田 太郎', '第75回 通常議員総会');
    await user.click(within(assembly).getByRole('radio', { name: '代理出席' }));
    await user.type(within(assembly).getByRole('textbox', { name: '代理出席者の氏名' }), '佐藤 次郎');
    await user.type(within(assembly).getByRole('textbox', { name: '代理出席者の肩書' }), '常務取締役');
    await user.click(within(cell('山田 太郎', '懇親会')).getByRole('radio', { name: '出席' }));
    await user.click(screen.getByRole('button', { name: '回答内容を確認' }));

    const dialog = await screen.findByRole('dialog', { name: '回答内容の確認' });
    const assemblySummary = within(dialog).getByRole('region', { name: '第75回 通常議員総会' });
    expect(within(assemblySummary).getByText('代理出席（佐藤 次郎・常務取締役）')).toBeInTheDocument();
    const partySummary = within(dialog).getByRole('region', { name: '懇親会' });
    expect(within(partySummary).getByText('出席')).toBeInTheDocument();
    expect(within(partySummary).getByText('未回答')).toBeInTheDocument(); // 山田 花子
    expect(within(dialog).getByText('未回答の項目が1件あります。後から回答することもできます。')).toBeInTheDocument();

    // 修正する goes back without sending
    await user.click(within(dialog).getByRole('button', { name: '修正する' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '回答内容を確認' }));
    await user.click(await screen.findByRole('button', { name: 'この内容で回答する' }));

    expect(await screen.findByText(/回答を送信しました。/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(/最終回答日時: 2026年11月11日\(水\) 09:00/)).toBeInTheDocument();
    expect(posted).toEqual([
      {
        answers: [
          { id: 101, answer_content: 'proxy_attend', proxy_name: '佐藤 次郎', proxy_title: '常務取締役', version: 1 },
          { id: 102, answer_content: 'attend', proxy_name: null, proxy_title: null, version: 1 },
        ],
      },
    ]);
    expect(within(screen.getByTestId('answer-banner')).getByRole('link', { name: '会議一覧へ戻る' })).toHaveAttribute(
      'href',
      '/company/meetings',
    );
    // the form shows the saved answers
    expect(within(cell('山田 太郎', '懇親会')).getByRole('radio', { name: '出席' })).toBeChecked();
    expect(within(cell('山田 太郎', '第75回 通常議員総会')).getByRole('textbox', { name: '代理出席者の氏名' })).toHaveValue(
      '佐藤 次郎',
    );
  });

  it('after the deadline the form is read-only and says why', async () => {
    api(() =>
      assemblyDetail({
        parent: { answer_status: 'closed', answer_deadline: '2026-11-10T08:00:00.000Z' },
        sub: { answer_status: 'closed', answer_deadline: '2026-11-10T08:00:00.000Z' },
        members: { 101: { answer_content: 'delegate', answered_at: '2026-11-09T01:00:00.000Z' } },
      }),
    );
    renderPage();
    await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
    const reasons = screen.getAllByTestId('readonly-reason');
    expect(reasons[0]).toHaveTextContent(
      '第75回 通常議員総会: 回答期限（2026年11月10日(火) 17:00）を過ぎているため、回答内容の変更はできません。',
    );
    expect(reasons[1]).toHaveTextContent('懇親会: 回答期限');
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: '回答内容を確認' })).not.toBeInTheDocument();
    expect(screen.getByTestId('answer-101-readonly')).toHaveTextContent('委任状');
    expect(screen.getByTestId('answer-103-readonly')).toHaveTextContent('未回答');
  });

  it('a closed sub-conference is read-only while the conference itself can still be answered', async () => {
    api(() => assemblyDetail({ sub: { status: 'cancelled', answer_status: 'closed' } }));
    renderPage();
    await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
    expect(screen.getByTestId('readonly-reason')).toHaveTextContent('懇親会: この会議は中止になりました。');
    expect(within(cell('山田 太郎', '第75回 通常議員総会')).getAllByRole('radio')).toHaveLength(4);
    expect(screen.getByTestId('answer-102-readonly')).toBeInTheDocument();
  });

  it('a 422 answer_deadline_passed reloads the conference and shows the reason', async () => {
    let current = assemblyDetail();
    api(
      () => current,
      () => {
        current = assemblyDetail({
          parent: { answer_status: 'closed', answer_deadline: '2026-11-10T23:00:00.000Z' },
          sub: { answer_status: 'closed', answer_deadline: '2026-11-10T23:00:00.000Z' },
        });
        return HttpResponse.json(
          { status: 422, code: 'answer_deadline_passed', detail: '回答期限を過ぎているため、回答できません。' },
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        );
      },
    );
    await submitTaroAttends();

    expect(await screen.findByText('回答期限を過ぎているため、回答できません。')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByRole('radio')).toHaveLength(0));
    expect(screen.getAllByTestId('readonly-reason')[0]).toHaveTextContent('回答期限（2026年11月11日(水) 08:00）を過ぎているため');
  });

  it('someone else answered meanwhile: nothing is sent, and the reload shows their answers', async () => {
    let current = assemblyDetail();
    const { posted } = api(() => current);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
    await user.click(within(cell('山田 太郎', '第75回 通常議員総会')).getByRole('radio', { name: '出席' }));
    await user.click(screen.getByRole('button', { name: '回答内容を確認' }));
    await screen.findByRole('dialog');

    // another company admin answers before we submit
    current = assemblyDetail({
      members: { 101: { answer_content: 'absent', version: 2, answered_at: '2026-11-10T23:30:00.000Z' } },
    });
    await user.click(screen.getByRole('button', { name: 'この内容で回答する' }));

    const alert = await screen.findByText(
      '他の担当者がこの会議の回答を更新しました。最新の回答を読み込んでから、もう一度回答してください。',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toHaveLength(0);
    expect(screen.getByRole('button', { name: '回答内容を確認' })).toBeDisabled();

    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: '最新の回答を読み込む' }),
    );
    expect(await screen.findByText('最新の回答を読み込みました。')).toBeInTheDocument();
    // our unsent 出席 is gone; the other admin's 欠席 is shown
    expect(within(cell('山田 太郎', '第75回 通常議員総会')).getByRole('radio', { name: '欠席' })).toBeChecked();
    expect(within(cell('山田 太郎', '第75回 通常議員総会')).getByRole('radio', { name: '出席' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: '回答内容を確認' })).toBeEnabled();
  });

  it('a 409 from the server (someone answered between the check and the submit) offers the reload', async () => {
    let current = assemblyDetail();
    const { posted } = api(
      () => current,
      () => {
        current = assemblyDetail({
          members: { 101: { answer_content: 'absent', version: 2, answered_at: '2026-11-10T23:30:00.000Z' } },
        });
        return HttpResponse.json(
          {
            status: 409,
            code: 'version_conflict',
            detail: '他の方が先に回答を更新しました。',
            current_version: 2,
            errors: [{ field: 'body.answers.0.version', code: 'version_conflict', message: 'stale version' }],
          },
          { status: 409, headers: { 'content-type': 'application/problem+json' } },
        );
      },
    );
    const user = await submitTaroAttends();

    const alert = await screen.findByText(
      '他の担当者がこの会議の回答を更新しました。最新の回答を読み込んでから、もう一度回答してください。',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual([
      { answers: [{ id: 101, answer_content: 'attend', proxy_name: null, proxy_title: null, version: 1 }] },
    ]);
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: '最新の回答を読み込む' }),
    );
    expect(await screen.findByText('最新の回答を読み込みました。')).toBeInTheDocument();
    expect(within(cell('山田 太郎', '第75回 通常議員総会')).getByRole('radio', { name: '欠席' })).toBeChecked();
  });

  it('a 400 from the server lands on the cell it names', async () => {
    api(
      () => assemblyDetail(),
      () =>
        HttpResponse.json(
          {
            status: 400,
            code: 'proxy_name_required',
            detail: '代理出席の場合は代理出席者の氏名を入力してください。',
            errors: [{ field: 'body.answers.0.proxy_name', code: 'proxy_name_required', message: '代理出席者の氏名は必須です' }],
          },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
    const assembly = cell('山田 太郎', '第75回 通常議員総会');
    await user.click(within(assembly).getByRole('radio', { name: '代理出席' }));
    // passes the client check, refused by the server (e.g. a name of spaces only after NFKC)
    await user.type(within(assembly).getByRole('textbox', { name: '代理出席者の氏名' }), '佐藤');
    await user.type(within(assembly).getByRole('textbox', { name: '代理出席者の肩書' }), '部長');
    await user.click(screen.getByRole('button', { name: '回答内容を確認' }));
    await user.click(await screen.findByRole('button', { name: 'この内容で回答する' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(cell('山田 太郎', '第75回 通常議員総会')).findByText('代理出席者の氏名は必須です')).toBeInTheDocument();
  });

  it('an id no conference can have goes to the not-found page instead of loading for ever', async () => {
    const requested: string[] = [];
    server.use(
      ...companySessionOk(),
      http.get('*/v1/company/conferences/*', ({ request }) => {
        requested.push(request.url);
        return HttpResponse.json({});
      }),
    );
    renderPortal(<CompanyMeetingShowPage />, { url: '/company/meetings/abc', path: '/company/meetings/:id' });
    expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
    expect(currentPath()).toBe('/404');
    expect(requested).toEqual([]);
  });

  it('on a phone each person is one card with the conferences they are invited to', async () => {
    setWidth(true);
    api(() => assemblyDetail());
    renderPage();
    await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
    const cards = screen.getAllByTestId('person-card');
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(cards[0]).getByRole('heading', { name: '山田 太郎' })).toBeInTheDocument();
    expect(within(cards[0]).getAllByRole('group')).toHaveLength(2);
    // visible legend naming the conference
    expect(within(cards[1]).getByText('山田 花子：懇親会の回答')).toBeVisible();
    expect(within(cards[1]).getAllByRole('group')).toHaveLength(1);
  });
});
