/**
 * 当日参加 (issue 14, WalkInSchema): someone of an invited company arrives — either a person who
 * was not invited (name, title) or a substitute instead of the invited principal (pick the
 * principal, name, title). POST …/walk_ins checks them in at once.
 */
import { useState, type FormEvent } from 'react';
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
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { receptionApi, receptionKeys, type CheckInResult, type InvitedCompany, type WalkIn } from './api';
import { isHttpError } from '../../api/errors';
import { deskErrorMessage } from './errors';

const NAME_MAX = 100;

type Kind = 'new' | 'substitute';

interface Props {
  conferenceId: number;
  open: boolean;
  onClose(): void;
  onDone(result: CheckInResult): void;
  /** the person turned out to be invited already (409 already_invited): check that row in instead */
  onCheckInInvited(conferenceMemberId: number): void;
}

const companyLabel = (c: InvitedCompany) => `${c.company.name1}（${c.company.company_code}）`;

export const WalkInDialog = ({ conferenceId, open, onClose, onDone, onCheckInInvited }: Props) => {
  const translate = useTranslate();
  const [kind, setKind] = useState<Kind>('new');
  const [company, setCompany] = useState<InvitedCompany | null>(null);
  const [principal, setPrincipal] = useState('');
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ text: string; invited: number | null } | null>(null);
  const [busy, setBusy] = useState(false);

  const companies = useQuery({
    queryKey: receptionKeys.companies(conferenceId),
    queryFn: ({ signal }) => receptionApi.companies(conferenceId, signal),
    enabled: open,
  });
  const principals = useQuery({
    queryKey: [...receptionKeys.all(conferenceId), 'principals', company?.company_id],
    queryFn: ({ signal }) => receptionApi.list(conferenceId, company!.company.company_code, signal),
    enabled: open && kind === 'substitute' && company !== null,
    select: (list) =>
      list.data.filter((r) => r.company_id === company?.company_id && r.category === 'principal' && !r.checked_in_at),
  });

  const reset = () => {
    setKind('new');
    setCompany(null);
    setPrincipal('');
    setName('');
    setTitle('');
    setErrors({});
    setFailure(null);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const validate = () => {
    const found: Record<string, string> = {};
    const required = translate('kaigi.reception.walk_in.required');
    const tooLong = translate('kaigi.reception.walk_in.too_long', { max: NAME_MAX });
    if (!company) found.company = required;
    if (kind === 'substitute' && !principal) found.principal = required;
    if (!name.trim()) found.name = required;
    else if (name.trim().length > NAME_MAX) found.name = tooLong;
    if (title.trim().length > NAME_MAX) found.title = tooLong;
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || !company) return;
    const person = { name: name.trim(), title: title.trim() || null };
    const body: WalkIn =
      kind === 'substitute' ? { instead_of: Number(principal), ...person } : { company_id: company.company_id, ...person };
    setBusy(true);
    try {
      const result = await receptionApi.walkIn(conferenceId, body);
      reset();
      onDone(result);
    } catch (error) {
      const invited = isHttpError(error) && error.code === 'already_invited' ? Number(error.problem?.conference_member_id) : NaN;
      setFailure({ text: deskErrorMessage(error, translate), invited: Number.isInteger(invited) ? invited : null });
    } finally {
      setBusy(false);
    }
  };

  const t = (key: string) => translate(`kaigi.reception.walk_in.${key}`);
  return (
    <Dialog open={open} onClose={close} aria-labelledby="walk-in-title" fullWidth maxWidth="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="walk-in-title">{t('title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && (
              <Alert
                severity="error"
                role="alert"
                action={
                  failure.invited !== null && (
                    <Button
                      color="inherit"
                      size="small"
                      onClick={() => {
                        const id = failure.invited!;
                        reset();
                        onCheckInInvited(id);
                      }}
                    >
                      {t('check_in_invited')}
                    </Button>
                  )
                }
              >
                {failure.text}
              </Alert>
            )}
            <FormControl>
              <FormLabel id="walk-in-kind">{t('kind')}</FormLabel>
              <RadioGroup
                aria-labelledby="walk-in-kind"
                value={kind}
                onChange={(event) => {
                  setKind(event.target.value as Kind);
                  setPrincipal('');
                }}
              >
                <FormControlLabel value="new" control={<Radio />} label={t('kind_new')} />
                <FormControlLabel value="substitute" control={<Radio />} label={t('kind_substitute')} />
              </RadioGroup>
            </FormControl>
            <Autocomplete
              options={companies.data ?? []}
              loading={companies.isLoading}
              loadingText={t('companies_loading')}
              noOptionsText={t('no_options')}
              value={company}
              onChange={(_event, value) => {
                setCompany(value);
                setPrincipal('');
              }}
              getOptionLabel={companyLabel}
              isOptionEqualToValue={(a, b) => a.company_id === b.company_id}
              renderInput={(params) => (
                <TextField {...params} label={t('company')} required error={!!errors.company} helperText={errors.company} />
              )}
            />
            {kind === 'substitute' && (
              <TextField
                select
                label={t('principal')}
                required
                value={principal}
                onChange={(event) => setPrincipal(event.target.value)}
                disabled={!company}
                error={!!errors.principal}
                helperText={
                  errors.principal ??
                  (company && principals.data && principals.data.length === 0 ? t('principal_none') : undefined)
                }
              >
                {(principals.data ?? []).map((row) => (
                  <MenuItem key={row.id} value={String(row.id)}>
                    {row.member_title ? `${row.member_name}（${row.member_title}）` : row.member_name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              label={t('name')}
              required
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={!!errors.name}
              helperText={errors.name}
              autoComplete="off"
            />
            <TextField
              label={t('title_field')}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              error={!!errors.title}
              helperText={errors.title}
              autoComplete="off"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {t('submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
