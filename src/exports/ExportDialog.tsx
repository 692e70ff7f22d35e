/**
 * The export dialog (issue 6): what to export (when the caller offers more than one type), the
 * format (XLSX / CSV UTF-8 with BOM / CSV Shift_JIS), the order the type allows (席次順 / 五十音順 /
 * 事業所コード順), 西暦 or 和暦 and, for 会員一覧, the day the members and positions are current on.
 * Submitting POSTs the job (POST /v1/cci/{cci_code}/export through the dataProvider's `exports`);
 * each opening starts from the defaults (ExportButton remounts it); on success the dialog closes and a notification offers the exports page, where the job's
 * progress shows. Failures are told in Japanese inside the dialog (aria-live), next to the field
 * the server names when it names one.
 */
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import { apiErrorMessage } from '../common/apiErrors';
import { toDisplayDate } from '../utils/dates';
import {
  DATE_STYLES,
  TABLE_FORMATS,
  ORDERS_BY_TYPE,
  exportBody,
  type DateStyle,
  type ExportFormat,
  type ExportOrder,
  type ExportType,
} from './types';

export interface ExportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The type to export, or the types to choose from (the first is preselected). */
  types: readonly ExportType[];
  /** attendance and reception: the conference */
  conferenceId?: number;
  conferenceName?: string;
}

/** Today in Asia/Tokyo, YYYY-MM-DD (the server's default for as_of). */
export const todayInTokyo = () => toDisplayDate(new Date())?.format('YYYY-MM-DD') ?? '';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The server's field errors of params (dataProvider: body.errors = { params: { as_of: '…' } }). */
const paramErrorsOf = (error: unknown): Record<string, string> => {
  const params = (error as { body?: { errors?: { params?: unknown } } } | null)?.body?.errors?.params;
  if (!params || typeof params !== 'object') return {};
  return Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
};

/** The notification after a job was accepted, with a way to the exports page. */
export const ExportQueuedNotice = ({ type }: { type: ExportType }) => {
  const translate = useTranslate();
  return (
    <Alert
      severity="success"
      variant="filled"
      role="status"
      action={
        <Button color="inherit" size="small" component={RouterLink} to="/exports">
          {translate('kaigi.exports.queued.open')}
        </Button>
      }
    >
      {translate('kaigi.exports.queued.message', { type: translate(`kaigi.exports.types.${type}`) })}
    </Alert>
  );
};

interface ChoiceGroupProps<T extends string> {
  label: string;
  name: string;
  value: T;
  options: readonly T[];
  labelOf: (option: T) => string;
  onChange: (value: T) => void;
  disabled?: boolean;
  error?: string;
  row?: boolean;
}

/** A labelled radio group (fieldset + legend), its server error below it. */
const ChoiceGroup = <T extends string>({
  label,
  name,
  value,
  options,
  labelOf,
  onChange,
  disabled,
  error,
  row,
}: ChoiceGroupProps<T>) => {
  const legendId = useId();
  const errorId = useId();
  return (
    <FormControl component="fieldset" disabled={disabled} error={!!error}>
      <FormLabel component="legend" id={legendId}>
        {label}
      </FormLabel>
      <RadioGroup
        row={row}
        name={name}
        value={value}
        aria-labelledby={legendId}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map((option) => (
          <FormControlLabel key={option} value={option} control={<Radio />} label={labelOf(option)} />
        ))}
      </RadioGroup>
      {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
    </FormControl>
  );
};

