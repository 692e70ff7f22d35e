/**
 * Issue 30 item 4: the template download goes through the one API client (spec §9 retries, spec §2
 * 404 rule), not a fetch of its own.
 */
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { amplify, ID_TOKEN } from '../test/amplifyMock';
import { createHttpClient } from '../api/httpClient';
import { HttpError } from '../api/errors';
import { downloadTemplate } from './template';

vi.mock('../api/objectDownload', () => ({ startBrowserDownload: vi.fn() }));
const { startBrowserDownload } = await import('../api/objectDownload');

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeEach(() => {
  amplify.signInAs('CCI_ADMIN');
  vi.mocked(startBrowserDownload).mockClear();
  URL.createObjectURL = vi.fn(() => 'blob:template');
  URL.revokeObjectURL = vi.fn();
});

describe('downloadTemplate', () => {
  it('retries a 503 (spec §9) with the bearer token and saves the bytes under the server name', async () => {
    const calls: Array<string | null> = [];
    server.use(
      http.get('*/v1/cci/C001/import/template', ({ request }) => {
        calls.push(request.headers.get('Authorization'));
        if (calls.length === 1) return new HttpResponse(null, { status: 503 });
        return new HttpResponse(new Uint8Array([0x50, 0x4b]), {
          headers: {
            'Content-Type': XLSX,
            'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('会員.xlsx')}`,
          },
        });
      }),
    );
    const client = createHttpClient({ sleep: async () => {}, onNotFound: vi.fn() });
    await downloadTemplate('C001', 'members', 'fallback.xlsx', client);
    expect(calls).toEqual([`Bearer ${ID_TOKEN}`, `Bearer ${ID_TOKEN}`]);
    expect(vi.mocked(URL.createObjectURL).mock.calls[0][0]).toBeInstanceOf(Blob);
    expect(startBrowserDownload).toHaveBeenCalledWith('blob:template', '会員.xlsx');
  });

  it('a 404 follows the spec §2 rule and fails with the server’s reason', async () => {
    server.use(
      http.get('*/v1/cci/C001/import/template', () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Not Found', status: 404, detail: '見つかりません。', code: 'not_found' },
          { status: 404, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const onNotFound = vi.fn();
    const client = createHttpClient({ sleep: async () => {}, onNotFound });
    const failure = downloadTemplate('C001', 'members', 'fallback.xlsx', client);
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({ detail: '見つかりません。' });
    expect(onNotFound).toHaveBeenCalledWith('/v1/cci/C001/import/template');
    expect(startBrowserDownload).not.toHaveBeenCalled();
  });
});
