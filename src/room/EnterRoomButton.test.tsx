import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { amplify } from '../test/amplifyMock';
import { companySessionOk } from '../test/handlers';
import { renderPortal } from '../company/test/renderPortal';
import { assemblyDetail } from '../company/test/fixtures';
import CompanyMeetingShowPage from '../company/meetings/CompanyMeetingShowPage';
import { room } from './test/fixtures';
import { setWidth } from './test/renderRoom';

const openMeeting = (roomReply: () => Response) => {
  server.use(
    ...companySessionOk(),
    http.get('*/v1/company/conferences/10', () => HttpResponse.json(assemblyDetail())),
    http.get('*/v1/company/conferences/10/room', roomReply),
  );
  return renderPortal(<CompanyMeetingShowPage />, { url: '/company/meetings/10', path: '/company/meetings/:id' });
};

describe('会議室に入る on /company/meetings/:id (issue 12, issue 29 §6)', () => {
  beforeEach(() => {
    amplify.signInAs('COMPANY_ADMIN');
    setWidth(false);
  });

  // issue 29 §6: before the start and after the end too, not only while it is open
  it.each([
    ['waiting', '会議室に入る', '待機中（開始前です）'],
    ['open', '会議室に入る', '開催中'],
    ['ended', '会議の記録を見る', '終了しました'],
  ] as const)('shown while the room is %s (%s, %s), leading to the room', async (status, label, said) => {
    openMeeting(() => HttpResponse.json(room({ status })));
    const link = await screen.findByRole('link', { name: label });
    expect(link).toHaveAttribute('href', '/company/meetings/10/room');
    expect(link).toHaveAccessibleDescription(said);
  });

  it('no room for this company (404): no button, and the meeting page stays (no /404)', async () => {
    let asked = 0;
    const { navigated } = openMeeting(() => {
      asked += 1;
      return HttpResponse.json({ status: 404, code: 'not_found' }, { status: 404 });
    });
    await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
    await vi.waitFor(() => expect(asked).toBe(1));
    expect(screen.queryByRole('link', { name: '会議室に入る' })).not.toBeInTheDocument();
    expect(navigated).toEqual([]);
  });
});
