/** react-admin's DateTimeInput, in Asia/Tokyo wall-clock time (tokyoDateTime.ts). */
import { DateTimeInput, type DateTimeInputProps } from 'react-admin';
import { fromTokyoInput, toTokyoInput } from './tokyoDateTime';

export const TokyoDateTimeInput = (props: DateTimeInputProps) => (
  <DateTimeInput format={toTokyoInput} parse={fromTokyoInput} fullWidth={false} sx={{ minWidth: 260 }} {...props} />
);
