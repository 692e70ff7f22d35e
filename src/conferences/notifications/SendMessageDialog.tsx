/**
 * 「メッセージを送信」 (DESIGN.md §11.2): a staff-written message to chosen invited companies or
 * to every company with 未回答 invitees. プレビュー asks the server for the rendered text and the
 * recipients (送付不可 where a company has no address) without writing anything; 送信 then writes
 * the outbox rows with the same body.
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useDataProvider, useGetList, useNotify, useTranslate, type Identifier } from 'react-admin';
import type { KaigiDataProvider } from '../../providers/dataProvider';
import { problemMessage } from '../problemMessage';
import { MAX_PAGE_SIZE } from '../useConferenceMembers';
import type { ConferenceCompany, ManualNotificationResult } from '../types';
import { MessagePreview } from './MessagePreview';

export interface SendMessageDialogProps {
  open: boolean;
  conferenceId: Identifier;
  onClose: () => void;
  onSent: () => void;
}

type Audience = 'unanswered' | 'chosen';

const Companies = ({
  conferenceId,
  chosen,
  onToggle,
  error,
}: {
  conferenceId: Identifier;
  chosen: Set<number>;
  onToggle: (companyId: number, on: boolean) => void;
  error?: string;
}) => {
  const translate = useTranslate();
  const { data, isPending } = useGetList<ConferenceCompany & { id: Identifier }>('conference_companies', {
    pagination: { page: 1, perPage: MAX_PAGE_SIZE },
    sort: { field: 'id', order: 'ASC' },
    filter: { conference_id: conferenceId, expand: 'company' },
  });
  if (isPending) return <CircularProgress size={20} aria-label={translate('kaigi.progress.loading')} />;
  if (!data?.length)
    return <Typography color="text.secondary">{translate('kaigi.notifications.message.no_companies')}</Typography>;
  return (
    <FormControl component="fieldset" error={!!error}>
      <FormLabel component="legend">{translate('kaigi.notifications.message.choose_companies')}</FormLabel>
      <FormGroup sx={{ maxHeight: 240, overflowY: 'auto', flexWrap: 'nowrap' }}>
        {data.map((row) => (
          <FormControlLabel
            key={row.id}
            control={
              <Checkbox
                size="small"
                checked={chosen.has(row.company_id)}
                onChange={(e) => onToggle(row.company_id, e.target.checked)}
              />
            }
            label={row.company ? `${row.company.name1}（${row.company.company_code}）` : String(row.company_id)}
          />
        ))}
      </FormGroup>
      {error && <FormHelperText role="alert">{error}</FormHelperText>}
    </FormControl>
  );
};

export const SendMessageDialog = ({ open, conferenceId, onClose, onSent }: SendMessageDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<KaigiDataProvider>();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [audience, setAudience] = useState<Audience>('unanswered');
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [touched, setTouched] = useState(false);
  const [preview, setPreview] = useState<ManualNotificationResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const errors = {
    companies: audience === 'chosen' && chosen.size === 0 ? translate('kaigi.notifications.message.need_companies') : undefined,
    subject: subject.trim() ? undefined : translate('kaigi.notifications.message.required'),
    body: body.trim() ? undefined : translate('kaigi.notifications.message.required'),
  };
  const shown = (message?: string) => (touched ? message : undefined);
  const payload = () => ({
    ...(audience === 'unanswered' ? { unanswered: true } : { company_ids: [...chosen] }),
    subject: subject.trim(),
    body,
  });

  const close = () => {
    if (busy) return;
    setPreview(null);
    setError(null);
    setTouched(false);
    onClose();
  };

  const call = async (run: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (failure) {
      setError(problemMessage(failure, translate));
    } finally {
      setBusy(false);
    }
  };

  const showPreview = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.values(errors).some(Boolean)) return;
    void call(async () => {
      setPreview((await dataProvider.sendMessage(conferenceId, { ...payload(), preview: true })) as ManualNotificationResult);
    });
  };

  const send = () =>
    void call(async () => {
      const result = (await dataProvider.sendMessage(conferenceId, payload())) as ManualNotificationResult;
      notify('kaigi.notifications.message.sent', { type: 'success', messageArgs: { count: result.created.length } });
      setSubject('');
      setBody('');
      setChosen(new Set());
      setPreview(null);
      setTouched(false);
      onSent();
      onClose();
    });

  const title = translate(preview ? 'kaigi.notifications.message.preview_title' : 'kaigi.notifications.message.title');
  return (
    <Dialog open={open} onClose={close} aria-labelledby="send-message-title" fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <form onSubmit={showPreview} noValidate>
        <DialogTitle id="send-message-title">{title}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {preview ? (
            <MessagePreview result={preview} />
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormControl>
                <FormLabel id="message-audience">{translate('kaigi.notifications.message.recipients')}</FormLabel>
                <RadioGroup aria-labelledby="message-audience" value={audience} onChange={(_e, v) => setAudience(v as Audience)}>
                  <FormControlLabel
                    value="unanswered"
                    control={<Radio size="small" />}
                    label={translate('kaigi.notifications.message.unanswered')}
                  />
                  <FormControlLabel
                    value="chosen"
                    control={<Radio size="small" />}
                    label={translate('kaigi.notifications.message.chosen')}
                  />
                </RadioGroup>
              </FormControl>
              {audience === 'chosen' && (
                <Companies
                  conferenceId={conferenceId}
                  chosen={chosen}
                  error={shown(errors.companies)}
                  onToggle={(id, on) =>
                    setChosen((current) => {
                      const next = new Set(current);
                      if (on) next.add(id);
                      else next.delete(id);
                      return next;
                    })
                  }
                />
              )}
              <TextField
                label={translate('kaigi.notifications.message.subject')}
                value={subject}
                onChange={(e) => setSubject(e.target.value)}
                required
                error={!!shown(errors.subject)}
                helperText={shown(errors.subject)}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
              <TextField
                label={translate('kaigi.notifications.message.body')}
                value={body}
                onChange={(e) => setBody(e.target.value)}
                required
                multiline
                minRows={5}
                error={!!shown(errors.body)}
                helperText={shown(errors.body)}
                slotProps={{ htmlInput: { maxLength: 10_000 } }}
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {preview ? (
            <>
              <Button onClick={() => setPreview(null)} disabled={busy}>
                {translate('kaigi.notifications.message.back')}
              </Button>
              <Button variant="contained" onClick={send} loading={busy} disabled={preview.recipients.length === 0}>
                {translate('kaigi.notifications.message.send')}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={close} disabled={busy}>
                {translate('ra.action.cancel')}
              </Button>
              <Button type="submit" variant="contained" loading={busy}>
                {translate('kaigi.notifications.message.preview')}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
};
