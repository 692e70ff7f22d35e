/**
 * A link's URL, read-only, with 「URLをコピー」 (navigator.clipboard). Where the clipboard is not
 * available (insecure origin, refused permission) the URL is selected for the user to copy by hand.
 * The outcome is told in a live region beside it.
 */
import { useRef, useState } from 'react';
import { Button, Stack, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslate } from 'react-admin';

export interface CopyUrlProps {
  url: string;
  /** The field's label (already translated). */
  label: string;
  /** The button's accessible name (already translated); defaults to 「URLをコピー」. */
  copyLabel?: string;
}

export const CopyUrl = ({ url, label, copyLabel }: CopyUrlProps) => {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<'copied' | 'copy_failed' | null>(null);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setOutcome('copied');
    } catch {
      input.current?.focus();
      input.current?.select();
      setOutcome('copy_failed');
    }
  };

  return (
    <Stack spacing={0.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label={label}
          value={url}
          size="small"
          inputRef={input}
          onFocus={(e) => e.target.select()}
          slotProps={{ htmlInput: { readOnly: true } }}
          sx={{ flex: 1 }}
        />
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()} aria-label={copyLabel}>
          {translate('kaigi.room.staff.links.copy')}
        </Button>
      </Stack>
      <Typography variant="body2" role="status" color={outcome === 'copy_failed' ? 'warning.main' : 'success.main'}>
        {outcome ? translate(`kaigi.room.staff.links.${outcome}`) : ''}
      </Typography>
    </Stack>
  );
};
