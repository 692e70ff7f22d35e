/**
 * 「位置を指定して移動」 (issue 15 item 1): the place to move an invitee to (移動先の順番, 1..n),
 * checked here, sent as one request by the caller.
 */
import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { InviteeRecord } from '../useConferenceMembers';

export interface MoveToDialogProps {
  /** the invitee to move and its place now (1-based), or null when closed */
  target: { row: InviteeRecord; place: number } | null;
  count: number;
  onClose: () => void;
  onMove: (row: InviteeRecord, place: number) => void;
}

export const MoveToDialog = ({ target, count, onClose, onMove }: MoveToDialogProps) => (
  <Dialog open={target !== null} onClose={onClose} fullWidth maxWidth="xs">
    {/* a fresh form for every invitee */}
    {target && <MoveToForm key={target.row.id} target={target} count={count} onClose={onClose} onMove={onMove} />}
  </Dialog>
);

const MoveToForm = ({
  target,
  count,
  onClose,
  onMove,
}: MoveToDialogProps & { target: { row: InviteeRecord; place: number } }) => {
  const translate = useTranslate();
  const [value, setValue] = useState(String(target.place));
  const [invalid, setInvalid] = useState(false);
  const name = target.row.member?.name ?? String(target.row.member_id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // full-width digits from a Japanese IME count too
    const place = Number(value.normalize('NFKC').trim());
    if (!Number.isInteger(place) || place < 1 || place > count) {
      setInvalid(true);
      return;
    }
    onClose();
    if (place !== target.place) onMove(target.row, place);
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle>{translate('kaigi.conferences.invitees.move_to_title', { name })}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={translate('kaigi.conferences.invitees.move_to_field')}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setInvalid(false);
          }}
          error={invalid}
          helperText={
            invalid
              ? translate('kaigi.conferences.invitees.move_to_invalid', { count })
              : translate('kaigi.conferences.invitees.move_to_help', { count, place: target.place })
          }
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button type="submit" variant="contained">
          {translate('kaigi.conferences.invitees.move_to_submit')}
        </Button>
      </DialogActions>
    </form>
  );
};
