/**
 * 記録から取った数値 (issue 35): every figure of the draft beside the record's value; 訂正 opens a
 * dialog whose new value needs a reason when it differs from the record (the server says the same:
 * 422 correction_reason_required). A corrected figure says so, with its reason.
 */
import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { figureKeys } from '../../../access/minutes-text';
import { apiErrorMessage } from '../../common/apiErrors';
import type { FigureValue, MinutesContent } from './types';

type Translate = ReturnType<typeof useTranslate>;
const TIME = /(^|\.|_)at$/;
const RESULT = /\.(result|chair_decision)$/;

/** The figure's label, from its key (agenda and 議案 figures name their item). */
export function figureLabel(key: string, content: MinutesContent, translate: Translate): string {
  const agenda = /^agenda\.(\d+)\.at$/.exec(key);
  if (agenda) {
    const i = Number(agenda[1]);
    return translate('kaigi.minutes.figures.labels.agenda_at', { n: i + 1, title: content.agenda[i]?.title ?? '' });
  }
  const motion = /^motion\.(\d+)\.(\w+)$/.exec(key);
  if (motion) {
    const number = content.motions.find((m) => m.id === Number(motion[1]))?.number ?? '';
    return translate(`kaigi.minutes.figures.labels.motion_${motion[2]}`, { number });
  }
  return translate(`kaigi.minutes.figures.labels.${key}`);
}

const tokyo = new Intl.DateTimeFormat('ja-JP', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' });
/** datetime-local text in Tokyo time ⇄ ISO 8601 */
const toLocalInput = (iso: string) => new Date(new Date(iso).getTime() + 9 * 3600_000).toISOString().slice(0, 16);
const fromLocalInput = (local: string) => new Date(`${local}:00+09:00`).toISOString();

export function showFigure(key: string, value: FigureValue, translate: Translate): string {
  if (value === null || value === '') return translate('kaigi.minutes.figures.unknown');
  if (typeof value === 'boolean') return translate(`kaigi.minutes.figures.${value ? 'yes' : 'no'}`);
  if (RESULT.test(key)) return translate(`kaigi.minutes.figures.${value}`);
  if (TIME.test(key) && typeof value === 'string') return tokyo.format(new Date(value));
  return String(value);
}

interface CorrectProps {
  figureKey: string;
  label: string;
  value: FigureValue;
  derived: FigureValue;
  onClose: () => void;
  onSave: (value: FigureValue, reason: string | null) => Promise<void>;
}

const CorrectDialog = ({ figureKey, label, value, derived, onClose, onSave }: CorrectProps) => {
  const translate = useTranslate();
  const titleId = useId();
  const [text, setText] = useState(
    value === null ? '' : TIME.test(figureKey) && typeof value === 'string' ? toLocalInput(value) : String(value),
  );
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const kind = typeof derived;
  const parsed = (): FigureValue => {
    if (text === '') return null;
    if (kind === 'number') return Number(text.normalize('NFKC'));
    if (kind === 'boolean') return text === 'true';
    if (TIME.test(figureKey)) return fromLocalInput(text);
    return text;
  };
  const save = async () => {
    const next = parsed();
    if (next !== derived && reason.trim() === '') {
      setError(translate('kaigi.minutes.figures.reason_required'));
      return;
    }
    setSaving(true);
    try {
      await onSave(next, next === derived ? null : reason);
      onClose();
    } catch (e) {
      const message = apiErrorMessage(e);
      setError(translate(message, { _: message }));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate('kaigi.minutes.figures.dialog_title', { label })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('kaigi.minutes.figures.record')}: {showFigure(figureKey, derived, translate)}
        </Typography>
        <TextField
          label={translate('kaigi.minutes.figures.new_value')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          select={kind === 'boolean' || RESULT.test(figureKey)}
          type={TIME.test(figureKey) ? 'datetime-local' : 'text'}
          slotProps={{ htmlInput: kind === 'number' ? { inputMode: 'numeric' } : {}, inputLabel: { shrink: true } }}
          fullWidth
          sx={{ mb: 2 }}
        >
          {kind === 'boolean'
            ? ['true', 'false'].map((v) => (
                <MenuItem key={v} value={v}>
                  {translate(`kaigi.minutes.figures.${v === 'true' ? 'yes' : 'no'}`)}
                </MenuItem>
              ))
            : ['adopted', 'rejected'].map((v) => (
                <MenuItem key={v} value={v}>
                  {translate(`kaigi.minutes.figures.${v}`)}
                </MenuItem>
              ))}
        </TextField>
        <TextField
          label={translate('kaigi.minutes.figures.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          fullWidth
          multiline
          minRows={2}
          error={!!error}
          helperText={error ?? ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('kaigi.minutes.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          {translate('kaigi.minutes.figures.correct')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

export const MinutesFigures = ({
  content,
  editable,
  onCorrect,
}: {
  content: MinutesContent;
  editable: boolean;
  onCorrect: (key: string, value: FigureValue, reason: string | null) => Promise<void>;
}) => {
  const translate = useTranslate();
  const [open, setOpen] = useState<string | null>(null);
  const entries = figureKeys(content).map((key) => [key, content.figures[key]] as const);
  return (
    <Box component="section" aria-labelledby="minutes-figures-heading" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h3" id="minutes-figures-heading">
        {translate('kaigi.minutes.figures.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('kaigi.minutes.figures.hint')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('kaigi.minutes.figures.item')}</TableCell>
              <TableCell>{translate('kaigi.minutes.figures.value')}</TableCell>
              {editable && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map(([key, figure]) => {
              const label = figureLabel(key, content, translate);
              return (
                <TableRow key={key} data-figure={key}>
                  <TableCell>{label}</TableCell>
                  <TableCell>
                    {showFigure(key, figure.value, translate)}
                    {figure.reason && (
                      <Alert severity="warning" icon={false} sx={{ mt: 0.5, py: 0 }}>
                        {translate('kaigi.minutes.figures.corrected', { reason: figure.reason })}（
                        {translate('kaigi.minutes.figures.record')}: {showFigure(key, figure.derived, translate)}）
                      </Alert>
                    )}
                  </TableCell>
                  {editable && (
                    <TableCell align="right">
                      <Button
                        size="small"
                        onClick={() => setOpen(key)}
                        aria-label={translate('kaigi.minutes.figures.correct_aria', { label })}
                      >
                        {translate('kaigi.minutes.figures.correct')}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      {open && (
        <CorrectDialog
          figureKey={open}
          label={figureLabel(open, content, translate)}
          value={content.figures[open].value}
          derived={content.figures[open].derived}
          onClose={() => setOpen(null)}
          onSave={(value, reason) => onCorrect(open, value, reason)}
        />
      )}
    </Box>
  );
};
