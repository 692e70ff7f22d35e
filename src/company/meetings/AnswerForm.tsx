/**
 * The answer form of /company/meetings/:id (issue 5): the company's invited people × the conference
 * and each sub-conference (answerModel.ts), as a table on wide screens and one card per person on
 * phones; 「回答内容を確認」 validates and opens the summary; 「この内容で回答する」 is the one submit.
 *
 * Submitting:
 * 1. the conference is read again; if any answer changed since the form was loaded (someone else
 *    from the company answered), nothing is sent: a message and 「最新の回答を読み込む」, which
 *    replaces the whole form with the server's state (nothing stale is kept);
 * 2. POST /v1/company/conference_members/answer with the changed cells (dataProvider.answer);
 * 3. success: the form shows the saved answers and a success message (focused);
 *    409 → as 1; 422 answer_deadline_passed / conference_not_open / delegate_not_allowed → the
 *    conference is reloaded (closed columns become read-only with their reason) and the message
 *    shown; 400 errors[] → on their cells.
 * If the session ends meanwhile, the changed cells are kept and put back after sign-in (issue 11,
 * common/drafts): only cells still in the form are restored.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { KaigiDataProvider } from '../../providers/dataProvider';
import { fetchConferenceDetail, portalKeys, type CompanyConference } from '../api';
import { formatDateTimeJa, formatTime, sameDay } from '../format';
import { AnswerCell } from './AnswerCell';
import { AnswerSummaryDialog } from './AnswerSummaryDialog';
import {
  answeredElsewhere,
  buildGrid,
  carryDraft,
  changedAnswers,
  draftOf,
  serverCellErrors,
  unansweredCount,
  validateDraft,
  type CellDraft,
  type Column,
  type Draft,
  type DraftErrors,
  type Grid,
  type Row,
} from './answerModel';
import { useRouteDraft } from '../../common/drafts/useRouteDraft';
import { DraftRestoredNotice } from '../../common/drafts/DraftRestoredNotice';

type Phase = 'editing' | 'confirming' | 'submitting' | 'conflict' | 'reloading';

interface Banner {
  severity: 'success' | 'info' | 'warning' | 'error';
  text: string;
}

const CLOSING_CODES = ['answer_deadline_passed', 'conference_not_open', 'delegate_not_allowed'];

interface ApiFailure {
  status?: number;
  code?: string;
  detail?: string;
  message?: string;
  problem?: { errors?: Array<{ field: string; code: string; message: string }> } | null;
}

export const readonlyText = (translate: (key: string, options?: Record<string, unknown>) => string, column: Column) => {
  switch (column.readonlyReason) {
    case 'deadline':
      return translate('kaigi.company.meeting.readonly_deadline', {
        deadline: formatDateTimeJa(column.conference.answer_deadline),
      });
    case 'held':
      return translate('kaigi.company.meeting.readonly_held');
    case 'cancelled':
      return translate('kaigi.company.meeting.readonly_cancelled');
    case 'closed':
      return translate('kaigi.company.meeting.readonly_closed');
    default:
      return '';
  }
};

const categoriesText = (translate: (key: string) => string, row: Row) =>
  row.categories.map((c) => translate(`kaigi.company.category.${c}`)).join('・');

export interface AnswerFormProps {
  /** The conference with expand=sub_conferences,members (the page's query data). */
  detail: CompanyConference;
}

