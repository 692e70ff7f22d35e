/**
 * 親会議の招待者をコピー (DESIGN.md §11.2): on a sub-conference, invites the parent's invitees
 * (POST conference_members {mode:'parent'}); those already invited are skipped by the server.
 */
import { useState } from 'react';
import { Button } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Confirm, useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import type { KaigiDataProvider } from '../../providers/dataProvider';
import { problemMessage } from '../problemMessage';

export const CopyParentButton = ({ conferenceId, onCopied }: { conferenceId: Identifier; onCopied: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<KaigiDataProvider>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const copy = async () => {
    setBusy(true);
    try {
      const { created, skipped } = await dataProvider.copyParentInvitees(conferenceId);
      notify('kaigi.copy_parent.done', { type: 'success', messageArgs: { created: created.length, skipped: skipped.length } });
      onCopied();
    } catch (error) {
      notify(problemMessage(error, translate), { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => setOpen(true)} disabled={busy}>
        {translate('kaigi.copy_parent.button')}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="kaigi.copy_parent.title"
        content="kaigi.copy_parent.content"
        confirm="kaigi.copy_parent.button"
        onConfirm={() => void copy()}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
