/**
 * The text box under the chat and the comment form: a counter of characters (as the server counts
 * them: code points after NFC), send with the button or Ctrl+Enter (⌘+Enter on a Mac; said only where
 * a keyboard is likely), the text
 * kept when sending fails and the reason shown in Japanese (roomErrors.ts).
 */
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import SendIcon from '@mui/icons-material/Send';
import { useTranslate } from 'react-admin';
import { isRoomEnded, roomErrorMessage } from './roomErrors';

export const textLength = (text: string) => [...text.normalize('NFC')].length;

export interface ComposeBoxProps {
  /** kaigi.room.chat or kaigi.room.comment */
  messagesKey: string;
  max: number;
  rows: number;
  /** why the box is read-only (room ended, panel closed), shown instead of sending */
  disabledNote?: string | null;
  onSend(body: string): Promise<void>;
  onSent?(): void;
  onRoomEnded(): void;
}

export const ComposeBox = ({ messagesKey, max, rows, disabledNote, onSend, onSent, onRoomEnded }: ComposeBoxProps) => {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const length = textLength(text);
  const tooLong = length > max;
  const disabled = !!disabledNote;
  const canSend = !disabled && !sending && !tooLong && text.trim().length > 0;
  // the Ctrl+Enter hint is for a keyboard: not on a phone or a touch screen (issue 29 §6)
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const touch = useMediaQuery('(pointer: coarse)', { noSsr: true });
  const hint = tooLong
    ? translate(`${messagesKey}.too_long`, { max })
    : narrow || touch
      ? ''
      : translate('kaigi.room.compose_hint');

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    setError(null);
    const body = text;
    try {
      await onSend(body);
      // what was typed while sending stays for the next send
      setText((current) => (current === body ? '' : current));
      onSent?.();
    } catch (failure) {
      if (isRoomEnded(failure)) onRoomEnded();
      setError(roomErrorMessage(translate, failure));
    } finally {
      setSending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };

  if (disabled) {
    return (
      <Alert severity="info" sx={{ mt: 1 }}>
        {disabledNote}
      </Alert>
    );
  }
  return (
    <Box component="form" onSubmit={onSubmit} noValidate sx={{ mt: 1 }}>
      <TextField
        label={translate(`${messagesKey}.input`)}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        multiline
        minRows={rows}
        maxRows={8}
        fullWidth
        error={tooLong}
        helperText={
          <Box component="span" sx={{ display: 'flex', gap: 1 }}>
            <span>{hint}</span>
            <Box component="span" sx={{ ml: 'auto', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {translate(`${messagesKey}.counter`, { count: length, max })}
            </Box>
          </Box>
        }
      />
      <Box sx={{ display: 'flex', mt: 1 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={!canSend}
          aria-busy={sending}
          endIcon={<SendIcon aria-hidden />}
          sx={{ ml: 'auto', minHeight: 40 }}
        >
          {translate(sending ? `${messagesKey}.sending` : `${messagesKey}.send`)}
        </Button>
      </Box>
      {error && (
        <Alert
          severity="error"
          role="alert"
          onClose={() => setError(null)}
          closeText={translate('kaigi.room.close')}
          sx={{ mt: 1 }}
        >
          {error}
        </Alert>
      )}
    </Box>
  );
};
