import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import {
  ASSEMBLY,
  asAdmin,
  asConferenceUser,
  findInput,
  problem,
  renderTemplates,
  templatesApi,
  type Call,
} from './test/templatesApi';

// react-admin keeps list params (filters, sort) in its localStorage store: start each test afresh
beforeEach(() => localStorage.clear());

const findTable = () => screen.findByRole('table', {}, { timeout: 5000 });
const lists = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname.endsWith('CCI_CONFERENCE_TEMPLATE'));

/** input type="time": the value as a browser's time picker sets it. */
const setTime = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('conference templates list (issue 4 §3)', () => {
  it('shows code, name, place, time, answer deadline and sub-conferences', async () => {
    asAdmin();
    const calls = templatesApi();
    renderTemplates('/conference_templates');
    const table = await findTable();
    const row = (await within(table).findByText('通常議員総会')).closest('tr')!;
    expect(within(row).getByText('GENERAL_ASSEMBLY')).toBeInTheDocument();
    expect(within(row).getByText('会館 5階 大ホール')).toBeInTheDocument();
    expect(within(row).getByText('14:00〜16:00')).toBeInTheDocument();
    expect(within(row).getByText('開催日の7日前')).toBeInTheDocument();
    expect(within(row).getByText('懇親会')).toBeInTheDocument();
    expect(within(row).getByText('2026/11/21(土) 14:00')).toBeInTheDocument();
    expect(within(within(table).getByText('常議員会').closest('tr')!).getByText('開催日当日')).toBeInTheDocument();
    expect(lists(calls)[0].url.searchParams.get('sort')).toBe('conference_template_code');
  });

  it('filters by keyword and by code prefix', async () => {
    asAdmin();
    const calls = templatesApi();
    const ue = userEvent.setup();
    renderTemplates('/conference_templates');
    const table = await findTable();
    await within(table).findByText('常議員会');
    await ue.type(screen.getByRole('textbox', { name: /キーワード|テンプレート名またはコードの一部/ }), '総会');
    await waitFor(() => expect(within(table).queryByText('常議員会')).not.toBeInTheDocument(), { timeout: 4000 });
    expect(lists(calls).at(-1)!.url.searchParams.get('keyword')).toBe('総会');
    await ue.clear(screen.getByRole('textbox', { name: /キーワード|テンプレート名またはコードの一部/ }));
    await ue.type(screen.getByRole('textbox', { name: 'テンプレートコード（前方一致）' }), 'BO');
    await waitFor(() => expect(within(table).queryByText('通常議員総会')).not.toBeInTheDocument(), { timeout: 4000 });
    expect(within(table).getByText('常議員会')).toBeInTheDocument();
    expect(lists(calls).at(-1)!.url.searchParams.get('conference_template_code__startswith')).toBe('BO');
  });

  it('CCI_ADMIN has the create action and row selection for deleting', async () => {
    asAdmin();
    templatesApi();
    renderTemplates('/conference_templates');
    const table = await findTable();
    await within(table).findByText('通常議員総会');
    expect(screen.getByRole('link', { name: '作成' })).toBeInTheDocument();
    expect(within(table).getAllByRole('checkbox').length).toBeGreaterThan(0);
  });
});

