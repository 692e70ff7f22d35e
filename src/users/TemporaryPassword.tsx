/**
 * A temporary password, shown once (staff creation, reissue: DESIGN.md §6, issue 15 item 3), with a
 * copy button and what happens next. The API never returns it again.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslate } from 'react-admin';

export const TemporaryPassword = ({ password, email }: { password: string; email?: string | null }) => {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Stack spacing={1.5}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
        {email && (
          <>
            <Typography component="dt" variant="body2" color="text.secondary">
              {translate('resources.users.fields.email')}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
              {email}
            </Typography>
          </>
        )}
        <Typography component="dt" variant="body2" color="text.secondary">
          {translate('kaigi.users.temporary.label')}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box component="code" data-testid="temporary-password" sx={{ fontSize: '1.1rem', wordBreak: 'break-all' }}>
            {password}
          </Box>
          <Tooltip title={translate(copied ? 'kaigi.users.temporary.copied' : 'kaigi.users.temporary.copy')}>
            <IconButton size="small" aria-label={translate('kaigi.users.temporary.copy')} onClick={copy}>
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Typography>
      </Box>
      <Alert severity="warning">{translate('kaigi.users.temporary.once')}</Alert>
      <Typography variant="body2" color="text.secondary">
        {translate('kaigi.users.temporary.next_sign_in')}
      </Typography>
    </Stack>
  );
};
