/**
 * /company/profile (issue 5): the own company, viewed and edited with `version` (DESIGN §5).
 * GET and PUT /v1/company/companies/{id} through the dataProvider (`company/companies`).
 *
 * - postal code and phone accept full-width digits and dash look-alikes (normalised on blur and on
 *   save) and are validated with the server's rules; server field errors land on their fields;
 * - a 409 version_conflict says so and offers 「最新の内容を読み込む」: the latest version is loaded
 *   and what the user typed stays in the form (the fields that differ are listed); saving again
 *   then goes with the new version;
 * - a successful save refreshes the session's company (company_name cookie, spec §4);
 * - if the session ends while editing, the changed values are kept and, after sign-in, put back
 *   in the form over the latest version (issue 11, common/drafts).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, Title, useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import type { Company } from '../../api/schema';
import { formErrorsOf, type Problem } from '../../api/errors';
import { primeCompanySession } from '../../session/sessionStore';
import { useSession } from '../../session/useSession';
import { portalKeys } from '../api';
import { normalizeDigits } from '../format';
import { useRouteDraft } from '../../common/drafts/useRouteDraft';
import { DraftRestoredNotice } from '../../common/drafts/DraftRestoredNotice';
import {
  differingFields,
  maxLengthOf,
  PROFILE_FIELDS,
  updateBody,
  validateProfile,
  valuesOf,
  type ProfileErrors,
  type ProfileField,
  type ProfileValues,
} from './companyForm';

const RESOURCE = 'company/companies';

type Phase = 'viewing' | 'editing' | 'saving' | 'conflict' | 'reloading';

interface SaveFailure {
  status?: number;
  code?: string;
  detail?: string;
  message?: string;
  problem?: Problem | null;
}

const INPUT: Partial<Record<ProfileField, { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'tel' | 'email' }>> = {
  name1: { autoComplete: 'organization' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  postal_code: { autoComplete: 'postal-code', inputMode: 'numeric' },
  address: { autoComplete: 'street-address' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
};

export const companyDetailKey = (id: number | string) => [...portalKeys.all, 'company', String(id)] as const;

export const CompanyProfilePage = () => {
  const translate = useTranslate();
  const session = useSession();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const companyId = session.company?.id ?? session.companyUser?.company_id;
  const { canAccess: canEdit } = useCanAccess({ resource: RESOURCE, action: 'edit' });

  const query = useQuery({
    queryKey: companyDetailKey(companyId ?? ''),
    queryFn: async () => (await dataProvider.getOne<Company & { id: number }>(RESOURCE, { id: companyId! })).data,
    enabled: companyId !== undefined,
  });

  const [phase, setPhase] = useState<Phase>('viewing');
  const [base, setBase] = useState<Company | null>(null);
  const [values, setValues] = useState<ProfileValues | null>(null);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [banner, setBanner] = useState<{ severity: 'success' | 'info' | 'error'; text: string } | null>(null);
  const [differs, setDiffers] = useState<ProfileField[]>([]);
  const [confirmingEmailClear, setConfirmingEmailClear] = useState(false);
  const bannerRef = useRef<HTMLDivElement>(null);
  const conflictRef = useRef<HTMLButtonElement>(null);

  const company = phase === 'viewing' ? (query.data ?? null) : base;

  const { restored } = useRouteDraft<{ values: ProfileValues }>({
    getValues: () => (phase !== 'viewing' && values && base && differingFields(values, base).length > 0 ? { values } : undefined),
    restore: (draft) => {
      if (!query.data) return;
      setBase(query.data);
      setValues({ ...valuesOf(query.data), ...draft.values });
      setPhase('editing');
    },
    ready: !!query.data,
  });

  useEffect(() => {
    if (banner) bannerRef.current?.focus();
  }, [banner]);
  useEffect(() => {
    if (phase === 'conflict') conflictRef.current?.focus();
  }, [phase]);

  const label = (field: ProfileField) => translate(`kaigi.company.profile.fields.${field}`);

  const startEditing = () => {
    if (!query.data) return;
    setBase(query.data);
    setValues(valuesOf(query.data));
    setErrors({});
    setDiffers([]);
    setBanner(null);
    setPhase('editing');
  };

  const cancel = () => {
    setPhase('viewing');
    setErrors({});
    setBanner(null);
  };

  const setField = (field: ProfileField, value: string) => {
    setValues((current) => (current ? { ...current, [field]: value } : current));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!values || !base) return;
    const found = validateProfile(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      setBanner({ severity: 'error', text: translate('kaigi.errors.codes.validation_failed') });
      return;
    }
    // without an e-mail the next sign-in asks for one (spec §4): say so first (issue 18 item 7)
    const hadEmail = typeof base.attributes?.email === 'string' && base.attributes.email.trim() !== '';
    if (hadEmail && values.email.trim() === '') {
      setConfirmingEmailClear(true);
      return;
    }
    void persist();
  };

  const persist = async () => {
    if (!values || !base) return;
    setPhase('saving');
    setBanner(null);
    try {
      const { data } = await dataProvider.update<Company & { id: number }>(RESOURCE, {
        id: base.id,
        data: updateBody(base.version, values),
        previousData: base as Company & { id: number },
      });
      queryClient.setQueryData(companyDetailKey(base.id), data);
      if (session.companyUser) primeCompanySession(session.companyUser, data);
      setPhase('viewing');
      setDiffers([]);
      setBanner({ severity: 'success', text: translate('kaigi.company.profile.saved') });
    } catch (caught) {
      const error = caught as SaveFailure;
      if (error.status === 409) {
        setPhase('conflict');
        return;
      }
      setPhase('editing');
      const byField = (formErrorsOf(error.problem).attributes ?? {}) as Record<string, string>;
      const serverErrors: ProfileErrors = {};
      for (const field of PROFILE_FIELDS) if (typeof byField[field] === 'string') serverErrors[field] = byField[field];
      setErrors(serverErrors);
      setBanner({
        severity: 'error',
        text:
          error.detail ??
          (error.message
            ? translate(error.message, { _: translate('kaigi.company.profile.save_error') })
            : translate('kaigi.company.profile.save_error')),
      });
    }
  };

  const reloadLatest = async () => {
    if (!base || !values) return;
    setPhase('reloading');
    try {
      const { data } = await dataProvider.getOne<Company & { id: number }>(RESOURCE, { id: base.id });
      queryClient.setQueryData(companyDetailKey(base.id), data);
      setBase(data);
      setDiffers(differingFields(values, data));
      setPhase('editing');
      setBanner({ severity: 'info', text: translate('kaigi.company.profile.reloaded') });
    } catch {
      setPhase('conflict');
      setBanner({ severity: 'error', text: translate('kaigi.company.common.load_error') });
    }
  };

  const editing = phase !== 'viewing';
  const busy = phase === 'saving' || phase === 'reloading';

  return (
    <Box sx={{ mt: 2, maxWidth: 720, minWidth: 0 }}>
      <Title title={translate('kaigi.company.profile.title')} />
      <Typography component="h1" variant="h5" gutterBottom>
        {translate('kaigi.company.profile.title')}
      </Typography>
      <DraftRestoredNotice show={restored} />
      <Box aria-live="polite" aria-atomic="true">
        {phase === 'conflict' && (
          <Alert
            severity="warning"
            role="alert"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void reloadLatest()} ref={conflictRef}>
                {translate('kaigi.company.profile.reload_latest')}
              </Button>
            }
          >
            {translate('kaigi.company.profile.conflict')}
          </Alert>
        )}
        {banner && (
          <Alert
            severity={banner.severity}
            role={banner.severity === 'error' ? 'alert' : 'status'}
            sx={{ mb: 2 }}
            ref={bannerRef}
            tabIndex={-1}
          >
            {banner.text}
            {banner.severity === 'info' && differs.length > 0 && (
              <Box component="span" sx={{ display: 'block', mt: 0.5 }} data-testid="profile-differs">
                {translate('kaigi.company.profile.differs', { fields: differs.map(label).join('、') })}
              </Box>
            )}
          </Alert>
        )}
      </Box>
      {!company ? (
        query.isError ? (
          <Alert
            severity="error"
            role="alert"
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                {translate('kaigi.company.common.retry')}
              </Button>
            }
          >
            {translate('kaigi.company.common.load_error')}
          </Alert>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={translate('kaigi.company.common.loading')} />
          </Box>
        )
      ) : !editing ? (
        <Card variant="outlined">
          <CardContent>
            <Box component="dl" sx={{ m: 0 }}>
              {[
                ['company_code', translate('kaigi.company.profile.company_code'), company.company_code] as const,
                ...PROFILE_FIELDS.map((f) => [f, label(f), valuesOf(company)[f]] as const),
              ].map(([key, name, value]) => (
                <Box
                  key={key}
                  sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, py: 0.75, borderBottom: 1, borderColor: 'divider' }}
                >
                  <Typography component="dt" variant="body2" color="text.secondary" sx={{ flex: '0 0 8em' }}>
                    {name}
                  </Typography>
                  <Typography
                    component="dd"
                    variant="body2"
                    sx={{ m: 0, flex: '1 1 14em', minWidth: 0, overflowWrap: 'anywhere' }}
                    data-testid={`profile-${key}`}
                  >
                    {value || translate('kaigi.company.profile.not_set')}
                  </Typography>
                </Box>
              ))}
            </Box>
            {canEdit && (
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
                <Button variant="contained" startIcon={<EditIcon />} onClick={startEditing}>
                  {translate('kaigi.company.profile.edit')}
                </Button>
              </Box>
            )}
          </CardContent>
        </Card>
      ) : (
        <Card variant="outlined">
          <CardContent>
            <form onSubmit={save} noValidate aria-label={translate('kaigi.company.profile.title')}>
              <Stack spacing={2}>
                <Typography variant="body2" color="text.secondary">
                  {translate('kaigi.company.profile.company_code')}: {company.company_code}
                </Typography>
                {PROFILE_FIELDS.map((field) => {
                  const error = errors[field];
                  const help =
                    field === 'postal_code' || field === 'phone' ? translate(`kaigi.company.profile.help.${field}`) : undefined;
                  return (
                    <TextField
                      key={field}
                      id={`profile-${field}`}
                      name={field}
                      label={label(field)}
                      value={values?.[field] ?? ''}
                      onChange={(e) => setField(field, e.target.value)}
                      onBlur={
                        field === 'postal_code' || field === 'phone'
                          ? (e) => e.target.value && setField(field, normalizeDigits(e.target.value))
                          : undefined
                      }
                      required={field === 'name1'}
                      error={!!error}
                      helperText={error ? translate(error, { _: error, max: maxLengthOf(field) }) : help}
                      disabled={busy || phase === 'conflict'}
                      fullWidth
                      multiline={field === 'address'}
                      type={INPUT[field]?.type}
                      autoComplete={INPUT[field]?.autoComplete}
                      slotProps={{
                        htmlInput: { inputMode: INPUT[field]?.inputMode },
                        formHelperText: { role: error ? 'alert' : undefined },
                      }}
                    />
                  );
                })}
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  <Button onClick={cancel} disabled={busy}>
                    {translate('kaigi.company.common.cancel')}
                  </Button>
                  <Button type="submit" variant="contained" disabled={busy || phase === 'conflict'}>
                    {translate(phase === 'saving' ? 'kaigi.company.profile.saving' : 'kaigi.company.profile.save')}
                  </Button>
                </Stack>
              </Stack>
            </form>
          </CardContent>
        </Card>
      )}
      <Confirm
        isOpen={confirmingEmailClear}
        title="kaigi.company.profile.email_clear.title"
        content="kaigi.company.profile.email_clear.content"
        confirm="kaigi.company.profile.email_clear.confirm"
        onConfirm={() => {
          setConfirmingEmailClear(false);
          void persist();
        }}
        onClose={() => setConfirmingEmailClear(false)}
      />
    </Box>
  );
};

export default CompanyProfilePage;
