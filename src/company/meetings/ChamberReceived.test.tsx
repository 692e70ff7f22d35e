/** The portal shows an answer the chamber recorded as 「会議所が受付（FAX）」 (issue 13, DESIGN.md §11.2). */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { amplify } from '../../test/amplifyMock';
import { companySessionOk } from '../../test/handlers';
import { renderPortal } from '../test/renderPortal';
import { assemblyDetail, NOW } from '../test/fixtures';
import CompanyMeetingShowPage from './CompanyMeetingShowPage';
import { noCompanyRoom } from '../../room/test/fixtures';
import { setWidth } from '../../test/viewport';

describe('/company/meetings/:id — answers the chamber recorded', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    amplify.signInAs('COMPANY_ADMIN');
    setWidth(false);
  });

  it('labels a FAX answer 「会議所が受付（FAX）」 and the company’s own answers not at all', async () => {
    const detail = assemblyDetail({
      members: {
        101: { answer_content: 'absent', answer_channel: 'fax', answered_at: '2026-11-10T01:00:00.000Z' },
        102: { answer_content: 'attend', answer_channel: 'portal', answered_at: '2026-11-10T01:00:00.000Z' },
      },
    });
    server.use(
      ...companySessionOk(),
      http.get('*/v1/company/conferences/10', () => HttpResponse.json(detail)),
      noCompanyRoom(),
    );
    renderPortal(<CompanyMeetingShowPage />, { url: '/company/meetings/10', path: '/company/meetings/:id' });
    await screen.findByRole('heading', { level: 1, name: '第75回 通常議員総会' });
    const assembly = screen.getByRole('group', { name: '山田 太郎：第75回 通常議員総会の回答' });
    expect(within(assembly).getByText('会議所が受付（FAX）')).toBeInTheDocument();
    const party = screen.getByRole('group', { name: '山田 太郎：懇親会の回答' });
    expect(within(party).queryByText(/会議所が受付/)).not.toBeInTheDocument();
    expect(screen.getAllByText(/会議所が受付/)).toHaveLength(1);
  });
});
