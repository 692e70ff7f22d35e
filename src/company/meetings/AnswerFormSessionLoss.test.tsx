/**
 * Issue 11 on the portal's answer form: submitting after the session ended (no token, no refresh)
 * goes to /login?prev=<this meeting> with the chosen answers kept; back on the meeting after
 * sign-in they are in the form again with a notice, and nothing was sent.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { amplify } from '../../test/amplifyMock';
import { companySessionOk } from '../../test/handlers';
import { renderPortal } from '../test/renderPortal';
import { assemblyDetail, NOW } from '../test/fixtures';
import { loadSession } from '../../session/sessionStore';
import CompanyMeetingShowPage from './CompanyMeetingShowPage';
import { noCompanyRoom } from '../../room/test/fixtures';

const MEETING = '第75回 通常議員総会';
const unauthorized = () => HttpResponse.json({ status: 401, code: 'unauthorized', detail: '認証が必要です。' }, { status: 401 });

const renderPage = () => renderPortal(<CompanyMeetingShowPage />, { url: '/company/meetings/10', path: '/company/meetings/:id' });
const taro = () => screen.getByRole('group', { name: `山田 太郎：${MEETING}の回答` });

describe('answer form when the session ends (issue 11)', () => {
  beforeEach(async () => {
    server.use(noCompanyRoom()); // the meeting page's 会議室に入る (issue 12): no room
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    amplify.signInAs('COMPANY_ADMIN');
    server.use(...companySessionOk());
    await loadSession('COMPANY_ADMIN');
  });

  it('回答 → /login?prev=…, the answer kept; after sign-in it is back with a notice and nothing was sent', async () => {
    const posted: unknown[] = [];
    server.use(
      http.get('*/v1/company/conferences/10', ({ request }) =>
        request.headers.get('Authorization') ? HttpResponse.json(assemblyDetail()) : unauthorized(),
      ),
      http.post('*/v1/company/conference_members/answer', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ data: [] });
      }),
    );
    const user = userEvent.setup();
    const { navigated } = renderPage();
    await screen.findByRole('heading', { level: 1, name: MEETING });
    await user.click(within(taro()).getByRole('radio', { name: '出席' }));

    amplify.signOutNow();
    await user.click(screen.getByRole('button', { name: '回答内容を確認' }));
    await user.click(await screen.findByRole('button', { name: 'この内容で回答する' }));

    await waitFor(() => expect(navigated).toEqual(['/login?prev=%2Fcompany%2Fmeetings%2F10']));
    expect(posted).toEqual([]);
    expect(sessionStorage.getItem('kaigi.draft:/company/meetings/10')).toContain('"answer_content":"attend"');

    // signed in again, the meeting opens from `prev`
    cleanup();
    amplify.signInAs('COMPANY_ADMIN');
    await loadSession('COMPANY_ADMIN');
    renderPage();
    await screen.findByRole('heading', { level: 1, name: MEETING });
    await waitFor(() => expect(within(taro()).getByRole('radio', { name: '出席' })).toBeChecked());
    expect(screen.getByTestId('draft-restored')).toHaveTextContent('保存されていない入力内容を復元しました。');
    expect(posted).toEqual([]);
  });
});
