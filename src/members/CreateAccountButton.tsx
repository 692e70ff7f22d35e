/**
 * 「ログインアカウントを作成」: POST /v1/cci/admin/master/members/{id}/user (dataProvider
 * .createUserFromMember) creates the member's company's COMPANY_ADMIN sign-in. Asks first; then
 * says what happened in Japanese — created (with the temporary password only when the API returns
 * one, i.e. local mode), 422 member_has_no_email, 409 user_exists, or any other failure.
 * Only for who may create users (CCI_ADMIN; the server checks users/create too). The new account
 * is shown by the member's name and the e-mail it signs in with, not by its Cognito username (a
 * UUID nobody types; issue 18 item 7).
 */
import { useState } from 'react';
import {
  Alert,
  Box,
  Button as MuiButton,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Button, useCanAccess, useDataProvider, useGetOne, useRecordContext, useTranslate } from 'react-admin';
import type { KaigiDataProvider } from '../providers/dataProvider';
import { apiErrorMessage } from '../common/apiErrors';
import type { Company } from '../companies/types';
import type { Member, MemberUser } from './types';

type Phase =
  { step: 'confirm' } | { step: 'creating' } | { step: 'done'; user: MemberUser } | { step: 'failed'; message: string };

export const CreateAccountButton = () => {
  const translate = useTranslate();
  const record = useRecordContext<Member>();
  const dataProvider = useDataProvider<KaigiDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'create' });
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<Phase>({ step: 'confirm' });
  const [copied, setCopied] = useState(false);

  const { data: company } = useGetOne<Company>(
    'companies',
    { id: record?.company_id ?? 0 },
    { enabled: open && !!record?.company_id && !record?.company },
  );

  if (!record || !canAccess) return null;

  const companyName = record.company?.name1 ?? company?.attributes?.name1 ?? record.company_code;
  const close = () => {
    if (phase.step === 'creating') return;
    setOpen(false);
  };
  const start = () => {
    setPhase({ step: 'confirm' });
    setCopied(false);
    setOpen(true);
  };
  const create = async () => {
    setPhase({ step: 'creating' });
    try {
      const user = (await dataProvider.createUserFromMember(record.id)) as MemberUser;
      setPhase({ step: 'done', user });
    } catch (error) {
      setPhase({ step: 'failed', message: apiErrorMessage(error) });
    }
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <>
      <Button label="kaigi.members.account.button" onClick={start}>
        <PersonAddIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="create-account-title" fullWidth maxWidth="sm">
        <DialogTitle id="create-account-title">{translate('kaigi.members.account.title')}</DialogTitle>
        <DialogContent>
          {(phase.step === 'confirm' || phase.step === 'creating') && (
            <DialogContentText>
              {record.email
                ? translate('kaigi.members.account.confirm', { name: record.name, email: record.email, company: companyName })
                : translate('kaigi.members.account.no_email', { name: record.name })}
            </DialogContentText>
          )}
          {phase.step === 'creating' && (
            <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }} role="status">
              <CircularProgress size={20} />
              <Typography variant="body2">{translate('kaigi.members.account.creating')}</Typography>
            </Stack>
          )}
          {phase.step === 'failed' && (
            <Alert severity="error" role="alert">
              {translate(phase.message, { _: phase.message })}
            </Alert>
          )}
          {phase.step === 'done' && (
            <Stack spacing={2}>
              <Alert severity="success" role="status">
                {translate('kaigi.members.account.created')}
              </Alert>
              <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {translate('kaigi.members.account.name')}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
                  {record.name}
                </Typography>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {translate('kaigi.members.account.email')}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
                  {phase.user.email}
                </Typography>
                {phase.user.temporary_password && (
                  <>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {translate('kaigi.members.account.temporary_password')}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 1 }}>
                      <Box component="code" data-testid="temporary-password" sx={{ fontSize: '1rem' }}>
                        {phase.user.temporary_password}
                      </Box>
                      <Tooltip title={translate(copied ? 'kaigi.members.account.copied' : 'kaigi.members.account.copy')}>
                        <IconButton
                          size="small"
                          aria-label={translate('kaigi.members.account.copy')}
                          onClick={() => copy(phase.user.temporary_password ?? '')}
                        >
                          <ContentCopyIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Typography>
                  </>
                )}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {translate(
                  phase.user.temporary_password
                    ? 'kaigi.members.account.temporary_password_help'
                    : 'kaigi.members.account.invitation_sent',
                )}
              </Typography>
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {phase.step === 'done' || phase.step === 'failed' ? (
            <MuiButton onClick={close} autoFocus>
              {translate('kaigi.common.actions.close')}
            </MuiButton>
          ) : (
            <>
              <MuiButton onClick={close} disabled={phase.step === 'creating'}>
                {translate('kaigi.common.actions.cancel')}
              </MuiButton>
              <MuiButton variant="contained" onClick={create} disabled={phase.step === 'creating'} autoFocus>
                {translate('kaigi.members.account.submit')}
              </MuiButton>
            </>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
};
