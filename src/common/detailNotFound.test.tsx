/**
 * Issue 30 item 1, spec §2: a 404 from the API on a detail or edit page leads to /404 and stays
 * there. react-admin's own redirect to the list (its getOne onError) used to run after the HTTP
 * client's navigation and win.
 */
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { amplify } from '../test/amplifyMock';
import { cciUserInfoOk } from '../test/handlers';
import { currentUrl, renderApp } from '../test/renderApp';

const ROUTES = [
  '/companies/99999/show',
  '/companies/99999',
  '/members/99999/show',
  '/members/99999',
  '/positions/99999',
  '/users/99999/show',
  '/users/99999',
  '/conference_templates/99999/show',
  '/conference_templates/99999',
  '/conferences/99999',
  '/imports/99999/show',
];

describe('a missing record on a detail or edit page (spec §2)', () => {
  it.each(ROUTES)('%s ends on the 404 page', async (route) => {
    amplify.signInAs('CCI_ADMIN');
    server.use(
      cciUserInfoOk(),
      http.get(/\/99999$/, () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Not Found', status: 404, detail: '見つかりません。', code: 'not_found' },
          { status: 404, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    renderApp(route);
    expect(await screen.findByRole('heading', { name: 'ページが見つかりません' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(currentUrl()).toBe('/404');
    expect(screen.queryByText('データが存在しませんでした')).not.toBeInTheDocument();
  });
});
