/**
 * The 「まとめて編集」 dialog (opened by PositionBulkEdit.tsx) for the selected positions: a small grid of their ranks and end dates (plus one
 * end date for all), saved by PUT /positions/update_positions (dataProvider.updatePositions) in one
 * transaction — all or nothing. When the server refuses an item, the row of that item shows why
 * (its field error, a stale version, a position gone) and nothing is saved; after a 409 the rows
 * can be reloaded with the current versions without losing what was typed.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button as MuiButton,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useDataProvider, useGetMany, useListContext, useNotify, useRefresh, useTranslate, type Identifier } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { fieldErrorMessage, type ProblemFieldError } from '../api/errors';
import type { KaigiDataProvider } from '../providers/dataProvider';
import { apiErrorMessage, isVersionConflict } from '../common/apiErrors';
import { DraftRestoredNotice } from '../common/drafts/DraftRestoredNotice';
import { usePositionTypes } from './usePositionTypes';
import type { Position, PositionChange } from './types';

interface RowDraft {
  rank: string;
  end_at: string;
}

/** Per row: field → message (translation key or Japanese). */
type RowErrors = Record<string, Partial<Record<'rank' | 'end_at' | 'row', string>>>;

const draftOf = (p: Position): RowDraft => ({ rank: String(p.rank ?? ''), end_at: p.end_at ?? '' });

const validRank = (value: string) => value.trim() !== '' && /^\d+$/.test(value.normalize('NFKC').trim());

/** What the user typed, per row; a field not typed shows (and keeps) the record's current value. */
type Drafts = Record<string, Partial<RowDraft>>;

const valuesOf = (record: Position, draft: Partial<RowDraft> | undefined): RowDraft => ({ ...draftOf(record), ...draft });

/** The changes to send: only rows whose rank or end date the user set to something else than the record's. */
export const changesOf = (records: Position[], drafts: Drafts): PositionChange[] =>
  records.flatMap((record) => {
    const draft = drafts[String(record.id)];
    if (!draft) return [];
    const change: PositionChange = { action: 'update', id: record.id, version: record.version };
    if (draft.rank !== undefined) {
      const rank = draft.rank.normalize('NFKC').trim();
      if (rank !== String(record.rank)) change.rank = Number(rank);
    }
    if (draft.end_at !== undefined) {
      const endAt = draft.end_at === '' ? null : draft.end_at;
      if (endAt !== (record.end_at ?? null)) change.end_at = endAt;
    }
    return change.rank === undefined && change.end_at === undefined ? [] : [change];
  });

/** Server errors (`body.items.N.field`) on the rows of the items sent. */
const rowErrorsOf = (error: unknown, sent: PositionChange[]): RowErrors => {
  const body = (error as { body?: { field_errors?: ProblemFieldError[]; item_index?: number } })?.body;
  const out: RowErrors = {};
  for (const fieldError of body?.field_errors ?? []) {
    const match = /^body\.items\.(\d+)\.?(.*)$/.exec(fieldError.field);
    if (!match) continue;
    const item = sent[Number(match[1])];
    if (!item?.id) continue;
    const field = match[2] === 'rank' || match[2] === 'end_at' ? match[2] : 'row';
    const row = (out[String(item.id)] ??= {});
    row[field] ??= fieldErrorMessage(fieldError);
  }
  if (typeof body?.item_index === 'number' && sent[body.item_index]?.id && !out[String(sent[body.item_index].id)]) {
    out[String(sent[body.item_index].id)] = { row: apiErrorMessage(error) };
  }
  return out;
};

/** What a lost session keeps of the dialog (PositionBulkEdit.tsx): the positions and what was typed. */
export type BulkEditDraft = {
  ids: Identifier[];
  rows: Drafts;
  all_end_at: string;
};

interface BulkEditDialogProps {
  ids: Identifier[];
  onClose: () => void;
  /** Typed before the session ended (restored after sign-in); shown with a notice. */
  restored?: BulkEditDraft;
  /** Told what the dialog holds whenever it changes; undefined when nothing was changed. */
  onDraftChange: (draft: BulkEditDraft | undefined) => void;
}

