/** Issue 15 item 3: every signed-in user changes its own password from the user menu (パスワード変更). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { amplify, updatePassword } from '../test/amplifyMock';
import { server } from '../test/server';
import { cciUserInfoOk, companySessionOk } from '../test/handlers';
import { renderApp } from '../test/renderApp';

const named = (name: string, message: string) => Object.assign(new Error(message), { name });

const openDialog = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: /^プロフィール|ユーザーメニュー/ }));
  await user.click(await screen.findByRole('menuitem', { name: 'パスワード変更' }));
  return screen.findByRole('dialog', { name: 'パスワード変更' });
};

const fill = async (
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  current: string,
  next: string,
  confirm = next,
) => {
  // required fields' labels end in " *"
  for (const [label, value] of [
    [/^現在のパスワード[\s*]*$/, current],
    [/^新しいパスワード[\s*]*$/, next],
    [/^新しいパスワード（確認）[\s*]*$/, confirm],
  ] as const) {
    const input = within(dialog).getByLabelText(label, { selector: 'input' });
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  await user.click(within(dialog).getByRole('button', { name: '変更する' }));
};

describe('パスワード変更 (issue 15 item 3)', () => {
  it('a chamber user changes its password: current and new go to Cognito, a notice confirms', async () => {
    amplify.signInAs('CCI_ADMIN');
    server.use(cciUserInfoOk());
    const user = userEvent.setup();
    renderApp('/admin');
    const dialog = await openDialog(user);
    await fill(user, dialog, 'old-secret', 'new-secret-1');
    await waitFor(() => expect(updatePassword).toHaveBeenCalledWith({ oldPassword: 'old-secret', newPassword: 'new-secret-1' }));
    expect(
      await screen.findByText('パスワードを変更しました。次回から新しいパスワードでログインしてください。'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'パスワード変更' })).not.toBeInTheDocument());
  }, 30_000); // the first test of the file loads the console and the dialog's lazy chunk

  it('checks before sending: current required, new at least 8, no surrounding spaces, confirmation equal', async () => {
    amplify.signInAs('CCI_CONFERENCE_USER');
    server.use(
      cciUserInfoOk({
        cci_code: 'TKY',
        username: 'staff',
        user_type: 'CCI_CONFERENCE_USER',
        display_name: '担当',
        email: 's@x.jp',
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin');
    const dialog = await openDialog(user);
    await fill(user, dialog, '', 'short', 'other');
    expect(within(dialog).getByText('現在のパスワードを入力してください。')).toBeInTheDocument();
    expect(within(dialog).getByText('パスワードは8文字以上で入力してください。')).toBeInTheDocument();
    expect(within(dialog).getByText('新しいパスワードが一致しません。')).toBeInTheDocument();
    await fill(user, dialog, 'old-secret', ' spaced-pass ');
    expect(within(dialog).getByText('パスワードの前後に空白を含めないでください。')).toBeInTheDocument();
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.', '現在のパスワードが正しくありません。'],
    ['InvalidPasswordException', 'Invalid password', '現在のパスワードが正しくありません。'],
    [
      'InvalidPasswordException',
      'Password did not conform with policy: Password not long enough',
      '新しいパスワードが要件を満たしていません（8文字以上）。',
    ],
    [
      'LimitExceededException',
      'Attempt limit exceeded, please try after some time.',
      '試行回数が上限に達しました。しばらくしてから再度お試しください。',
    ],
  ])('a company admin is told in Japanese when Cognito answers %s (%s)', async (name, message, shown) => {
    amplify.signInAs('COMPANY_ADMIN');
    server.use(
      ...companySessionOk(),
      http.get('*/v1/company/conferences', () => HttpResponse.json({ data: [], meta: { page: 1, page_size: 10, total: 0 } })),
    );
    updatePassword.mockRejectedValue(named(name, message));
    const user = userEvent.setup();
    renderApp('/company/meetings');
    const dialog = await openDialog(user);
    await fill(user, dialog, 'old-secret', 'new-secret-1');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(shown);
    expect(screen.getByRole('dialog', { name: 'パスワード変更' })).toBeInTheDocument();
  });
});
