/**
 * 参加用リンクを発行 (DESIGN.md §11.1): for a guest (来賓・講師: 氏名 required, 肩書) or for one of
 * this conference's invitees (picked from its conference members, as the 招待者 tab lists them).
 * POST …/room/links; the issued URL is then shown with its copy button until the dialog closes.
 *
 * Issue 29: a failed or timed-out POST may still have made the link, so every attempt ends with
 * `onSettled` (the list reloads), and 発行する pressed again for the same entries sends the same
 * Idempotency-Key: the server answers the link it made instead of making a second.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { LoadError } from '../LoadError';
import { useConferenceMembers, type InviteeRecord } from '../useConferenceMembers';
import { roomApi, type LinkRequest } from './api';
import { CopyUrl } from './CopyUrl';
import { roomErrorMessage } from './RoomSaveError';
import { LINK_KINDS, type LinkKind, type RoomLink } from './types';

export interface IssueLinkDialogProps {
  conferenceId: number;
  open: boolean;
  onClose: () => void;
  /** after every attempt, issued or not: the list may have a new link */
  onSettled: () => void;
}

/** A fresh key per submission (getRandomValues: randomUUID needs a secure context). */
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export const IssueLinkDialog = ({ conferenceId, open, onClose, onSettled }: IssueLinkDialogProps) => {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const [kind, setKind] = useState<LinkKind>('guest');
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [member, setMember] = useState<InviteeRecord | null>(null);
  const [tried, setTried] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [issued, setIssued] = useState<RoomLink | null>(null);
  /** the entries last sent and their key: sent again unchanged, they keep it */
  const submission = useRef<{ body: string; key: string } | null>(null);
  const members = useConferenceMembers([conferenceId], { enabled: open && kind === 'user' });
  const t = (key: string, args?: Record<string, unknown>) => translate(`kaigi.room.staff.links.${key}`, args);

  const missing = kind === 'guest' ? name.trim() === '' : member === null;
  const optionLabel = (row: InviteeRecord) =>
    t('member_option', { name: row.member?.name ?? String(row.member_id), company: row.company?.name1 ?? '' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing) return;
    setPending(true);
    setError(null);
    const body: LinkRequest =
      kind === 'guest'
        ? { kind, name: name.trim(), title: title.trim() || null }
        : { kind, conference_member_id: Number(member!.id) };
    const sent = JSON.stringify(body);
    if (submission.current?.body !== sent) submission.current = { body: sent, key: newKey() };
    try {
      setIssued(await roomApi.createLink(conferenceId, body, submission.current.key));
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
      onSettled();
    }
  };

  const close = () => {
    if (!pending) onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{t(issued ? 'issued_title' : 'issue_title')}</DialogTitle>
      {issued ? (
        <>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Typography>{t('issued_help')}</Typography>
              <CopyUrl url={issued.url} label={t('url_label', { name: issued.name })} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('kaigi.common.actions.close')}</Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={submit}>
          <DialogContent>
            <Stack spacing={2}>
              {!!error && (
                <Alert severity="error" role="alert">
                  {roomErrorMessage(error, translate)}
                </Alert>
              )}
              <FormControl component="fieldset" disabled={pending}>
                <FormLabel component="legend">{t('kind_legend')}</FormLabel>
                <RadioGroup row value={kind} onChange={(e) => setKind(e.target.value as LinkKind)}>
                  {LINK_KINDS.map((k) => (
                    <FormControlLabel key={k} value={k} control={<Radio />} label={t(`kinds.${k}`)} />
                  ))}
                </RadioGroup>
              </FormControl>
              {kind === 'guest' ? (
                <>
                  <TextField
                    label={t('name')}
                    value={name}
                    onChange={(e) => setName(e.target.value)}
                    required
                    disabled={pending}
                    error={tried && missing}
                    helperText={tried && missing ? t('name_required') : undefined}
                    slotProps={{ htmlInput: { maxLength: 100 } }}
                  />
                  <TextField
                    label={t('title_field')}
                    value={title}
                    onChange={(e) => setTitle(e.target.value)}
                    disabled={pending}
                    slotProps={{ htmlInput: { maxLength: 100 } }}
                  />
                </>
              ) : members.error ? (
                <LoadError error={members.error} onRetry={() => void members.refetch()} />
              ) : (
                <Autocomplete
                  options={members.rows}
                  value={member}
                  onChange={(_, value) => setMember(value)}
                  getOptionLabel={optionLabel}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  loading={members.isPending}
                  loadingText={t('members_loading')}
                  noOptionsText={t('no_members')}
                  disabled={pending}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t('member')}
                      required
                      error={tried && missing}
                      helperText={tried && missing ? t('member_required') : undefined}
                    />
                  )}
                />
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={pending}>
              {translate('kaigi.common.actions.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={pending}>
              {t('submit')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
};
