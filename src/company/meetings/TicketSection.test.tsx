/**
 * 受付票 on /company/meetings/:id (issue 14): shown for the invitees whose saved answer is 出席 or
 * 代理出席 (the substitute's name on it), never for 欠席・委任状・未回答 nor for a choice not yet
 * submitted; the QR image has a text alternative; the API's `not_attending` is explained.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { amplify } from '../../test/amplifyMock';
import { companySessionOk } from '../../test/handlers';
import { renderPortal } from '../test/renderPortal';
import { assemblyDetail, NOW } from '../test/fixtures';
import type { CompanyConference } from '../api';
import CompanyMeetingShowPage from './CompanyMeetingShowPage';
import { noCompanyRoom } from '../../room/test/fixtures';

const serve = (detail: CompanyConference, ticket: (id: string) => Response) => {
  const asked: string[] = [];
  server.use(
    ...companySessionOk(),
    noCompanyRoom(),
    http.get('*/v1/company/conferences/10', () => HttpResponse.json(detail)),
    http.get('*/v1/company/conference_members/:id/ticket', ({ params }) => {
      asked.push(String(params.id));
      return ticket(String(params.id));
    }),
  );
  return asked;
};

const renderPage = async () => {
  renderPortal(<CompanyMeetingShowPage />, { url: '/company/meetings/10', path: '/company/meetings/:id' });
  await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
};

describe('/company/meetings/:id — 受付票', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    amplify.signInAs('COMPANY_ADMIN');
    Cookies.set('company_name', '株式会社アクメ');
  });

  it('shows a ticket for each saved 出席・代理出席, with the QR, the person, the conference and the company', async () => {
    const detail = assemblyDetail({
      members: {
        101: { answer_content: 'attend' },
        102: { answer_content: 'proxy_attend', proxy_name: '佐藤 次郎', proxy_title: '部長' },
        103: { answer_content: 'absent' },
      },
    });
    const asked = serve(detail, () => HttpResponse.json({ qr: 'KR1.101.abc' }));
    const user = userEvent.setup();
    await renderPage();

    const section = screen.getByRole('region', { name: '受付票' });
    expect(within(section).getAllByRole('button')).toHaveLength(2);
    expect(within(section).queryByText('山田 花子')).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: '佐藤 次郎さんの受付票（懇親会）を表示' }));
    const dialog = await screen.findByRole('dialog', { name: '受付票' });
    const qr = await within(dialog).findByRole('img', { name: '佐藤 次郎さんの受付票のQRコード（懇親会）' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(asked).toEqual(['102']);
    const ticket = within(dialog).getByTestId('ticket');
    expect(ticket).toHaveTextContent('佐藤 次郎（部長）');
    expect(ticket).toHaveTextContent('山田 太郎の代理');
    expect(ticket).toHaveTextContent('株式会社アクメ');
    expect(ticket).toHaveTextContent('2026年11月21日(土) 16:30');
    expect(within(dialog).getByRole('button', { name: '印刷' })).toBeEnabled();
  });

  it('shows no ticket while nobody attends, nor for a choice not yet submitted', async () => {
    const detail = assemblyDetail({ members: { 101: { answer_content: 'delegate' } } });
    const asked = serve(detail, () => HttpResponse.json({ qr: 'x' }));
    const user = userEvent.setup();
    await renderPage();

    expect(screen.queryByRole('region', { name: '受付票' })).not.toBeInTheDocument();
    const cell = screen.getByRole('group', { name: '山田 太郎：懇親会の回答' });
    await user.click(within(cell).getByRole('radio', { name: '出席' }));
    expect(screen.queryByRole('region', { name: '受付票' })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('explains a ticket the API refuses because the answer changed meanwhile', async () => {
    serve(assemblyDetail({ members: { 101: { answer_content: 'attend' } } }), () =>
      HttpResponse.json(
        { status: 422, code: 'not_attending', detail: '出席の回答がありません。' },
        { status: 422, headers: { 'content-type': 'application/problem+json' } },
      ),
    );
    const user = userEvent.setup();
    await renderPage();

    await user.click(screen.getByRole('button', { name: '山田 太郎さんの受付票（第75回 通常議員総会）を表示' }));
    const dialog = await screen.findByRole('dialog', { name: '受付票' });
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('出席または代理出席の回答を送信すると、受付票を表示できます。'),
    );
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
  });
});
