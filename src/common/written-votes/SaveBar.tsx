/** The outcome of the last save and the save button, shared by the written-vote form and the 委任先 choice. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

export interface Banner {
  severity: 'success' | 'info' | 'error';
  text: string;
}

interface SaveBarProps {
  banner: Banner | null;
  /** the button shows only while the answers are open */
  open: boolean;
  disabled: boolean;
  label: string;
  onSave(): void;
}

export const SaveBar = ({ banner, open, disabled, label, onSave }: SaveBarProps) => (
  <>
    {banner && (
      <Alert severity={banner.severity} role={banner.severity === 'error' ? 'alert' : 'status'}>
        {banner.text}
      </Alert>
    )}
    {open && (
      <Box>
        <Button variant="outlined" onClick={onSave} disabled={disabled} sx={{ minHeight: 44, width: { xs: '100%', sm: 'auto' } }}>
          {label}
        </Button>
      </Box>
    )}
  </>
);
