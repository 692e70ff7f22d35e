/**
 * リマインダー (DESIGN.md §11.2): the business days before the answer deadline on which reminders
 * go out, as chips ('3営業日前'); a number typed and Enter adds one. 1–30, unique, at most 5; the
 * server's default is [3, 1].
 */
import { useState } from 'react';
import { Autocomplete, Chip, TextField } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';

export const MAX_REMINDERS = 5;

/** A typed value → a valid day count, or the message key of what is wrong with it. */
export const parseReminderDay = (text: string, current: readonly number[]): number | string => {
  const value = Number(text.trim().replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)));
  if (!Number.isInteger(value) || value < 1 || value > 30) return 'kaigi.reminder_days.invalid';
  if (current.includes(value)) return 'kaigi.reminder_days.duplicate';
  if (current.length >= MAX_REMINDERS) return 'kaigi.reminder_days.too_many';
  return value;
};

export const ReminderDaysInput = () => {
  const translate = useTranslate();
  const { field, id } = useInput<number[]>({ source: 'reminder_days' });
  const [problem, setProblem] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const days: number[] = Array.isArray(field.value) ? field.value : [];

  const change = (values: ReadonlyArray<string | number>) => {
    // a removed chip, or a typed value to add (freeSolo hands it over as a string)
    const kept = values.filter((v): v is number => typeof v === 'number');
    const added = values.find((v): v is string => typeof v === 'string');
    if (added === undefined) {
      setProblem(null);
      field.onChange(kept);
      return;
    }
    const parsed = parseReminderDay(added, kept);
    if (typeof parsed === 'string') {
      setProblem(parsed);
      return;
    }
    setProblem(null);
    setTyped('');
    field.onChange([...kept, parsed].sort((a, b) => b - a));
  };

  return (
    <Autocomplete<string | number, true, false, true>
      multiple
      freeSolo
      id={id}
      options={[]}
      value={days}
      inputValue={typed}
      onInputChange={(_e, value, reason) => reason !== 'reset' && setTyped(value)}
      onChange={(_e, values) => change(values)}
      onBlur={field.onBlur}
      sx={{ maxWidth: 480, mb: 2 }}
      renderValue={(values, getItemProps) =>
        values.map((value, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={translate('kaigi.reminder_days.chip', { days: value })} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('kaigi.reminder_days.label')}
          error={!!problem}
          helperText={problem ? translate(problem) : translate('kaigi.reminder_days.help')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, inputMode: 'numeric' } }}
        />
      )}
    />
  );
};
