/**
 * A download the user starts with a button: disabled while it runs, a help line under it, and a
 * refused download told in Japanese (announced) — the template and the error file share it.
 */
import { useId, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Typography, type ButtonProps } from '@mui/material';

export const DownloadButton = ({
  run,
  reasonOf,
  label,
  busyLabel = label,
  help,
  ...button
}: {
  run: () => Promise<void>;
  reasonOf: (error: unknown) => string;
  label: ReactNode;
  busyLabel?: ReactNode;
  help: ReactNode;
} & Pick<ButtonProps, 'color' | 'size' | 'startIcon'>) => {
  const helpId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (e) {
      setError(reasonOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Button variant="outlined" {...button} onClick={download} disabled={busy} aria-describedby={helpId}>
        {busy ? busyLabel : label}
      </Button>
      <Typography variant="caption" color="text.secondary" component="p" id={helpId} sx={{ mt: 0.5 }}>
        {help}
      </Typography>
      <Box aria-live="assertive">
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </Box>
    </Box>
  );
};