describe('conference templates for CCI_CONFERENCE_USER: read-only (DESIGN §6)', () => {
  it('the list has no create action and no row selection; a row opens the read-only view without edit or delete', async () => {
    asConferenceUser();
    templatesApi();
    const ue = userEvent.setup();
    renderTemplates('/conference_templates');
    const table = await findTable();
    await ue.click(await within(table).findByText('通常議員総会'));
    expect(
      await screen.findByText('会議テンプレートは閲覧のみです。作成・編集はスーパー管理者が行います。', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('会議テンプレート: 通常議員総会')).toBeInTheDocument();
    expect(screen.getByText('懇親会')).toBeInTheDocument();
    expect(screen.getByText('委任状')).toBeInTheDocument();
    expect(await screen.findByText('役員・議員 ／ すべての部会・支部など')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '編集' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '削除' })).not.toBeInTheDocument();
  });

  it('the list page shows no create link and no checkboxes', async () => {
    asConferenceUser();
    templatesApi();
    renderTemplates('/conference_templates');
    const table = await findTable();
    await within(table).findByText('通常議員総会');
    expect(screen.queryByRole('link', { name: '作成' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('opening the edit or create URL is refused: no form, no write', async () => {
    asConferenceUser();
    const calls = templatesApi();
    renderTemplates('/conference_templates/5');
    expect(await screen.findByText('このページを表示する権限がありません', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'テンプレート名' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });
});

describe('conference template create (issue 4 §3)', () => {
  it('sends the code (full-width normalised), name and the whole body with sub-conferences and invitee rules', async () => {
    asAdmin();
    const calls = templatesApi();
    const ue = userEvent.setup();
    renderTemplates('/conference_templates/create');
    await ue.type(await findInput('テンプレートコード'), 'ＢＯＡＲＤ＿０２');
    await ue.type(screen.getByRole('textbox', { name: 'テンプレート名' }), '臨時常議員会');
    await ue.type(screen.getByRole('textbox', { name: '会場' }), '会議室B');
    setTime('開始時刻', '10:00');
    setTime('終了時刻', '11:30');
    const deadline = screen.getByRole('spinbutton', { name: '回答期限（開催日の何日前）' });
    await ue.clear(deadline);
    await ue.type(deadline, '3');
    // 委任状 on: the choice follows the switch
    await ue.click(screen.getByRole('switch', { name: '委任状による回答を受け付ける' }));
    expect(screen.getByRole('checkbox', { name: '委任状' })).toBeChecked();
    await ue.click(screen.getByRole('checkbox', { name: '代理出席' }));

    await ue.click(screen.getByRole('button', { name: '子会議を追加' }));
    await ue.type(await screen.findByRole('textbox', { name: '子会議名' }), '懇親会');
    const offset = screen.getByRole('spinbutton', { name: '開始（本会議の開始から何分後）' });
    await ue.type(offset, '-30');
    await ue.type(screen.getByRole('spinbutton', { name: '所要時間（分）' }), '60');
    // the sub-conference's own rule (issue 18 item 1)
    await ue.click(screen.getByRole('button', { name: 'この子会議の招待ルールを追加' }));
    await ue.click(await screen.findByRole('combobox', { name: '役職種別' }));
    await ue.click(await screen.findByRole('option', { name: '役員・議員' }));

    await ue.click(screen.getByRole('button', { name: '招待ルールを追加' }));
    await ue.click((await screen.findAllByRole('combobox', { name: '役職種別' }))[1]);
    await ue.click(await screen.findByRole('option', { name: '部会' }));
    await ue.type(screen.getAllByRole('textbox', { name: '部会・支部など' })[1], '商業部会');
    await ue.type(screen.getAllByRole('combobox', { name: '役職名' })[1], '部会長{Enter}');

    await ue.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      conference_template_code: 'BOARD_02',
      name: '臨時常議員会',
      body: {
        place: '会議室B',
        start_time: '10:00',
        end_time: '11:30',
        answer_deadline_days_before: 3,
        answer_choices: ['attend', 'absent', 'delegate'],
        allow_delegate: true,
        sub_conferences: [
          { name: '懇親会', start_offset_minutes: -30, duration_minutes: 60, invitee_rules: [{ position_type: 'CCI_OFFICER' }] },
        ],
        invitee_rules: [{ position_type: 'CCI_SECTION', department_name: '商業部会', position_names: ['部会長'] }],
        motions: [],
      },
    });
  });

  it('validation: a repeated row names the missing field (子会議名, 役職種別), not a bare 必須', async () => {
    asAdmin();
    const calls = templatesApi();
    const ue = userEvent.setup();
    renderTemplates('/conference_templates/create');
    await ue.type(await findInput('テンプレートコード'), 'ROWS');
    await ue.type(screen.getByRole('textbox', { name: 'テンプレート名' }), '行の検証');
    await ue.click(screen.getByRole('button', { name: '子会議を追加' }));
    await ue.click(screen.getByRole('button', { name: '招待ルールを追加' }));
    await ue.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('子会議名を入力してください')).toBeInTheDocument();
    expect(screen.getByText('役職種別を選択してください')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('validation: required name, code pattern, end time after start, at least one answer choice — nothing sent', async () => {
    asAdmin();
    const calls = templatesApi();
    const ue = userEvent.setup();
    renderTemplates('/conference_templates/create');
    await ue.type(await findInput('テンプレートコード'), '総会');
    setTime('開始時刻', '14:00');
    setTime('終了時刻', '13:00');
    for (const name of ['出席', '欠席', '代理出席']) await ue.click(screen.getByRole('checkbox', { name }));
    await ue.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('半角英数字・ハイフン・アンダースコアで入力してください')).toBeInTheDocument();
    expect(screen.getByText('終了時刻は開始時刻より後にしてください')).toBeInTheDocument();
    expect(screen.getByText('回答の選択肢を1つ以上選んでください')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /テンプレート名/ })).toHaveAccessibleDescription(/必須/);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('validation: a code already used (409 duplicate_template_code) shows on the code field', async () => {
    asAdmin();
    templatesApi((call) =>
      call.method === 'POST'
        ? problem(409, {
            code: 'duplicate_template_code',
            detail: 'このテンプレートコードは既に使われています。',
            errors: [{ field: 'body.conference_template_code', code: 'unique', message: '既に使われています' }],
          })
        : undefined,
    );
    const ue = userEvent.setup();
    renderTemplates('/conference_templates/create');
    const code = await findInput('テンプレートコード');
    await ue.type(code, 'BOARD');
    await ue.type(screen.getByRole('textbox', { name: 'テンプレート名' }), '常議員会');
    await ue.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('既に使われています'));
  });

  it('validation: server field errors inside the body land on their inputs', async () => {
    asAdmin();
    templatesApi((call) =>
      call.method === 'POST'
        ? problem(400, {
            code: 'validation_failed',
            detail: '入力内容に誤りがあります。',
            errors: [{ field: 'body.body.place', code: 'maxLength', message: 'must NOT have more than 200 characters' }],
          })
        : undefined,
    );
    const ue = userEvent.setup();
    renderTemplates('/conference_templates/create');
    await ue.type(await findInput('テンプレートコード'), 'X1');
    await ue.type(screen.getByRole('textbox', { name: 'テンプレート名' }), 'テスト');
    await ue.type(screen.getByRole('textbox', { name: '会場' }), '会場');
    await ue.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: '会場' })).toHaveAccessibleDescription('文字数が多すぎます'));
  });
});

