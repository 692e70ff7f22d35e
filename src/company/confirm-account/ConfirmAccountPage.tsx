/**
 * /company/confirm-account (spec §2, §4): the forced confirmation step after a company sign-in.
 * Query: version, company_id, hasChangePassword=true, hasAddEmail=true (auth/redirects.ts).
 *
 * - hasChangePassword: the current password (typed at sign-in) and a new one (min 8, spec §5) →
 *   Amplify updatePassword. Done once: a later failure of the company update does not ask again;
 * - hasAddEmail: the company's e-mail;
 * - then PUT /v1/company/companies/{company_id} with `version` (the e-mail when asked for, the
 *   other attributes unchanged): the company's own update clears admin_changed_info_flag on the
 *   server. A 409 (the chamber changed the company meanwhile) reloads the company and asks to
 *   confirm again;
 * - only when every required step succeeded: the link_to_confirm_account cookie is removed, the
 *   session takes the updated company, and the user goes to /company/meetings.
 * The step cannot be skipped: RoleGuard sends every other company page here while the cookie is set.
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Company } from '../../api/schema';
import { formErrorsOf, type Problem } from '../../api/errors';
import { COOKIE, removeCookie } from '../../auth/cookies';
import { primeCompanySession } from '../../session/sessionStore';
import { useSession } from '../../session/useSession';
import { EMAIL_RE, normalizeEmail } from '../format';
import { portalKeys } from '../api';
import { changePassword } from './changePassword';
import { CompanyDataToConfirm } from './CompanyDataToConfirm';
import { useRouteDraft } from '../../common/drafts/useRouteDraft';
import { DraftRestoredNotice } from '../../common/drafts/DraftRestoredNotice';

export const PASSWORD_MIN_LENGTH = 8; // spec §5, §9
const RESOURCE = 'company/companies';
const EDITABLE = ['name1', 'name_kana', 'email', 'representative', 'postal_code', 'address', 'phone'] as const;

export interface ConfirmAccountFlags {
  version: string | null;
  companyId: string | null;
  hasChangePassword: boolean;
  hasAddEmail: boolean;
}

export const readConfirmAccountFlags = (search: string): ConfirmAccountFlags => {
  const params = new URLSearchParams(search);
  return {
    version: params.get('version'),
    companyId: params.get('company_id'),
    hasChangePassword: params.get('hasChangePassword') === 'true',
    hasAddEmail: params.get('hasAddEmail') === 'true',
  };
};

/** The company PUT body: the stored editable attributes as they are, the e-mail when asked for. */
export const confirmBody = (company: Company, version: number, email: string | null) => {
  const attributes: Record<string, unknown> = {};
  for (const key of EDITABLE) {
    const value = company.attributes?.[key];
    if (typeof value === 'string' || (key === 'email' && value === null)) attributes[key] = value;
  }
  if (typeof attributes.name1 !== 'string') attributes.name1 = '';
  if (email !== null) attributes.email = email;
  return { version, attributes };
};

type Field = 'current' | 'password' | 'confirm' | 'email';
type Errors = Partial<Record<Field, string>>;

const cognitoErrorKey = (error: unknown): { field: Field | null; key: string } => {
  const name = (error as { name?: string } | null)?.name ?? '';
  // cognito-local answers a wrong previous password with InvalidPasswordException; the new one
  // already passed the policy checks (spec §5 has no character classes) when we get here
  switch (name) {
    case 'NotAuthorizedException':
    case 'InvalidPasswordException':
      return { field: 'current', key: 'kaigi.company.confirm_account.errors.wrong_password' };
    case 'InvalidParameterException':
      return { field: 'password', key: 'kaigi.company.confirm_account.errors.invalid_password' };
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return { field: null, key: 'kaigi.company.confirm_account.errors.too_many' };
    default:
      return { field: null, key: 'kaigi.company.confirm_account.errors.password_failed' };
  }
};

const companyKey = (id: string) => [...portalKeys.all, 'company', id] as const;

