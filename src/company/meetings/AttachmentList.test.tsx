/**
 * Portal meeting page, attachments (issue 6): a download button per file that asks
 * GET /v1/company/{cci_code}/common/s3/get_object_url?path=<key> (cci_code from the session) and
 * hands the link to the browser; busy while it waits; a Japanese error under the file when it fails,
 * without leaving the page.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { amplify } from '../../test/amplifyMock';
import { companySessionOk } from '../../test/handlers';
import { renderPortal } from '../test/renderPortal';
import { assemblyDetail, NOW } from '../test/fixtures';
import CompanyMeetingShowPage from './CompanyMeetingShowPage';
import { noCompanyRoom } from '../../room/test/fixtures';

const DETAIL = '*/v1/company/conferences/10';
const GET_URL = '*/v1/company/TKY/common/s3/get_object_url';
const AGENDA = { key: 'TKY/attachments/aaaa/議事次第.pdf', name: '議事次第.pdf', size: 123_456 };
const MAP = { key: 'TKY/attachments/bbbb/会場案内図.png', name: '会場案内図.png', size: 1_572_864 };

const deferred = () => {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
};

const renderPage = () => renderPortal(<CompanyMeetingShowPage />, { url: '/company/meetings/10', path: '/company/meetings/:id' });

const captureDownloads = () => {
  const clicked: Array<{ href: string; download: string }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
  return clicked;
};

describe('/company/meetings/:id — attachments', () => {
  beforeEach(() => {
    server.use(noCompanyRoom()); // the meeting page's 会議室に入る (issue 12): no room
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    amplify.signInAs('COMPANY_ADMIN');
  });

  it('downloads a file: get_object_url with the key, busy meanwhile, then the browser follows the link', async () => {
    const gate = deferred();
    const paths: string[] = [];
    server.use(
      ...companySessionOk(),
      http.get(DETAIL, () =>
        HttpResponse.json(assemblyDetail({ parent: { attachments: [AGENDA] }, sub: { attachments: [MAP] } })),
      ),
      http.get(GET_URL, async ({ request }) => {
        const path = new URL(request.url).searchParams.get('path') ?? '';
        paths.push(path);
        await gate.promise;
        return HttpResponse.json({
          url: `https://bucket.s3.ap-northeast-1.amazonaws.com/${encodeURI(path)}?X-Amz-Signature=abc`,
          file_name: path.split('/').pop(),
          expires_at: '2099-01-01T00:00:00.000Z',
        });
      }),
    );
    const clicked = captureDownloads();
    const user = userEvent.setup();
    renderPage();

    const list = await screen.findByRole('list', { name: '添付資料' });
    expect(within(list).getByText('議事次第.pdf')).toBeInTheDocument();
    expect(within(list).getByText('121 KB')).toBeInTheDocument();
    const subList = screen.getByRole('list', { name: '懇親会の添付資料' });
    expect(within(subList).getByText('会場案内図.png')).toBeInTheDocument();

    const button = within(list).getByRole('button', { name: '「議事次第.pdf」（121 KB）をダウンロード' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('準備中…');
    gate.release();
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(paths).toEqual([AGENDA.key]);
    expect(clicked[0]).toEqual({
      href: `https://bucket.s3.ap-northeast-1.amazonaws.com/${encodeURI(AGENDA.key)}?X-Amz-Signature=abc`,
      download: '議事次第.pdf',
    });
    await waitFor(() => expect(button).not.toBeDisabled());
    expect(button).toHaveTextContent('ダウンロード');

    // the sub-conference's file too, by keyboard
    const mapButton = within(subList).getByRole('button', { name: '「会場案内図.png」（1.5 MB）をダウンロード' });
    act(() => mapButton.focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(paths[1]).toBe(MAP.key);
  });

  it('a file that is gone (404) is reported under it in Japanese, and the page stays', async () => {
    server.use(
      ...companySessionOk(),
      http.get(DETAIL, () => HttpResponse.json(assemblyDetail({ parent: { attachments: [AGENDA, MAP] } }))),
      http.get(GET_URL, () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Not Found',
            status: 404,
            code: 'not_found',
            detail: 'ファイルが見つかりません。',
            errors: [],
          },
          { status: 404, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const clicked = captureDownloads();
    const user = userEvent.setup();
    const { navigated } = renderPage();
    const list = await screen.findByRole('list', { name: '添付資料' });
    const [first, second] = within(list).getAllByRole('listitem');
    await user.click(within(first).getByRole('button', { name: /議事次第\.pdf.*をダウンロード/ }));
    const alert = await within(first).findByRole('alert');
    expect(alert).toHaveTextContent('「議事次第.pdf」が見つかりません。会議所により削除された可能性があります。');
    expect(within(second).queryByRole('alert')).not.toBeInTheDocument();
    expect(clicked).toEqual([]);
    expect(navigated).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: '第75回 通常議員総会' })).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(within(first).queryByRole('alert')).not.toBeInTheDocument());
  });

  it('a server error says to try again later', async () => {
    server.use(
      ...companySessionOk(),
      http.get(DETAIL, () => HttpResponse.json(assemblyDetail({ parent: { attachments: [AGENDA] } }))),
      http.get(GET_URL, () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Service Unavailable',
            status: 503,
            code: 'storage_unavailable',
            detail: 'x',
            errors: [],
          },
          { status: 503, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('list', { name: '添付資料' });
    await user.click(within(list).getByRole('button', { name: /をダウンロード/ }));
    expect(await within(list).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      '「議事次第.pdf」をダウンロードできませんでした。時間をおいて、もう一度お試しください。',
    );
  }, 20_000);
});