describe('conference template edit and delete (issue 4 §3)', () => {
  it('loads the body and sends it back whole with the version', async () => {
    asAdmin();
    const calls = templatesApi();
    const ue = userEvent.setup();
    renderTemplates('/conference_templates/5');
    const description = await findInput('案内文');
    await waitFor(() => expect(description).toHaveValue('通常議員総会を開催いたします。'));
    expect(screen.getByRole('textbox', { name: '子会議名' })).toHaveValue('懇親会');
    expect(screen.getByRole('switch', { name: '委任状による回答を受け付ける' })).toBeChecked();
    await ue.clear(description);
    await ue.type(description, '第75回通常議員総会を開催いたします。');
    // 委任状 off: the switch follows the choice
    await ue.click(screen.getByRole('checkbox', { name: '委任状' }));
    expect(screen.getByRole('switch', { name: '委任状による回答を受け付ける' })).not.toBeChecked();
    await ue.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/v1/cci/TKY/master/CCI_CONFERENCE_TEMPLATE/5');
    expect(put.body).toEqual({
      version: 2,
      conference_template_code: 'GENERAL_ASSEMBLY',
      name: '通常議員総会',
      body: {
        ...ASSEMBLY.body,
        description: '第75回通常議員総会を開催いたします。',
        answer_choices: ['attend', 'absent', 'proxy_attend'],
        allow_delegate: false,
      },
    });
  });

  it('409 version_conflict: Japanese message; reload keeps the typed text and saves on the current version', async () => {
    asAdmin();
    let stale = true;
    const calls = templatesApi((call) => {
      if (call.method === 'PUT' && stale) {
        return problem(409, { code: 'version_conflict', detail: '他のユーザーが先に更新しました。', current_version: 3 });
      }
      if (call.method === 'GET' && call.url.pathname.endsWith('/5') && !stale) {
        return HttpResponse.json({ ...ASSEMBLY, name: '通常議員総会（改）', version: 3 });
      }
      return undefined;
    });
    const ue = userEvent.setup();
    renderTemplates('/conference_templates/5');
    const place = await findInput('会場');
    await waitFor(() => expect(place).toHaveValue('会館 5階 大ホール'));
    await ue.clear(place);
    await ue.type(place, '会館 3階 会議室');
    await ue.click(screen.getByRole('button', { name: '保存' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('他のユーザーが先に更新しました');
    stale = false;
    await ue.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'テンプレート名' })).toHaveValue('通常議員総会（改）'));
    expect(place).toHaveValue('会館 3階 会議室');
    await ue.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toMatchObject({ version: 3 }));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toMatchObject({
      name: '通常議員総会（改）',
      body: { place: '会館 3階 会議室' },
    });
  });

  it('delete asks for confirmation first, then sends DELETE', async () => {
    asAdmin();
    const calls = templatesApi();
    const ue = userEvent.setup();
    renderTemplates('/conference_templates/5');
    await waitFor(async () => expect(await findInput('案内文')).toHaveValue('通常議員総会を開催いたします。'));
    await ue.click(screen.getByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('会議テンプレート「通常議員総会」を削除')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await ue.click(within(dialog).getByRole('button', { name: '確認' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')!.url.pathname).toBe('/v1/cci/TKY/master/CCI_CONFERENCE_TEMPLATE/5');
  });
});
