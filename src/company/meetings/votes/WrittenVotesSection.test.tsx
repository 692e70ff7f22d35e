/**
 * 書面議決・委任状 on /company/meetings/:id (issue 34, DESIGN.md §12.1): per principal and 議案
 * 賛成 / 反対 / 棄権 saved with PUT …/written_votes (only what changed), a 議案 put to the vote
 * read-only, the 委任先 of a 委任状 saved as the answer's delegate_to, the server's refusals in
 * Japanese; nothing when the conference has no 議案.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/server';
import { amplify } from '../../../test/amplifyMock';
import { companySessionOk } from '../../../test/handlers';
import { renderPortal } from '../../test/renderPortal';
import { assemblyDetail, invitee, NOW } from '../../test/fixtures';
import type { CompanyConference } from '../../api';
import CompanyMeetingShowPage from '../CompanyMeetingShowPage';
import { noCompanyRoom } from '../../../room/test/fixtures';
import { setWidth } from '../../../test/viewport';
import type { WrittenVote, WrittenVotes } from './api';

const VOTES = '*/v1/company/conference_members/:id/written_votes';

const vote = (over: Partial<WrittenVote> & Pick<WrittenVote, 'motion_id' | 'number' | 'title'>): WrittenVote => ({
  motion_status: 'draft',
  attachments: [],
  choice: null,
  channel: null,
  recorded_by: null,
  recorded_at: null,
  superseded: false,
  ...over,
});

const MOTIONS = [
  vote({ motion_id: 1, number: '第1号議案', title: '令和7年度決算承認の件' }),
  vote({ motion_id: 2, number: '第2号議案', title: '役員選任の件', motion_status: 'open', choice: 'yes', channel: 'paper' }),
];

