/**
 * A date for display in lists and detail views, in the spec §9 formats with the Japanese weekday
 * (src/utils/dates.ts): format="date" → 2026/11/21(土), "datetime" → 2026/11/21(土) 14:00,
 * "dateJa" → 2026年11月21日(土). Date-only values are calendar days; instants show in Asia/Tokyo.
 * Inside a <time dateTime> for assistive technology.
 *
 *   <JaDateField source="start_at" />            <JaDateField source="updated_at" format="datetime" />
 */
import { Typography, type TypographyProps } from '@mui/material';
import { useFieldValue, useTranslate, type FieldProps } from 'react-admin';
import { formatDateJaWithWeekday, formatDateTimeWithWeekday, formatDateWithWeekday, type DateInput } from '../utils/dates';

export type JaDateFormat = 'date' | 'datetime' | 'dateJa';

const FORMATTERS: Record<JaDateFormat, (value: DateInput | null | undefined) => string> = {
  date: formatDateWithWeekday,
  datetime: formatDateTimeWithWeekday,
  dateJa: formatDateJaWithWeekday,
};

/** The text JaDateField shows, for use outside of a record context. */
export const formatJaDate = (value: unknown, format: JaDateFormat = 'date'): string =>
  typeof value === 'string' || typeof value === 'number' || value instanceof Date ? FORMATTERS[format](value) : '';

export interface JaDateFieldProps extends FieldProps {
  format?: JaDateFormat;
  /** Shown when there is no date; a translation key or text. Defaults to kaigi.common.date.empty (—). */
  emptyText?: string;
  variant?: TypographyProps['variant'];
}

export const JaDateField = ({ format = 'date', emptyText, variant = 'body2', className, ...props }: JaDateFieldProps) => {
  const translate = useTranslate();
  const value = useFieldValue(props);
  const text = formatJaDate(value, format);
  if (!text) {
    return (
      <Typography component="span" variant={variant} className={className}>
        {translate(emptyText ?? 'kaigi.common.date.empty', { _: emptyText ?? '—' })}
      </Typography>
    );
  }
  return (
    <Typography component="time" variant={variant} className={className} dateTime={String(value)}>
      {text}
    </Typography>
  );
};
