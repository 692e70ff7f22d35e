/** Position rows as the API lists them, for the positions component tests. */
export const position = (overrides: Record<string, unknown> = {}) => ({
  id: 100,
  cci_code: 'TKY',
  member_id: 10,
  position_type: 'CCI_OFFICER',
  department_name: '役員',
  position_name: '会頭',
  rank: 1,
  start_at: '2025-11-01',
  end_at: null,
  version: 1,
  created_at: '2025-11-01T00:00:00.000Z',
  updated_at: '2025-11-01T00:00:00.000Z',
  member_name: '山田 太郎',
  member_name_kana: 'ヤマダ タロウ',
  company_id: 1,
  company_code: 'C001',
  company_name: '株式会社アクメ',
  ...overrides,
});

/** 会頭 (KAITO) and a 部会長 (BUKAICHO) of another company, version 4. */
export const KAITO = position();
export const BUKAICHO = position({
  id: 101,
  member_id: 11,
  position_type: 'CCI_SECTION',
  department_name: '商業部会',
  position_name: '部会長',
  rank: 1,
  member_name: '佐藤 花子',
  member_name_kana: 'サトウ ハナコ',
  company_name: '丸の内商事',
  company_code: 'C002',
  version: 4,
});