const problemOf = (status: number, code: string, errors: unknown[] = []) =>
  HttpResponse.json(
    { status, code, detail: 'エラー', errors },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

const serve = (
  detail: CompanyConference,
  options: { votes?: WrittenVote[]; putReply?: () => Response | undefined; answerReply?: () => Response | undefined } = {},
) => {
  const puts: unknown[] = [];
  const answers: unknown[] = [];
  server.use(
    // before the session's own (a conference without 議案)
    http.get(VOTES, ({ params }) =>
      HttpResponse.json({ conference_member_id: Number(params.id), data: options.votes ?? MOTIONS } satisfies WrittenVotes),
    ),
    ...companySessionOk(),
    http.get('*/v1/company/conferences/10', () => HttpResponse.json(detail)),
    noCompanyRoom(),
    http.put(VOTES, async ({ request, params }) => {
      const body = (await request.json()) as { votes: Array<{ motion_id: number; choice: WrittenVote['choice'] }> };
      puts.push(body);
      const refused = options.putReply?.();
      if (refused) return refused;
      const data = (options.votes ?? MOTIONS).map((v) => {
        const given = body.votes.find((g) => g.motion_id === v.motion_id);
        return given ? { ...v, choice: given.choice, channel: 'portal' as const } : v;
      });
      return HttpResponse.json({ conference_member_id: Number(params.id), data });
    }),
    http.post('*/v1/company/conference_members/answer', async ({ request }) => {
      answers.push(await request.json());
      return options.answerReply?.() ?? HttpResponse.json({ data: [], conference_companies: [] });
    }),
  );
  return { puts, answers };
};

const renderPage = () => renderPortal(<CompanyMeetingShowPage />, { url: '/company/meetings/10', path: '/company/meetings/:id' });
const section = () => screen.findByRole('region', { name: '議案への書面議決・委任状' }, { timeout: 4000 });
const motion = (scope: HTMLElement, text: string) => within(scope).getByRole('group', { name: new RegExp(text) });

describe('/company/meetings/:id — 書面議決・委任状', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    amplify.signInAs('COMPANY_ADMIN');
    setWidth(true);
  });
  afterEach(() => vi.useRealTimers());

  it('gives 賛成 per 議案 and saves only what changed; a 議案 put to the vote stays as recorded', async () => {
    const user = userEvent.setup();
    const seen = serve(assemblyDetail());
    renderPage();
    const votes = await section();
    const first = within(votes).getByRole('group', { name: '山田 太郎：第1号議案 令和7年度決算承認の件' });
    const second = within(votes).getByRole('group', { name: '山田 太郎：第2号議案 役員選任の件' });
    expect(within(second).getByRole('radio', { name: '賛成' })).toBeChecked();
    expect(within(second).getByRole('radio', { name: '反対' })).toBeDisabled();
    expect(within(second).getByText('採決が始まったため、変更できません。')).toBeInTheDocument();
    expect(within(second).getByText('会議所が受付（紙）')).toBeInTheDocument();
    expect(within(first).getByRole('radio', { name: '未回答' })).toBeChecked();

    await user.click(within(first).getByRole('radio', { name: '反対' }));
    await user.click(within(votes).getByRole('button', { name: '書面議決を保存' }));
    expect(await within(votes).findByText('書面議決を保存しました。')).toBeInTheDocument();
    expect(seen.puts).toEqual([{ votes: [{ motion_id: 1, choice: 'no' }] }]);
    expect(within(motion(votes, '第1号議案')).getByRole('radio', { name: '反対' })).toBeChecked();
  });

  it('lists each 議案’s files once above the principals, and downloads one through the company’s get_object_url', async () => {
    const REPORT = { key: 'TKY/attachments/cccc/決算報告書.pdf', name: '決算報告書.pdf', size: 123_456 };
    const paths: string[] = [];
    server.use(
      http.get('*/v1/company/TKY/common/s3/get_object_url', ({ request }) => {
        const path = new URL(request.url).searchParams.get('path') ?? '';
        paths.push(path);
        return HttpResponse.json({
          url: `https://bucket.example/${encodeURI(path)}`,
          file_name: '決算報告書.pdf',
          expires_at: '2099-01-01T00:00:00.000Z',
        });
      }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const user = userEvent.setup();
    serve(assemblyDetail(), { votes: [{ ...MOTIONS[0], attachments: [REPORT] }, MOTIONS[1]] });
    renderPage();
    const votes = await section();
    const files = within(votes).getByRole('list', { name: '第1号議案 令和7年度決算承認の件の資料' });
    expect(within(files).getByText('決算報告書.pdf')).toBeInTheDocument();
    // a 議案 without files lists none
    expect(within(votes).queryByRole('list', { name: /第2号議案/ })).not.toBeInTheDocument();
    await user.click(within(files).getByRole('button', { name: '「決算報告書.pdf」（121 KB）をダウンロード' }));
    await waitFor(() => expect(clicked).toEqual(['決算報告書.pdf']));
    expect(paths).toEqual([REPORT.key]);
  });

  it('a refusal is said in Japanese, beside the 議案 the server names', async () => {
    const user = userEvent.setup();
    serve(assemblyDetail(), {
      putReply: () =>
        problemOf(422, 'motion_in_vote', [
          {
            field: 'body.votes.0.motion_id',
            code: 'motion_in_vote',
            message: 'この議案は採決が始まっているため、書面議決を受け付けません',
          },
        ]),
    });
    renderPage();
    const votes = await section();
    await user.click(within(motion(votes, '第1号議案')).getByRole('radio', { name: '棄権' }));
    await user.click(within(votes).getByRole('button', { name: '書面議決を保存' }));
    expect(
      await within(votes).findByText(
        '保存できませんでした。 採決が始まった議案には、書面議決を受け付けません。最新の状態を読み込んでください。',
      ),
    ).toBeInTheDocument();
    expect(within(votes).getByText('この議案は採決が始まっているため、書面議決を受け付けません')).toBeInTheDocument();
  });

  it('委任状: the 委任先 is the chair or another principal, saved as delegate_to; a chain is refused in Japanese', async () => {
    const user = userEvent.setup();
    const detail = assemblyDetail({ members: { 101: { answer_content: 'delegate', delegate_to: null, version: 4 } } });
    detail.members!.push(
      invitee({ id: 104, conference_id: 10, member_id: 3, member: { name: '鈴木 一郎', name_kana: null, title: '監査役' } }),
    );
    const seen = serve(detail, { answerReply: () => problemOf(422, 'delegation_chain') });
    renderPage();
    const votes = await section();
    const taro = within(votes).getByRole('article', { name: '山田 太郎' });
    const select = within(taro).getByRole('combobox', { name: '委任先' });
    expect(select).toHaveTextContent('議長');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: '鈴木 一郎（監査役）' }));
    await user.click(within(taro).getByRole('button', { name: '委任先を保存' }));
    expect(
      await within(taro).findByText(
        '保存できませんでした。 委任を受ける方は、ほかの方に委任できません（委任の連鎖はできません）。委任先を選び直してください。',
      ),
    ).toBeInTheDocument();
    expect(seen.answers).toEqual([{ answers: [{ id: 101, version: 4, answer_content: 'delegate', delegate_to: 104 }] }]);
    // 鈴木 一郎 has not delegated: his 書面議決 is offered
    expect(within(votes).getByRole('group', { name: '鈴木 一郎：第1号議案 令和7年度決算承認の件' })).toBeInTheDocument();
  });

  it('no 議案 in the conference: no section; after the deadline: read-only', async () => {
    serve(assemblyDetail(), { votes: [] });
    const { unmount } = renderPage();
    await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
    await waitFor(() => expect(screen.getAllByRole('group').length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: '議案への書面議決・委任状' })).not.toBeInTheDocument();
    unmount();

    serve(assemblyDetail({ parent: { answer_status: 'closed' } }));
    renderPage();
    const votes = await section();
    expect(within(votes).getByText('回答期限を過ぎたため、書面議決・委任状は変更できません。')).toBeInTheDocument();
    expect(within(motion(votes, '第1号議案')).getByRole('radio', { name: '賛成' })).toBeDisabled();
    expect(within(votes).queryByRole('button', { name: '書面議決を保存' })).not.toBeInTheDocument();
  });
});
