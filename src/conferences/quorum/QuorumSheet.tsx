/**
 * 定足数確認表 (issue 14, DESIGN.md §11.3): 印刷 takes the quorum and the list behind it at one
 * moment (GET …/quorum and every page of GET …/check_ins), renders the sheet and opens the
 * browser's print dialog. The print stylesheet shows the sheet alone; on screen it stays hidden.
 */
import { useEffect, useState } from 'react';
import { Alert, Box, Button, GlobalStyles, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslate } from 'react-admin';
import { formatDateTime, formatDateTimeWithWeekday } from '../../utils/dates';
import { quorumApi } from './api';
import { isSet, type SetQuorum } from './QuorumBoard';
import { ratioMessage } from './quorumMath';
import type { ReceptionRow } from './types';

const SHEET_ID = 'quorum-sheet';

const printStyles = {
  '@media print': {
    'body *': { visibility: 'hidden' },
    [`#${SHEET_ID}, #${SHEET_ID} *`]: { visibility: 'visible' },
    [`#${SHEET_ID}`]: { display: 'block !important', position: 'absolute', left: 0, top: 0, width: '100%' },
    '@page': { size: 'A4', margin: '15mm' },
  },
};

interface Snapshot {
  quorum: SetQuorum;
  present: ReceptionRow[];
  delegated: ReceptionRow[];
}

/** quorumOf's rule (server/repositories/reception-state.ts): principals only; 委任状 not checked in. */
export const splitRows = (rows: readonly ReceptionRow[]) => ({
  present: rows.filter((r) => r.category === 'principal' && r.checked_in_at !== null),
  delegated: rows.filter((r) => r.category === 'principal' && r.answer_content === 'delegate' && r.checked_in_at === null),
});

const RowsTable = ({ title, rows, withArrival }: { title: string; rows: ReceptionRow[]; withArrival: boolean }) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`kaigi.quorum.sheet.${key}`);
  return (
    <Box component="section" sx={{ mt: 2, breakInside: 'auto' }}>
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography>{t('none')}</Typography>
      ) : (
        <Table size="small" sx={{ '& th': { fontWeight: 700 } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('no')}</TableCell>
              <TableCell>{t('company_code')}</TableCell>
              <TableCell>{t('company_name')}</TableCell>
              <TableCell>{t('member_name')}</TableCell>
              {withArrival && <TableCell>{t('attended_by')}</TableCell>}
              {withArrival && <TableCell>{t('checked_in_at')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              <TableRow key={row.id}>
                <TableCell>{index + 1}</TableCell>
                <TableCell>{row.company_code}</TableCell>
                <TableCell>{row.company_name}</TableCell>
                <TableCell>{row.member_name}</TableCell>
                {withArrival && <TableCell>{row.attended_by ?? row.member_name}</TableCell>}
                {withArrival && <TableCell>{formatDateTime(row.checked_in_at)}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
};

const Sheet = ({ snapshot, name, eventDate }: { snapshot: Snapshot; name: string; eventDate: string | null }) => {
  const translate = useTranslate();
  const { quorum, present, delegated } = snapshot;
  const people = (count: number) => translate('kaigi.quorum.board.people', { count });
  const [ratioKey, ratioArgs] = ratioMessage(quorum.settings);
  const lines: Array<[string, string]> = [
    [translate('kaigi.quorum.sheet.conference'), name],
    [translate('kaigi.quorum.sheet.event_date'), eventDate ? formatDateTimeWithWeekday(eventDate) : ''],
    [translate('kaigi.quorum.sheet.taken_at'), formatDateTime(quorum.as_of)],
    [
      translate('kaigi.quorum.board.total'),
      `${people(quorum.total)}（${translate(typeof quorum.settings.basis === 'number' ? 'kaigi.quorum.board.basis_fixed' : 'kaigi.quorum.board.basis_invited')}）`,
    ],
    [
      translate('kaigi.quorum.board.required'),
      translate('kaigi.quorum.board.rule_line', {
        total: quorum.total,
        ratio: translate(ratioKey, ratioArgs),
        required: quorum.required,
      }),
    ],
    [translate('kaigi.quorum.board.present'), people(quorum.present)],
    [
      translate('kaigi.quorum.board.delegated'),
      `${people(quorum.delegated)}（${translate(quorum.settings.count_delegates ? 'kaigi.quorum.board.delegated_counted' : 'kaigi.quorum.board.delegated_not_counted')}）`,
    ],
    [translate('kaigi.quorum.board.counted'), people(quorum.counted)],
    [
      translate('kaigi.quorum.sheet.result'),
      `${translate(quorum.met ? 'kaigi.quorum.board.met' : 'kaigi.quorum.board.short')}（${translate(
        quorum.margin < 0
          ? 'kaigi.quorum.board.short_by'
          : quorum.margin > 0
            ? 'kaigi.quorum.board.over_by'
            : 'kaigi.quorum.board.exactly',
        { count: Math.abs(quorum.margin) },
      )}）`,
    ],
  ];
  return (
    <Box id={SHEET_ID} data-testid={SHEET_ID} sx={{ display: 'none', color: '#000', bgcolor: '#fff' }}>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        {translate('kaigi.quorum.sheet.title')}
      </Typography>
      <Table size="small" sx={{ maxWidth: 640 }}>
        <TableBody>
          {lines.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 700, width: 160 }}>
                {label}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <RowsTable title={translate('kaigi.quorum.sheet.present_list', { count: present.length })} rows={present} withArrival />
      <RowsTable
        title={translate('kaigi.quorum.sheet.delegated_list', { count: delegated.length })}
        rows={delegated}
        withArrival={false}
      />
      {!quorum.settings.count_delegates && (
        <Typography sx={{ mt: 1 }}>{translate('kaigi.quorum.sheet.delegated_not_counted')}</Typography>
      )}
    </Box>
  );
};

export interface QuorumPrintProps {
  conferenceId: number;
  name: string;
  eventDate: string | null;
}

export const QuorumPrint = ({ conferenceId, name, eventDate }: QuorumPrintProps) => {
  const translate = useTranslate();
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [printed, setPrinted] = useState(0);

  useEffect(() => {
    if (printed > 0) window.print();
  }, [printed]);

  const prepare = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const [quorum, rows] = await Promise.all([quorumApi.getQuorum(conferenceId), quorumApi.listAll(conferenceId, 'all')]);
      if (!isSet(quorum)) throw new Error('quorum not set');
      setSnapshot({ quorum, ...splitRows(rows) });
      setPrinted((n) => n + 1);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <GlobalStyles styles={printStyles} />
      <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => void prepare()} disabled={busy}>
        {translate(busy ? 'kaigi.quorum.board.preparing' : 'kaigi.quorum.board.print')}
      </Button>
      {failed && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {translate('kaigi.quorum.board.print_failed')}
        </Alert>
      )}
      {snapshot && <Sheet snapshot={snapshot} name={name} eventDate={eventDate} />}
    </>
  );
};
