/** Typical API answers for the session calls (spec §7). */
import { http, HttpResponse } from 'msw';
import type { Company } from '../api/schema';

export const cciUser = {
  cci_code: 'TKY',
  username: 'tky-admin',
  user_type: 'CCI_ADMIN',
  display_name: '東京 太郎',
  email: 'admin@tky.example.jp',
};

export const companyUser = {
  cci_code: 'TKY',
  username: 'acme-admin',
  user_type: 'COMPANY_ADMIN',
  company_id: 42,
  display_name: '山田 花子',
  email: 'yamada@acme.example.jp',
};

/** The company as GET /v1/company/companies answers it (the `Company` component). */
export const company = (attributes: Record<string, unknown> = {}): Company => ({
  id: 42,
  cci_code: 'TKY',
  company_code: 'C0042',
  joined_on: null,
  version: 7,
  attributes: {
    name1: '株式会社アクメ',
    email: 'info@acme.example.jp',
    admin_changed_info_flag: '0',
    ...attributes,
  } as Company['attributes'],
  created_at: '2026-04-01T00:00:00.000Z',
  updated_at: '2026-04-01T00:00:00.000Z',
});

export const cciUserInfoOk = (user: Record<string, unknown> = cciUser) =>
  http.get('*/v1/cci/user_info', () => HttpResponse.json(user));

export const companySessionOk = (attributes: Record<string, unknown> = {}) => [
  http.get('*/v1/company/user_info', () => HttpResponse.json(companyUser)),
  http.get('*/v1/company/companies', ({ request }) => {
    const id = new URL(request.url).searchParams.get('id');
    return HttpResponse.json({
      data: id === '42' ? [company(attributes)] : [],
      meta: { page: 1, page_size: 10, total: id === '42' ? 1 : 0 },
    });
  }),
  // a conference without 議案: the meeting page's 書面議決 section stays away (issue 34)
  http.get('*/v1/company/conference_members/:id/written_votes', ({ params }) =>
    HttpResponse.json({ conference_member_id: Number(params.id), data: [] }),
  ),
];
