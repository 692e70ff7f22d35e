/**
 * One person × one conference of the answer form: 出席 / 欠席 / 代理出席 (+ the substitute's name,
 * required, and title, optional) / 委任状 (only where the conference allows it). A fieldset whose
 * legend names the person and the conference, so each radio group is announced in context; the
 * legend is visible in the phone layout and visually hidden in the desktop grid (where the row and
 * column headers say the same).
 */
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { AnswerContent, CompanyInvitee } from '../api';
import { PROXY_MAX_LENGTH, type CellDraft, type CellErrors, type Column } from './answerModel';
import { visuallyHidden } from '../visuallyHidden';

export interface AnswerCellProps {
  invitee: CompanyInvitee;
  column: Column;
  personName: string;
  value: CellDraft;
  errors?: CellErrors;
  disabled?: boolean;
  /** phone layout: visible legend, radios in a wrapping row */
  compact?: boolean;
  onChange: (next: CellDraft) => void;
}

export const answerText = (
  translate: (key: string, options?: Record<string, unknown>) => string,
  cell: { answer_content: AnswerContent | null; proxy_name?: string | null; proxy_title?: string | null },
): string => {
  const label = translate(`kaigi.company.answer.${cell.answer_content ?? 'none'}`);
  if (cell.answer_content !== 'proxy_attend') return label;
  const who = [cell.proxy_name?.trim(), cell.proxy_title?.trim()].filter(Boolean).join('・');
  return who ? `${label}（${who}）` : label;
};

/** 「会議所が受付（FAX）」 under an answer the chamber recorded; nothing for the company's own (portal) answers. */
export const ChamberReceived = ({ invitee }: { invitee: CompanyInvitee }) => {
  const translate = useTranslate();
  const channel = invitee.answer_channel;
  if (!invitee.answer_content || !channel || channel === 'portal') return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid={`answer-${invitee.id}-channel`}>
      {translate('kaigi.company.received_by_chamber', { channel: translate(`kaigi.channels.short.${channel}`) })}
    </Typography>
  );
};

const errorText = (translate: (key: string, options?: Record<string, unknown>) => string, key?: string) =>
  key ? translate(key, { _: key, max: PROXY_MAX_LENGTH }) : undefined;

export const AnswerCell = ({ invitee, column, personName, value, errors, disabled, compact, onChange }: AnswerCellProps) => {
  const translate = useTranslate();
  const base = `answer-${invitee.id}`;
  const legend = translate('kaigi.company.meeting.choice_group', { person: personName, conference: column.conference.name });
  const answerError = errorText(translate, errors?.answer_content);
  const nameError = errorText(translate, errors?.proxy_name);
  const titleError = errorText(translate, errors?.proxy_title);
  const choiceErrorId = `${base}-error`;

  if (!column.open) {
    return (
      <>
        <Typography variant="body2" data-testid={`${base}-readonly`} aria-label={legend}>
          {answerText(translate, invitee)}
        </Typography>
        <ChamberReceived invitee={invitee} />
      </>
    );
  }

  // A stored 委任状 where it is no longer allowed stays visible so the user can change it.
  const choices =
    value.answer_content && !column.choices.includes(value.answer_content)
      ? [...column.choices, value.answer_content]
      : column.choices;

  return (
    <FormControl
      component="fieldset"
      error={!!answerError}
      disabled={disabled}
      sx={{ minWidth: 0, width: '100%' }}
      data-testid={base}
    >
      <Typography component="legend" variant="body2" sx={compact ? { fontWeight: 600, mb: 0.5 } : visuallyHidden}>
        {legend}
      </Typography>
      <RadioGroup
        row={compact}
        name={base}
        value={value.answer_content ?? ''}
        onChange={(_event, next) => onChange({ ...value, answer_content: next as AnswerContent })}
        aria-describedby={answerError ? choiceErrorId : undefined}
        sx={compact ? { columnGap: 1 } : undefined}
      >
        {choices.map((choice) => (
          <FormControlLabel
            key={choice}
            value={choice}
            control={<Radio size="small" />}
            label={translate(`kaigi.company.answer.${choice}`)}
            sx={{ mr: compact ? 1 : 0, '& .MuiFormControlLabel-label': { fontSize: '0.95rem' } }}
          />
        ))}
      </RadioGroup>
      <ChamberReceived invitee={invitee} />
      {answerError && (
        <FormHelperText id={choiceErrorId} role="alert">
          {answerError}
        </FormHelperText>
      )}
      {value.answer_content === 'proxy_attend' && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <TextField
            id={`${base}-proxy-name`}
            label={translate('kaigi.company.meeting.proxy_name')}
            value={value.proxy_name}
            onChange={(e) => onChange({ ...value, proxy_name: e.target.value })}
            error={!!nameError}
            helperText={nameError}
            required
            size="small"
            fullWidth
            disabled={disabled}
            autoComplete="off"
            slotProps={{
              htmlInput: { maxLength: PROXY_MAX_LENGTH + 20 },
              formHelperText: { role: nameError ? 'alert' : undefined },
            }}
          />
          <TextField
            id={`${base}-proxy-title`}
            label={translate('kaigi.company.meeting.proxy_title')}
            value={value.proxy_title}
            onChange={(e) => onChange({ ...value, proxy_title: e.target.value })}
            error={!!titleError}
            helperText={titleError}
            required
            size="small"
            fullWidth
            disabled={disabled}
            autoComplete="off"
            slotProps={{
              htmlInput: { maxLength: PROXY_MAX_LENGTH + 20 },
              formHelperText: { role: titleError ? 'alert' : undefined },
            }}
          />
        </Stack>
      )}
    </FormControl>
  );
};