export const ConfirmAccountPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const session = useSession();
  const flags = readConfirmAccountFlags(useLocation().search);
  const companyId = flags.companyId ?? (session.company?.id ?? session.companyUser?.company_id)?.toString() ?? null;

  const query = useQuery({
    queryKey: companyKey(companyId ?? ''),
    queryFn: async () => (await dataProvider.getOne<Company & { id: number }>(RESOURCE, { id: Number(companyId) })).data,
    enabled: companyId !== null,
  });

  const urlVersion = flags.version !== null && /^\d+$/.test(flags.version) ? Number(flags.version) : null;
  const [version, setVersion] = useState<number | null>(urlVersion);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  // Kept for the tab's life: after a reload between the two steps, the password (already changed)
  // is not asked for again — its "current" value would now be the new one.
  const passwordDoneKey = `kaigi.confirm_account.password_done.${companyId ?? ''}`;
  const [passwordDone, setPasswordDone] = useState(() => sessionStorage.getItem(passwordDoneKey) === '1');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ severity: 'error' | 'warning' | 'success'; text: string } | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  // Issue 11: a typed e-mail survives a lost session; the passwords never are kept.
  const { restored } = useRouteDraft<{ email: string }>({
    getValues: () => (email ? { email } : undefined),
    restore: (draft) => {
      if (typeof draft.email === 'string') setEmail(draft.email);
    },
  });

  useEffect(() => {
    if (message) messageRef.current?.focus();
  }, [message]);

  const needPassword = flags.hasChangePassword && !passwordDone;
  const min = PASSWORD_MIN_LENGTH;

  const validate = (): Errors => {
    const next: Errors = {};
    if (needPassword) {
      if (!current) next.current = translate('kaigi.company.confirm_account.validation.current_required');
      if (password.length < min || password.trim() !== password) {
        next.password = translate('kaigi.company.confirm_account.validation.min_length', { min });
      } else if (password === current) {
        next.password = translate('kaigi.company.confirm_account.validation.same_as_current');
      }
      if (confirm !== password) next.confirm = translate('kaigi.company.confirm_account.validation.mismatch');
    }
    if (flags.hasAddEmail) {
      const value = normalizeEmail(email);
      if (!value) next.email = translate('kaigi.company.confirm_account.validation.email_required');
      else if (!EMAIL_RE.test(value) || value.length > 254)
        next.email = translate('kaigi.company.confirm_account.validation.email_format');
    }
    return next;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const company = query.data;
    if (!company) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setMessage(null);

    if (needPassword) {
      try {
        await changePassword(current, password);
        sessionStorage.setItem(passwordDoneKey, '1');
        setPasswordDone(true);
        setCurrent('');
        setPassword('');
        setConfirm('');
      } catch (error) {
        console.warn('[confirm-account] password change failed', error);
        const { field, key } = cognitoErrorKey(error);
        const text = translate(key, { min });
        if (field) setErrors({ [field]: text });
        else setMessage({ severity: 'error', text });
        setBusy(false);
        return;
      }
    }

    try {
      const body = confirmBody(company, version ?? company.version, flags.hasAddEmail ? normalizeEmail(email) : null);
      const { data } = await dataProvider.update<Company & { id: number }>(RESOURCE, {
        id: company.id,
        data: body,
        previousData: company as Company & { id: number },
      });
      removeCookie(COOKIE.linkToConfirmAccount);
      sessionStorage.removeItem(passwordDoneKey);
      if (session.companyUser) primeCompanySession(session.companyUser, data);
      queryClient.setQueryData(companyKey(String(company.id)), data);
      notify('kaigi.company.confirm_account.confirmed', { type: 'success' });
      navigate('/company/meetings', { replace: true });
    } catch (caught) {
      const error = caught as { status?: number; detail?: string; message?: string; problem?: Problem | null };
      if (error.status === 409) {
        const fresh = await query.refetch();
        if (fresh.data) setVersion(fresh.data.version);
        setMessage({ severity: 'warning', text: translate('kaigi.company.confirm_account.errors.conflict') });
      } else {
        const byField = (formErrorsOf(error.problem).attributes ?? {}) as Record<string, string>;
        if (typeof byField.email === 'string') setErrors({ email: translate(byField.email, { _: byField.email }) });
        setMessage({
          severity: 'error',
          text: error.detail ?? translate('kaigi.company.confirm_account.errors.save_failed'),
        });
      }
      setBusy(false);
    }
  };

  const stepState = (required: boolean, done: boolean) =>
    translate(
      done
        ? 'kaigi.company.confirm_account.done'
        : required
          ? 'kaigi.company.confirm_account.required'
          : 'kaigi.company.confirm_account.not_required',
    );

  const passwordField = (
    field: 'current' | 'password' | 'confirm',
    labelKey: string,
    value: string,
    set: (v: string) => void,
  ) => (
    <TextField
      id={`confirm-account-${field}`}
      name={field}
      type="password"
      label={translate(labelKey)}
      value={value}
      onChange={(e) => {
        set(e.target.value);
        if (errors[field]) setErrors((all) => ({ ...all, [field]: undefined }));
      }}
      error={!!errors[field]}
      helperText={errors[field]}
      autoComplete={field === 'current' ? 'current-password' : 'new-password'}
      required
      fullWidth
      disabled={busy}
      slotProps={{ formHelperText: { role: errors[field] ? 'alert' : undefined } }}
    />
  );

  return (
    <Box sx={{ mt: 2, maxWidth: 640, minWidth: 0 }}>
      <Title title={translate('kaigi.company.confirm_account.title')} />
      <Card variant="outlined">
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom>
            {translate('kaigi.company.confirm_account.title')}
          </Typography>
          <Typography gutterBottom>{translate('kaigi.company.confirm_account.intro')}</Typography>
          {query.data && <CompanyDataToConfirm company={query.data} />}
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mt: 2 }}>
            {translate('kaigi.company.confirm_account.steps')}
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 24px', mt: 1 }}>
            <Box sx={{ display: 'contents' }}>
              <dt>{translate('kaigi.company.confirm_account.has_change_password')}</dt>
              <Box component="dd" sx={{ m: 0 }} data-testid="confirm-account-has-change-password">
                {stepState(flags.hasChangePassword, passwordDone)}
              </Box>
            </Box>
            <Box sx={{ display: 'contents' }}>
              <dt>{translate('kaigi.company.confirm_account.has_add_email')}</dt>
              <Box component="dd" sx={{ m: 0 }} data-testid="confirm-account-has-add-email">
                {stepState(flags.hasAddEmail, false)}
              </Box>
            </Box>
          </Box>

          <Box sx={{ mt: 2 }}>
            <DraftRestoredNotice show={restored} />
          </Box>
          <Box aria-live="assertive" aria-atomic="true">
            {message && (
              <Alert severity={message.severity} role="alert" ref={messageRef} tabIndex={-1} sx={{ mb: 2 }}>
                {message.text}
              </Alert>
            )}
            {passwordDone && (
              <Alert severity="success" role="status" sx={{ mb: 2 }}>
                {translate('kaigi.company.confirm_account.password_changed')}
              </Alert>
            )}
          </Box>

          {!query.data ? (
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
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
                <CircularProgress aria-label={translate('kaigi.company.common.loading')} />
              </Box>
            )
          ) : (
            <form onSubmit={(e) => void submit(e)} noValidate aria-label={translate('kaigi.company.confirm_account.title')}>
              <Stack spacing={2} sx={{ mt: 1 }}>
                {needPassword && (
                  <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
                    <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
                      {translate('kaigi.company.confirm_account.password_section')}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {translate('kaigi.company.confirm_account.password_help', { min })}
                    </Typography>
                    {passwordField('current', 'kaigi.company.confirm_account.current_password', current, setCurrent)}
                    {passwordField('password', 'kaigi.company.confirm_account.new_password', password, setPassword)}
                    {passwordField('confirm', 'kaigi.company.confirm_account.new_password_confirm', confirm, setConfirm)}
                  </Stack>
                )}
                {flags.hasAddEmail && (
                  <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
                    <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
                      {translate('kaigi.company.confirm_account.email_section')}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {translate('kaigi.company.confirm_account.email_help')}
                    </Typography>
                    <TextField
                      id="confirm-account-email"
                      name="email"
                      type="email"
                      label={translate('kaigi.company.confirm_account.email')}
                      value={email}
                      onChange={(e) => {
                        setEmail(e.target.value);
                        if (errors.email) setErrors((all) => ({ ...all, email: undefined }));
                      }}
                      error={!!errors.email}
                      helperText={errors.email}
                      autoComplete="email"
                      required
                      fullWidth
                      disabled={busy}
                      slotProps={{
                        htmlInput: { inputMode: 'email' },
                        formHelperText: { role: errors.email ? 'alert' : undefined },
                      }}
                    />
                  </Stack>
                )}
                {!needPassword && !flags.hasAddEmail && (
                  <Typography variant="body2">{translate('kaigi.company.confirm_account.confirm_only')}</Typography>
                )}
                <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
                  {translate(busy ? 'kaigi.company.confirm_account.submitting' : 'kaigi.company.confirm_account.submit')}
                </Button>
              </Stack>
            </form>
          )}
        </CardContent>
      </Card>
    </Box>
  );
};

export default ConfirmAccountPage;