export const AnswerForm = ({ detail }: AnswerFormProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<KaigiDataProvider>();
  const queryClient = useQueryClient();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

  const [snapshot, setSnapshot] = useState(detail);
  const grid = useMemo(() => buildGrid(snapshot), [snapshot]);
  const [draft, setDraft] = useState(() => draftOf(grid));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [phase, setPhase] = useState<Phase>('editing');
  const [banner, setBanner] = useState<Banner | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const conflictRef = useRef<HTMLButtonElement>(null);

  const changes = useMemo(() => changedAnswers(grid, draft), [grid, draft]);
  const { restored } = useRouteDraft<{ cells: Draft }>({
    getValues: () => (changes.length > 0 ? { cells: draft } : undefined),
    restore: ({ cells }) =>
      setDraft((current) => {
        const next = { ...current };
        for (const id of Object.keys(current).map(Number)) if (cells?.[id]) next[id] = cells[id];
        return next;
      }),
  });
  const anyOpen = grid.columns.some((c) => c.open);
  const detailKey = portalKeys.detail(String(detail.id));

  const adopt = (next: CompanyConference, nextDraft: (fresh: Grid) => Draft) => {
    const fresh = buildGrid(next);
    setSnapshot(next);
    setDraft(nextDraft(fresh));
    queryClient.setQueryData(detailKey, next);
    return fresh;
  };

  // The page refetched (e.g. the window regained focus): take it in unless it contradicts the
  // user's unsaved changes, which then become a conflict. (State adjusted while rendering, the
  // React way of reacting to a changed prop.)
  const [seen, setSeen] = useState(detail);
  if (detail !== seen) {
    setSeen(detail);
    if (detail !== snapshot) {
      const fresh = buildGrid(detail);
      if (!answeredElsewhere(grid, fresh)) {
        setSnapshot(detail);
        setDraft(carryDraft(grid, fresh, draft));
      } else if (changes.length === 0) {
        setSnapshot(detail);
        setDraft(draftOf(fresh));
      } else if (phase === 'editing' || phase === 'confirming') {
        setPhase('conflict');
      }
    }
  }

  useEffect(() => {
    if (phase === 'conflict') conflictRef.current?.focus();
  }, [phase]);

  useEffect(() => {
    if (banner) bannerRef.current?.focus();
  }, [banner]);

  const update = (id: number, next: CellDraft) => {
    setDraft((current) => ({ ...current, [id]: next }));
    if (errors[id]) {
      setErrors((current) => {
        const rest = { ...current };
        delete rest[id];
        return rest;
      });
    }
    if (banner?.severity === 'success' || banner?.severity === 'info') setBanner(null);
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    const found = validateDraft(grid, draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setBanner({ severity: 'error', text: translate('kaigi.company.meeting.has_errors') });
      return;
    }
    if (changes.length === 0) {
      setBanner({ severity: 'info', text: translate('kaigi.company.meeting.no_changes') });
      return;
    }
    setBanner(null);
    setPhase('confirming');
  };

  const reloadLatest = async () => {
    setPhase('reloading');
    try {
      const latest = await fetchConferenceDetail(detail.id);
      adopt(latest, (fresh) => draftOf(fresh));
      setErrors({});
      setPhase('editing');
      setBanner({ severity: 'info', text: translate('kaigi.company.meeting.reloaded') });
    } catch {
      setPhase('conflict');
      setBanner({ severity: 'error', text: translate('kaigi.company.common.load_error') });
    }
  };

  const submit = async () => {
    const items = changes;
    setPhase('submitting');
    try {
      const before = await fetchConferenceDetail(detail.id);
      if (answeredElsewhere(grid, buildGrid(before))) {
        setPhase('conflict');
        return;
      }
      await dataProvider.answer(items);
      const after = await fetchConferenceDetail(detail.id);
      adopt(after, (fresh) => draftOf(fresh));
      setErrors({});
      setPhase('editing');
      const answeredAt = [...buildGrid(after).invitees.values()]
        .map((i) => i.answered_at)
        .filter((at): at is string => !!at)
        .sort()
        .at(-1);
      setBanner({
        severity: 'success',
        text: [
          translate('kaigi.company.meeting.success'),
          answeredAt ? translate('kaigi.company.meeting.answered_at', { at: formatDateTimeJa(answeredAt) }) : '',
        ]
          .filter(Boolean)
          .join(' '),
      });
      void queryClient.invalidateQueries({ queryKey: [...portalKeys.all, 'conferences'] });
    } catch (caught) {
      const error = caught as ApiFailure;
      const code = error.code;
      if (error.status === 409) {
        setPhase('conflict');
        return;
      }
      if (error.status === 422 || (code && CLOSING_CODES.includes(code))) {
        setPhase('editing');
        try {
          const latest = await fetchConferenceDetail(detail.id);
          adopt(latest, (fresh) => carryDraft(grid, fresh, draft));
        } catch {
          // the message below still explains why nothing was saved
        }
        setBanner({
          severity: 'error',
          text: code
            ? translate(`kaigi.errors.codes.${code}`, { _: error.detail ?? translate('kaigi.company.meeting.submit_error') })
            : translate('kaigi.company.meeting.submit_error'),
        });
        return;
      }
      setPhase('editing');
      const fieldErrors = error.problem?.errors ?? [];
      if (error.status === 400 && fieldErrors.length > 0) {
        setErrors(serverCellErrors(items, fieldErrors));
        setBanner({ severity: 'error', text: error.detail ?? translate('kaigi.company.meeting.has_errors') });
        return;
      }
      setBanner({
        severity: 'error',
        text: `${translate('kaigi.company.meeting.submit_error')} ${error.message ? translate(error.message, { _: '' }) : ''}`.trim(),
      });
    }
  };

  const closedColumns = grid.columns.filter((c) => !c.open);
  const disabled = phase === 'submitting' || phase === 'conflict' || phase === 'reloading';

  const columnHeader = (column: Column) => {
    const time =
      column.main || !sameDay(column.conference.event_date, detail.event_date)
        ? formatDateTimeJa(column.conference.event_date)
        : formatTime(column.conference.event_date);
    return (
      <>
        <Typography component="span" variant="subtitle2" sx={{ display: 'block', fontWeight: 700 }}>
          {column.conference.name}
        </Typography>
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {time}
        </Typography>
        {!column.open && (
          <Typography component="span" variant="caption" sx={{ display: 'block', color: '#8e1111' }}>
            {translate('kaigi.company.answer_status.closed')}
          </Typography>
        )}
      </>
    );
  };

  const cell = (row: Row, column: Column) => {
    const invitee = row.cells.get(column.conference.id);
    if (!invitee) {
      return (
        <Typography variant="body2" color="text.secondary">
          {translate('kaigi.company.meeting.not_invited')}
        </Typography>
      );
    }
    return (
      <AnswerCell
        invitee={invitee}
        column={column}
        personName={row.name}
        value={draft[invitee.id]}
        errors={errors[invitee.id]}
        disabled={disabled}
        compact={compact}
        onChange={(next) => update(invitee.id, next)}
      />
    );
  };

  return (
    <Box component="section" aria-labelledby="answer-form-title" sx={{ minWidth: 0 }}>
      <Typography component="h2" variant="h6" id="answer-form-title" gutterBottom>
        {translate('kaigi.company.meeting.form_title')}
      </Typography>

      {closedColumns.map((column) => (
        <Alert severity="info" key={column.conference.id} sx={{ mb: 1 }} data-testid="readonly-reason">
          {grid.columns.length > 1 ? `${column.conference.name}: ` : ''}
          {readonlyText(translate, column)}
        </Alert>
      ))}

      <DraftRestoredNotice show={restored} />
      <Box aria-live="polite" aria-atomic="true">
        {phase === 'conflict' && (
          <Alert
            severity="warning"
            role="alert"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void reloadLatest()} ref={conflictRef}>
                {translate('kaigi.company.meeting.reload_latest')}
              </Button>
            }
          >
            {translate('kaigi.company.meeting.conflict')}
          </Alert>
        )}
        {banner && (
          <Alert
            severity={banner.severity}
            role={banner.severity === 'error' ? 'alert' : 'status'}
            sx={{ mb: 2 }}
            ref={bannerRef}
            tabIndex={-1}
            data-testid="answer-banner"
            action={
              banner.severity === 'success' ? (
                <Button color="inherit" size="small" component={RouterLink} to="/company/meetings">
                  {translate('kaigi.company.common.back_to_list')}
                </Button>
              ) : undefined
            }
          >
            {banner.text}
          </Alert>
        )}
      </Box>

      {grid.rows.length === 0 ? (
        <Typography color="text.secondary">{translate('kaigi.company.meeting.no_invitees')}</Typography>
      ) : (
        <form onSubmit={review} noValidate aria-labelledby="answer-form-title">
          {anyOpen && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {translate('kaigi.company.meeting.form_help')}
            </Typography>
          )}
          {compact ? (
            <Stack spacing={2}>
              {grid.rows.map((row) => (
                <Card
                  variant="outlined"
                  key={row.memberId}
                  component="article"
                  aria-labelledby={`person-${row.memberId}`}
                  data-testid="person-card"
                >
                  <CardContent>
                    <Typography
                      component="h3"
                      variant="subtitle1"
                      id={`person-${row.memberId}`}
                      sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
                    >
                      {row.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
                      {[row.title, categoriesText(translate, row)].filter(Boolean).join(' ／ ')}
                    </Typography>
                    <Stack spacing={2}>
                      {grid.columns
                        .filter((column) => row.cells.has(column.conference.id))
                        .map((column) => (
                          <Box key={column.conference.id} sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
                            {!column.open && (
                              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                                {column.conference.name}
                              </Typography>
                            )}
                            {cell(row, column)}
                          </Box>
                        ))}
                    </Stack>
                  </CardContent>
                </Card>
              ))}
            </Stack>
          ) : (
            <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
              <Table size="small" aria-labelledby="answer-form-title">
                <TableHead>
                  <TableRow>
                    <TableCell scope="col" sx={{ minWidth: 160 }}>
                      {translate('kaigi.company.meeting.person')}
                    </TableCell>
                    {grid.columns.map((column) => (
                      <TableCell scope="col" key={column.conference.id} sx={{ minWidth: 200, verticalAlign: 'bottom' }}>
                        {columnHeader(column)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {grid.rows.map((row) => (
                    <TableRow key={row.memberId} data-testid="person-row">
                      <TableCell component="th" scope="row" sx={{ verticalAlign: 'top' }}>
                        <Typography variant="body2" sx={{ fontWeight: 700 }}>
                          {row.name}
                        </Typography>
                        {row.title && (
                          <Typography variant="body2" color="text.secondary">
                            {row.title}
                          </Typography>
                        )}
                        <Typography variant="caption" color="text.secondary">
                          {translate('kaigi.company.meeting.category')}: {categoriesText(translate, row)}
                        </Typography>
                      </TableCell>
                      {grid.columns.map((column) => (
                        <TableCell key={column.conference.id} sx={{ verticalAlign: 'top' }}>
                          {cell(row, column)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {anyOpen && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={disabled}
                sx={{ width: { xs: '100%', sm: 'auto' } }}
              >
                {translate('kaigi.company.meeting.review')}
              </Button>
            </Box>
          )}
        </form>
      )}

      <AnswerSummaryDialog
        open={phase === 'confirming' || phase === 'submitting'}
        grid={grid}
        draft={draft}
        unanswered={unansweredCount(grid, draft)}
        submitting={phase === 'submitting'}
        onCancel={() => setPhase('editing')}
        onConfirm={() => void submit()}
      />
    </Box>
  );
};
