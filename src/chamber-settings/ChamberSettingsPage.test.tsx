/**
 * メール送信設定 (issue 33) against MSW: the chamber's sender name, Reply-To and signature read from
 * and saved to the singleton endpoint with the version; an emptied field is sent as null (the
 * chamber's name, no Reply-To); a bad address is refused in Japanese before sending.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { amplify } from '../test/amplifyMock';
import { cciUser, cciUserInfoOk } from '../test/handlers';
import { renderAdmin } from '../common/testing/renderAdmin';
import { ChamberSettingsPage } from './ChamberSettingsPage';

const PATH = '*/v1/cci/admin/master/chamber_settings';
const settings = {
  cci_code: 'TKY',
  name: '東京商工会議所',
  mail_sender_name: '東京商工会議所 総務課',
  mail_reply_to: null,
  mail_contact: 'TEL 03-0000-0000',
  version: 2,
  updated_at: '2026-11-21T05:00:00.000Z',
};

const render = () => {
  amplify.signInAs('CCI_ADMIN');
  server.use(cciUserInfoOk({ ...cciUser, user_type: 'CCI_ADMIN' }));
  renderAdmin('/chamber_settings/own', { chamber_settings: { edit: ChamberSettingsPage } });
};

describe('メール送信設定', () => {
  it('shows the chamber’s settings and saves the Reply-To with the version, an emptied sender name as null', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.get(PATH, () => HttpResponse.json(settings)),
      http.put(PATH, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...settings, ...body, version: 3 });
      }),
    );
    const user = userEvent.setup();
    render();
    const name = await screen.findByLabelText('差出人名');
    await waitFor(() => expect(name).toHaveValue('東京商工会議所 総務課'));
    expect(screen.getByText(/東京商工会議所から送るメール/)).toBeInTheDocument();
    await user.clear(name);
    await user.type(screen.getByLabelText('返信先メールアドレス'), 'soumu@tokyo-cci.example.jp');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(body).not.toBeNull());
    expect(body).toEqual({
      version: 2,
      mail_sender_name: null,
      mail_reply_to: 'soumu@tokyo-cci.example.jp',
      mail_contact: 'TEL 03-0000-0000',
    });
  });

  it('refuses a Reply-To that is not an address, in Japanese, without sending', async () => {
    let sent = false;
    server.use(
      http.get(PATH, () => HttpResponse.json(settings)),
      http.put(PATH, () => {
        sent = true;
        return HttpResponse.json(settings);
      }),
    );
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByLabelText('返信先メールアドレス'), 'soumu@');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(/メールアドレスの形式/)).toBeInTheDocument();
    expect(sent).toBe(false);
  });
});
