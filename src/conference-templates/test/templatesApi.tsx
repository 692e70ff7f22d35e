/** The conference templates API (ASSEMBLY and BOARD) over MSW, and the signed-in roles, for the templates' component tests. */
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { amplify } from '../../test/amplifyMock';
import { cciUser, cciUserInfoOk } from '../../test/handlers';
import { renderAdmin } from '../../common/testing/renderAdmin';
import conferenceTemplates from '..';
import masterData from '../../master-data';

export const BASE = '*/v1/cci/TKY/master/CCI_CONFERENCE_TEMPLATE';

export const ASSEMBLY = {
  id: 5,
  cci_code: 'TKY',
  conference_template_code: 'GENERAL_ASSEMBLY',
  name: '通常議員総会',
  body: {
    place: '会館 5階 大ホール',
    start_time: '14:00',
    end_time: '16:00',
    answer_deadline_days_before: 7,
    description: '通常議員総会を開催いたします。',
    answer_choices: ['attend', 'absent', 'proxy_attend', 'delegate'],
    allow_delegate: true,
    sub_conferences: [{ name: '懇親会', place: 'ホテル 鳳凰の間', start_offset_minutes: 150, duration_minutes: 120 }],
    invitee_rules: [{ position_type: 'CCI_OFFICER' }],
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
    ],
  },
  version: 2,
  created_at: '2026-04-01T00:00:00Z',
  updated_at: '2026-11-21T05:00:00Z',
};

const BOARD = {
  ...ASSEMBLY,
  id: 6,
  conference_template_code: 'BOARD',
  name: '常議員会',
  body: { place: '会議室A', answer_choices: ['attend', 'absent'], allow_delegate: false, answer_deadline_days_before: 0 },
};

export const problem = (status: number, body: Record<string, unknown>) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'x', status, errors: [], ...body },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );

export interface Call {
  method: string;
  url: URL;
  body?: Record<string, unknown>;
}

export type Reply = (call: Call) => Response | undefined;

/** The templates API over ASSEMBLY and BOARD, and the chamber's position type names. */
export const templatesApi = (reply?: Reply) => {
  const calls: Call[] = [];
  const handle = async (request: Request, fallback: (call: Call) => Response) => {
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    const call = { method: request.method, url: new URL(request.url), body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    return reply?.(call) ?? fallback(call);
  };
  server.use(
    http.get(BASE, ({ request }) =>
      handle(request, ({ url }) => {
        const keyword = url.searchParams.get('keyword');
        const prefix = url.searchParams.get('conference_template_code__startswith');
        const data = [ASSEMBLY, BOARD].filter(
          (t) =>
            (!keyword || t.name.includes(keyword) || t.conference_template_code.includes(keyword)) &&
            (!prefix || t.conference_template_code.startsWith(prefix)),
        );
        return HttpResponse.json({ data, meta: { page: 1, page_size: 10, total: data.length } });
      }),
    ),
    http.post(BASE, ({ request }) =>
      handle(request, ({ body }) => HttpResponse.json({ ...ASSEMBLY, ...body, id: 9, version: 1 }, { status: 201 })),
    ),
    http.get(`${BASE}/:id`, ({ request, params }) =>
      handle(request, () => HttpResponse.json([ASSEMBLY, BOARD].find((t) => String(t.id) === params.id))),
    ),
    http.put(`${BASE}/:id`, ({ request }) =>
      handle(request, ({ body }) => HttpResponse.json({ ...ASSEMBLY, ...body, version: Number(body?.version) + 1 })),
    ),
    http.delete(`${BASE}/:id`, ({ request }) => handle(request, () => new HttpResponse(null, { status: 204 }))),
    http.get('*/v1/cci/TKY/master/cci_position_type', () =>
      HttpResponse.json({
        data: [
          { id: 1, master_code: 'CCI_OFFICER', name: '役員・議員', sort_order: 1 },
          { id: 2, master_code: 'CCI_SECTION', name: '部会', sort_order: 2 },
        ],
        meta: { page: 1, page_size: 100, total: 2 },
      }),
    ),
  );
  return calls;
};

export const renderTemplates = (url: string) =>
  renderAdmin(url, { conference_templates: conferenceTemplates, master_data: masterData });

export const asAdmin = () => {
  amplify.signInAs('CCI_ADMIN');
  server.use(cciUserInfoOk());
};

export const asConferenceUser = () => {
  amplify.signInAs('CCI_CONFERENCE_USER');
  server.use(cciUserInfoOk({ ...cciUser, username: 'tky-staff', user_type: 'CCI_CONFERENCE_USER' }));
};

export const findInput = (name: string | RegExp) => screen.findByRole('textbox', { name }, { timeout: 5000 });