export const ExportDialog = ({ open, onClose, types, conferenceId, conferenceName }: ExportDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const [create, { isPending }] = useCreate();
  const [type, setType] = useState<ExportType>(types[0]);
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [order, setOrder] = useState<ExportOrder>(ORDERS_BY_TYPE[types[0]][0]);
  const [dateStyle, setDateStyle] = useState<DateStyle>('western');
  const [asOf, setAsOf] = useState(todayInTokyo);
  const [asOfError, setAsOfError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const chooseType = (next: ExportType) => {
    setType(next);
    // keep the order when the new type offers it
    setOrder((current) => (ORDERS_BY_TYPE[next].includes(current) ? current : ORDERS_BY_TYPE[next][0]));
  };

  const close = () => {
    if (!isPending) onClose();
  };

  const submit = async () => {
    setError(null);
    setFieldErrors({});
    if (type === 'members' && !DAY.test(asOf)) {
      setAsOfError(translate('kaigi.exports.dialog.as_of_required'));
      return;
    }
    setAsOfError(null);
    try {
      await create(
        'exports',
        {
          data: exportBody({ type, format, order, date_style: dateStyle, as_of: asOf, conference_id: conferenceId }),
        },
        { returnPromise: true },
      );
      onClose();
      notify(<ExportQueuedNotice type={type} />, { autoHideDuration: 10_000 });
    } catch (e) {
      const message = apiErrorMessage(e);
      setError(translate(message, { _: message }));
      setFieldErrors(paramErrorsOf(e));
    }
  };

  const fieldError = (field: string) => {
    const message = fieldErrors[field];
    return message ? translate(message, { _: message }) : undefined;
  };

  const title =
    types.length > 1
      ? translate('kaigi.exports.dialog.title_choose')
      : translate('kaigi.exports.dialog.title', { type: translate(`kaigi.exports.types.${type}`) });

  let body: ReactNode = (
    <Stack spacing={2.5}>
      {types.length > 1 && (
        <ChoiceGroup
          label={translate('kaigi.exports.dialog.type')}
          name="type"
          value={type}
          options={types}
          labelOf={(option) => translate(`kaigi.exports.types.${option}`)}
          onChange={chooseType}
          disabled={isPending}
          row
        />
      )}
      <ChoiceGroup
        label={translate('kaigi.exports.dialog.format')}
        name="format"
        value={format}
        options={TABLE_FORMATS}
        labelOf={(option) => translate(`kaigi.exports.formats.${option}`)}
        onChange={setFormat}
        disabled={isPending}
      />
      {format === 'csv_sjis' && (
        // said before the job is made (issue 15 item 6); the page names the changed cells once it is done
        <Alert severity="info" role="status">
          {translate('kaigi.exports.dialog.sjis_notice')}
        </Alert>
      )}
      <ChoiceGroup
        label={translate('kaigi.exports.dialog.order')}
        name="order"
        value={order}
        options={ORDERS_BY_TYPE[type]}
        labelOf={(option) => translate(`kaigi.exports.orders.${option}`)}
        onChange={setOrder}
        disabled={isPending}
        error={fieldError('order')}
        row
      />
      <ChoiceGroup
        label={translate('kaigi.exports.dialog.date_style')}
        name="date_style"
        value={dateStyle}
        options={DATE_STYLES}
        labelOf={(option) => translate(`kaigi.exports.date_style_examples.${option}`)}
        onChange={setDateStyle}
        disabled={isPending}
        error={fieldError('date_style')}
        row
      />
      {type === 'members' && (
        <TextField
          type="date"
          label={translate('kaigi.exports.dialog.as_of')}
          value={asOf}
          onChange={(event) => setAsOf(event.target.value)}
          required
          disabled={isPending}
          error={!!asOfError || !!fieldError('as_of')}
          helperText={asOfError ?? fieldError('as_of') ?? translate('kaigi.exports.dialog.as_of_help')}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ maxWidth: 240 }}
        />
      )}
    </Stack>
  );
  if (conferenceName) {
    body = (
      <>
        <DialogContentText sx={{ mb: 2, fontWeight: 500, color: 'text.primary' }}>
          {translate('kaigi.exports.dialog.conference', { name: conferenceName })}
        </DialogContentText>
        {body}
      </>
    );
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('kaigi.exports.dialog.intro')}</DialogContentText>
        <div aria-live="assertive">
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
        </div>
        {body}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={isPending}>
          {translate('kaigi.common.actions.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={isPending}
          startIcon={isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {translate(isPending ? 'kaigi.exports.dialog.submitting' : 'kaigi.exports.dialog.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
