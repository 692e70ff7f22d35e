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

describe('会議室に入る on /company/meetings/:id (issue 12)', () => {
  beforeEach(() => {
    amplify.signInAs('COMPANY_ADMIN');
    setWidth(false);
  });

  it('shown while the room is open, leading to the room', async () => {
    openMeeting(() => HttpResponse.json(room({ status: 'open' })));
    const button = await screen.findByRole('link', { name: '会議室に入る' });
    expect(button).toHaveAttribute('href', '/company/meetings/10/room');
  });

  it.each(['waiting', 'ended'] as const)('not shown while the room is %s', async (status) => {
    let asked = 0;
    openMeeting(() => {
      asked += 1;
      return HttpResponse.json(room({ status }));
    });
    await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
    await vi.waitFor(() => expect(asked).toBe(1));
    expect(screen.queryByRole('link', { name: '会議室に入る' })).not.toBeInTheDocument();
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
