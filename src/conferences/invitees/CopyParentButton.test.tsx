/**
 * 親会議の招待者をコピー: the message counts what the API answered (the `InviteResult` component:
 * the rows created and the member ids skipped), not the lists themselves.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, testDataProvider } from 'react-admin';
import type { InviteResult } from '../../api/schema';
import { testI18nProvider } from '../../common/testing/i18nProvider';
import { invitee } from '../test/fixtures';
import { CopyParentButton } from './CopyParentButton';

it('says how many were invited and how many skipped', async () => {
  const result: InviteResult = { created: [invitee({ id: 21 }), invitee({ id: 22 })], skipped: [501] };
  const copyParentInvitees = vi.fn(async () => result);
  const onCopied = vi.fn();
  render(
    <AdminContext dataProvider={{ ...testDataProvider(), copyParentInvitees }} i18nProvider={testI18nProvider}>
      <CopyParentButton conferenceId={7} onCopied={onCopied} />
      <Notification />
    </AdminContext>,
  );

  await userEvent.click(screen.getByRole('button', { name: '親会議の招待者をコピー' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '親会議の招待者をコピー' }));

  expect(await screen.findByText('2名を招待しました（1名はスキップ）。')).toBeInTheDocument();
  expect(copyParentInvitees).toHaveBeenCalledWith(7);
  expect(onCopied).toHaveBeenCalledOnce();
});
