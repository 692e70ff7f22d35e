/**
 * The 議案 of a conference template (issue 34, DESIGN.md §12.1) in the template form against MSW:
 * added with their number proposed and the 議決要件 of the 議案 dialog, sent as `body.motions`; an
 * unreachable fraction is refused before sending; the server's refusal lands on the 議案; loaded
 * ones go back as they were; the read-only view lists them with their rule.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSEMBLY, asAdmin, asConferenceUser, findInput, problem, renderTemplates, templatesApi } from './test/templatesApi';

beforeEach(() => localStorage.clear());

const WAIT = { timeout: 10_000 };
const postOf = (calls: ReturnType<typeof templatesApi>) => calls.filter((c) => c.method === 'POST');

async function startTemplate(ue: ReturnType<typeof userEvent.setup>) {
  renderTemplates('/conference_templates/create');
  await ue.type(await findInput('テンプレートコード'), 'ASSEMBLY_2');
  await ue.type(screen.getByRole('textbox', { name: 'テンプレート名' }), '臨時議員総会');
}

/** The number input of each 議案 row, in order. */
const motionRows = () => screen.getAllByRole('textbox', { name: /議案番号/ });

describe('template 議案 (issue 34)', () => {
  it('adds 議案 with 第N号議案 proposed, 普通決議 by default, 特別決議 and その他 typed full-width, and sends them', async () => {
    asAdmin();
    const calls = templatesApi();
    const ue = userEvent.setup();
    await startTemplate(ue);

    await ue.click(screen.getByRole('button', { name: '議案を追加' }));
    await ue.click(screen.getByRole('button', { name: '議案を追加' }));
    await ue.click(screen.getByRole('button', { name: '議案を追加' }));
    expect(motionRows().map((input) => (input as HTMLInputElement).value)).toEqual(['第1号議案', '第2号議案', '第3号議案']);
    const titles = screen.getAllByRole('textbox', { name: /^議案名/ });
    await ue.type(titles[0], '令和7年度事業報告承認の件');
    await ue.type(screen.getAllByRole('textbox', { name: '議案の内容' })[0], '別紙のとおり');
    await ue.type(titles[1], '定款変更の件');
    await ue.click(screen.getAllByRole('radio', { name: '特別決議（出席者の3分の2以上）' })[1]);
    await ue.type(titles[2], '役員選任の件');
    await ue.click(screen.getAllByRole('radio', { name: 'その他' })[2]);
    const denominator = screen.getAllByRole('textbox', { name: '分母' })[0];
    await ue.clear(denominator);
    await ue.type(denominator, '３');
    const numerator = screen.getAllByRole('textbox', { name: '分子' })[0];
    await ue.clear(numerator);
    await ue.type(numerator, '２');
    await ue.click(screen.getAllByRole('combobox', { name: '判定' })[0]);
    await ue.click(await screen.findByRole('option', { name: '以上' }));

    await ue.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(postOf(calls)).toHaveLength(1), WAIT);
    expect(postOf(calls)[0].body?.body).toMatchObject({
      motions: [
        {
          number: '第1号議案',
          title: '令和7年度事業報告承認の件',
          body: '別紙のとおり',
          rule: { basis: 'present', numerator: 1, denominator: 2, rule: 'more_than', quorum: null },
        },
        {
          number: '第2号議案',
          title: '定款変更の件',
          rule: { basis: 'present', numerator: 2, denominator: 3, rule: 'at_least', quorum: null },
        },
        {
          number: '第3号議案',
          title: '役員選任の件',
          rule: { basis: 'present', numerator: 2, denominator: 3, rule: 'at_least', quorum: null },
        },
      ],
    });
  }, 30_000);

  it('an unreachable fraction or a missing title is said on the 議案 and nothing is sent', async () => {
    asAdmin();
    const calls = templatesApi();
    const ue = userEvent.setup();
    await startTemplate(ue);
    await ue.click(screen.getByRole('button', { name: '議案を追加' }));
    await ue.click(screen.getByRole('radio', { name: 'その他' }));
    const numerator = screen.getAllByRole('textbox', { name: '分子' })[0];
    await ue.clear(numerator);
    await ue.type(numerator, '3');
    await ue.click(screen.getByRole('button', { name: '保存' }));
    expect(
      await screen.findByText('分子は分母以下にし、全体（分子＝分母）は「以上」にしてください', {}, WAIT),
    ).toBeInTheDocument();
    expect(screen.getByText('議案名を入力してください')).toBeInTheDocument();
    expect(postOf(calls)).toHaveLength(0);
  }, 30_000);

  it('the server’s refusal of a 議案 (422 motion_rule_invalid, 409 duplicate_motion_number) lands on that 議案', async () => {
    asAdmin();
    templatesApi((call) =>
      call.method === 'PUT'
        ? problem(409, {
            code: 'duplicate_motion_number',
            detail: 'この会議には同じ番号の議案が既にあります。',
            errors: [
              { field: 'body.body.motions.1.number', code: 'duplicate_motion_number', message: 'この番号の議案は既にあります' },
            ],
          })
        : undefined,
    );
    const ue = userEvent.setup();
    renderTemplates('/conference_templates/5');
    await waitFor(() => expect(motionRows()).toHaveLength(2), WAIT);
    await ue.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(motionRows()[1]).toHaveAccessibleDescription('この番号の議案は既にあります'), WAIT);
    expect(motionRows()[0]).not.toHaveAccessibleDescription('この番号の議案は既にあります');
  }, 30_000);

  it('loaded 議案 go back as they were with the rest of the body; one removed is left out', async () => {
    asAdmin();
    const calls = templatesApi();
    const ue = userEvent.setup();
    renderTemplates('/conference_templates/5');
    await waitFor(() => expect(motionRows()).toHaveLength(2), WAIT);
    expect(screen.getAllByRole('radio', { name: '特別決議（出席者の3分の2以上）' })[1]).toBeChecked();
    await ue.click(screen.getAllByRole('button', { name: 'この議案を削除' })[0]);
    await waitFor(() => expect(motionRows()).toHaveLength(1));
    await ue.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1), WAIT);
    expect(calls.find((c) => c.method === 'PUT')!.body?.body).toEqual({ ...ASSEMBLY.body, motions: [ASSEMBLY.body.motions[1]] });
  }, 30_000);

  it('the read-only view lists the 議案 with their 議決要件', async () => {
    asConferenceUser();
    templatesApi();
    renderTemplates('/conference_templates/5/show');
    const item = await screen.findByText('第2号議案 定款変更の件', {}, WAIT);
    expect(within(item.closest('li')!).getByText('特別決議（出席者の3分の2以上）')).toBeInTheDocument();
    expect(screen.getByText('第1号議案 令和7年度事業報告承認の件')).toBeInTheDocument();
  }, 30_000);
});