export const BulkEditDialog = ({ ids, onClose, restored, onDraftChange }: BulkEditDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const { onUnselectItems } = useListContext();
  const dataProvider = useDataProvider<KaigiDataProvider>();
  const { nameOf } = usePositionTypes();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data, isPending, refetch } = useGetMany<Position>('positions', { ids: ids as Position['id'][] });
  const records = useMemo(() => data ?? [], [data]);

  const [drafts, setDrafts] = useState<Drafts>(restored?.rows ?? {});
  const [allEndAt, setAllEndAt] = useState(restored?.all_end_at ?? '');
  const [saving, setSaving] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [message, setMessage] = useState<{ severity: 'error' | 'info'; text: string; conflict?: boolean } | null>(null);
  const [rowErrors, setRowErrors] = useState<RowErrors>({});

  const changed = allEndAt !== '' || changesOf(records, drafts).length > 0;
  useEffect(() => {
    onDraftChange(changed ? { ids, rows: drafts, all_end_at: allEndAt } : undefined);
  }, [onDraftChange, changed, ids, drafts, allEndAt]);
  useEffect(() => () => onDraftChange(undefined), [onDraftChange]);

  const setDraft = (id: Identifier, patch: Partial<RowDraft>) => {
    setDrafts((current) => ({ ...current, [String(id)]: { ...current[String(id)], ...patch } }));
    setRowErrors((current) => {
      const row = current[String(id)];
      if (!row) return current;
      const next = { ...row };
      for (const key of Object.keys(patch)) delete next[key as keyof RowDraft];
      return { ...current, [String(id)]: next };
    });
  };

  const applyAll = () => {
    setDrafts((current) => {
      const next = { ...current };
      for (const record of records) next[String(record.id)] = { ...next[String(record.id)], end_at: allEndAt };
      return next;
    });
  };

  const localErrors = (): RowErrors => {
    const out: RowErrors = {};
    for (const record of records) {
      const draft = valuesOf(record, drafts[String(record.id)]);
      const row: RowErrors[string] = {};
      if (!validRank(draft.rank)) row.rank = 'kaigi.common.validation.integer';
      if (draft.end_at && record.start_at && draft.end_at < record.start_at) row.end_at = 'kaigi.common.validation.period';
      if (Object.keys(row).length) out[String(record.id)] = row;
    }
    return out;
  };

  const save = async () => {
    setMessage(null);
    const invalid = localErrors();
    if (Object.keys(invalid).length) {
      setRowErrors(invalid);
      setMessage({ severity: 'error', text: translate('kaigi.errors.codes.validation_failed') });
      return;
    }
    const items = changesOf(records, drafts);
    if (items.length === 0) {
      setMessage({ severity: 'info', text: translate('kaigi.positions.bulk.nothing_changed') });
      return;
    }
    setSaving(true);
    try {
      await dataProvider.updatePositions(items);
      await queryClient.invalidateQueries({ queryKey: ['positions'] });
      notify('kaigi.positions.bulk.saved', { type: 'info', messageArgs: { smart_count: items.length } });
      onUnselectItems();
      refresh();
      onClose();
    } catch (error) {
      const errors = rowErrorsOf(error, items);
      setRowErrors(errors);
      const failing = records.findIndex((r) => errors[String(r.id)]);
      const base = translate(apiErrorMessage(error), { _: apiErrorMessage(error) });
      const record = failing >= 0 ? records[failing] : undefined;
      const firstError = record ? Object.values(errors[String(record.id)] ?? {})[0] : undefined;
      setMessage({
        severity: 'error',
        conflict: isVersionConflict(error),
        text: record
          ? `${base} ${translate('kaigi.positions.bulk.failed_item', {
              index: failing + 1,
              name: [record.member_name, record.position_name].filter(Boolean).join(' '),
              message: translate(firstError ?? '', { _: firstError ?? '' }),
            })}`
          : base,
      });
    } finally {
      setSaving(false);
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      await refetch();
      setRowErrors({});
      setMessage({ severity: 'info', text: translate('kaigi.positions.bulk.reloaded') });
    } finally {
      setReloading(false);
    }
  };

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      aria-labelledby="positions-bulk-title"
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
    >
      <DialogTitle id="positions-bulk-title">{translate('kaigi.positions.bulk.title')}</DialogTitle>
      <DialogContent>
        <DraftRestoredNotice show={!!restored} />
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('kaigi.positions.bulk.intro')}
        </Typography>
        {message && (
          <Alert
            severity={message.severity}
            role={message.severity === 'error' ? 'alert' : 'status'}
            sx={{ mb: 2 }}
            action={
              message.conflict ? (
                <MuiButton
                  color="inherit"
                  size="small"
                  onClick={reload}
                  disabled={reloading}
                  startIcon={reloading ? <CircularProgress size={16} color="inherit" /> : <RefreshIcon />}
                >
                  {translate('kaigi.positions.bulk.reload')}
                </MuiButton>
              ) : undefined
            }
          >
            {message.text}
          </Alert>
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'flex-start' }}
        >
          <TextField
            type="date"
            size="small"
            label={translate('kaigi.positions.bulk.apply_end_at')}
            value={allEndAt}
            onChange={(event) => setAllEndAt(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ minWidth: 220 }}
          />
          <MuiButton variant="outlined" onClick={applyAll} disabled={records.length === 0} sx={{ whiteSpace: 'nowrap' }}>
            {translate('kaigi.positions.bulk.apply')}
          </MuiButton>
        </Stack>
        {isPending ? (
          <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
            <CircularProgress size={20} />
            <Typography variant="body2">{translate('kaigi.positions.bulk.loading')}</Typography>
          </Stack>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('resources.positions.fields.member_name')}</TableCell>
                  <TableCell>{translate('resources.positions.fields.position_type')}</TableCell>
                  <TableCell>{translate('resources.positions.fields.position_name')}</TableCell>
                  <TableCell>{translate('resources.positions.fields.rank')}</TableCell>
                  <TableCell>{translate('resources.positions.fields.end_at')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {records.map((record, index) => {
                  const id = String(record.id);
                  const draft = valuesOf(record, drafts[id]);
                  const errors = rowErrors[id] ?? {};
                  const who =
                    `${translate('kaigi.positions.bulk.row_label', { index: index + 1 })} ${record.member_name} ${record.position_name ?? ''}`.trim();
                  const hasError = Object.keys(errors).length > 0;
                  return (
                    <TableRow key={id} selected={hasError} data-testid={`bulk-row-${id}`}>
                      <TableCell>
                        <Typography variant="body2">{record.member_name}</Typography>
                        <Typography variant="caption" color="text.secondary">
                          {record.company_name}
                        </Typography>
                        {errors.row && (
                          <Typography variant="caption" color="error" role="alert" sx={{ display: 'block' }}>
                            {translate(errors.row, { _: errors.row })}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>{nameOf(record.position_type)}</TableCell>
                      <TableCell>{[record.department_name, record.position_name].filter(Boolean).join(' ')}</TableCell>
                      <TableCell sx={{ minWidth: 110 }}>
                        <TextField
                          size="small"
                          value={draft.rank}
                          onChange={(event) => setDraft(record.id, { rank: event.target.value })}
                          error={!!errors.rank}
                          helperText={errors.rank ? translate(errors.rank, { _: errors.rank }) : undefined}
                          slotProps={{
                            htmlInput: {
                              inputMode: 'numeric',
                              'aria-label': `${translate('resources.positions.fields.rank')}（${who}）`,
                            },
                          }}
                        />
                      </TableCell>
                      <TableCell sx={{ minWidth: 170 }}>
                        <TextField
                          size="small"
                          type="date"
                          value={draft.end_at}
                          onChange={(event) => setDraft(record.id, { end_at: event.target.value })}
                          error={!!errors.end_at}
                          helperText={errors.end_at ? translate(errors.end_at, { _: errors.end_at }) : undefined}
                          slotProps={{
                            htmlInput: { 'aria-label': `${translate('resources.positions.fields.end_at')}（${who}）` },
                          }}
                        />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={saving}>
          {translate('kaigi.common.actions.cancel')}
        </MuiButton>
        <MuiButton
          variant="contained"
          onClick={save}
          disabled={saving || isPending}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate(saving ? 'kaigi.positions.bulk.saving' : 'kaigi.positions.bulk.save')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
};
