/**
 * 参加用リンク (DESIGN.md §11.1): the links staff issued for guests (来賓・講師) and invitees, with
 * their expiry (a day after the conference ends) or revocation; リンクを発行 (IssueLinkDialog, after
 * whose every attempt, failed or timed out too, the list reloads);
 * each active link's URL can be copied, and 無効にする revokes it after a confirmation
 * (DELETE …/room/links/{id}; the holder then gets a 404).
 */
import { useState } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import AddLinkIcon from '@mui/icons-material/AddLink';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { formatDateTime } from '../../utils/dates';
import { LoadError } from '../LoadError';
import { roomApi, roomKeys } from './api';
import { CopyUrl } from './CopyUrl';
import { IssueLinkDialog } from './IssueLinkDialog';
import { roomErrorMessage } from './RoomSaveError';
import { StaffSection } from './StaffSection';
import type { RoomLink } from './types';

export interface LinkManagerProps {
  conferenceId: number;
}

export const LinkManager = ({ conferenceId }: LinkManagerProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = roomKeys.links(conferenceId);
  const links = useQuery({ queryKey: key, queryFn: ({ signal }) => roomApi.getLinks(conferenceId, signal) });
  // each opening mounts a fresh dialog (empty form)
  const [openings, setOpenings] = useState(0);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [revoking, setRevoking] = useState<RoomLink | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const t = (k: string, args?: Record<string, unknown>) => translate(`kaigi.room.staff.links.${k}`, args);

  const revoke = async () => {
    if (!revoking) return;
    setPending(true);
    setError(null);
    try {
      await roomApi.revokeLink(conferenceId, revoking.id);
      notify('kaigi.room.staff.links.revoked_notice', { type: 'success' });
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
      setRevoking(null);
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };

  const rows = links.data ?? [];
  return (
    <StaffSection
      title={t('title')}
      actions={
        <Button
          variant="contained"
          startIcon={<AddLinkIcon />}
          aria-haspopup="dialog"
          onClick={() => {
            setOpenings((n) => n + 1);
            setDialogOpen(true);
          }}
        >
          {t('issue')}
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      {!!error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {roomErrorMessage(error, translate)}
        </Alert>
      )}
      {links.isPending ? (
        <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={20} />
          <Typography variant="body2">{t('loading')}</Typography>
        </Stack>
      ) : links.isError ? (
        <LoadError error={links.error} onRetry={() => void links.refetch()} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{t('empty')}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((link) => (
            <Box component="li" key={link.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
                <Chip size="small" variant="outlined" label={t(`kinds.${link.kind}`)} />
                <Typography sx={{ fontWeight: 'bold' }}>{link.name}</Typography>
                {link.title && <Typography variant="body2">{link.title}</Typography>}
                {link.revoked_at ? (
                  <Chip size="small" label={t('revoked', { date: formatDateTime(link.revoked_at) })} />
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {t('expires', { date: formatDateTime(link.expires_at) })}
                  </Typography>
                )}
              </Stack>
              {!link.revoked_at && (
                <Stack spacing={1}>
                  <CopyUrl
                    url={link.url}
                    label={t('url_label', { name: link.name })}
                    copyLabel={t('copy_aria', { name: link.name })}
                  />
                  <Box>
                    <Button
                      color="error"
                      size="small"
                      startIcon={<LinkOffIcon />}
                      aria-label={t('revoke_aria', { name: link.name })}
                      onClick={() => setRevoking(link)}
                    >
                      {t('revoke')}
                    </Button>
                  </Box>
                </Stack>
              )}
            </Box>
          ))}
        </Stack>
      )}
      {openings > 0 && (
        <IssueLinkDialog
          key={openings}
          conferenceId={conferenceId}
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          onSettled={() => void queryClient.invalidateQueries({ queryKey: key })}
        />
      )}
      <Confirm
        isOpen={revoking !== null}
        title="kaigi.room.staff.links.revoke_title"
        content={translate('kaigi.room.staff.links.revoke_body', { name: revoking?.name ?? '' })}
        confirm="kaigi.room.staff.links.revoke"
        confirmColor="warning"
        loading={pending}
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
      />
    </StaffSection>
  );
};
