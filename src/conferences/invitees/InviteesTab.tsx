/**
 * 招待者 (issue 4 §3): the invitees of one conference in protocol order (`sort`) with the person,
 * title and company; an arrow button swaps a row with its neighbour in one PUT of the neighbour's
 * sort with the row's version (the server swaps the two atomically; a 409 reloads the list);
 * 「並び順をリセット」 recomputes the order on the server; ticked rows can be removed at once; and the
 * two ways to invite (by position rule, by picking members).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  CircularProgress,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DeleteIcon from '@mui/icons-material/Delete';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SortIcon from '@mui/icons-material/Sort';
import { Confirm, useCanAccess, useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import type { KaigiDataProvider } from '../../providers/dataProvider';
import { isVersionConflict } from '../../common/apiErrors';
import { problemMessage } from '../problemMessage';
import { useConferenceMembers, type InviteeRecord } from '../useConferenceMembers';
import { InviteByRuleDialog } from './InviteByRuleDialog';
import { InviteMembersDialog } from './InviteMembersDialog';
import { useInviteDraft } from './useInviteDraft';
import { LoadError } from '../LoadError';
import { RecordAnswerButton } from '../answers/AnswersTab';
import { RecordAnswerDialog } from '../answers/RecordAnswerDialog';
import { CopyParentButton } from './CopyParentButton';

export interface InviteesTabProps {
  conferenceId: Identifier;
  eventDate?: string | null;
  /** a sub-conference's parent: 「親会議の招待者をコピー」 */
  parentId?: Identifier | null;
  allowDelegate?: boolean;
}

type Dialog = 'rule' | 'members' | 'reset' | 'delete' | null;

/**
 * The one PUT that swaps `row` with `neighbour` in protocol order: the row asks for the
 * neighbour's sort, and the server gives the neighbour the row's old one in the same transaction.
 */
export const moveParams = (row: InviteeRecord, neighbour: InviteeRecord) => ({
  id: row.id,
  data: { sort: neighbour.sort, version: row.version },
  previousData: row,
});

export const InviteesTab = ({ conferenceId, eventDate, parentId = null, allowDelegate = false }: InviteesTabProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<KaigiDataProvider>();
  const { rows, isPending, error, refetch } = useConferenceMembers([conferenceId]);
  const { canAccess: canCreate } = useCanAccess({ resource: 'conference_members', action: 'create' });
  const { canAccess: canEdit } = useCanAccess({ resource: 'conference_members', action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: 'conference_members', action: 'delete' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selected, setSelected] = useState<Set<Identifier>>(new Set());
  const invite = useInviteDraft(conferenceId, setDialog);
  const [moving, setMoving] = useState<Identifier | null>(null);
  const [recording, setRecording] = useState<InviteeRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const focusAfterMove = useRef<{ id: Identifier; direction: 'up' | 'down' } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());

  const invitedMemberIds = useMemo(() => new Set(rows.map((r) => Number(r.member_id))), [rows]);
  const visibleSelected = rows.filter((r) => selected.has(r.id));
  const allSelected = rows.length > 0 && visibleSelected.length === rows.length;

  // After a move, the moved row's arrow keeps the keyboard focus (or the other one at an end).
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target || moving !== null) return;
    const index = rows.findIndex((r) => r.id === target.id);
    if (index < 0) return;
    const direction =
      (target.direction === 'up' && index === 0) || (target.direction === 'down' && index === rows.length - 1)
        ? target.direction === 'up'
          ? 'down'
          : 'up'
        : target.direction;
    buttons.current.get(`${target.id}:${direction}`)?.focus();
    focusAfterMove.current = null;
  }, [rows, moving]);

  const move = async (index: number, direction: 'up' | 'down') => {
    const row = rows[index];
    const neighbour = rows[direction === 'up' ? index - 1 : index + 1];
    if (!row || !neighbour) return;
    if (row.sort === neighbour.sort) {
      // the same sort (left by an older version of this screen): a swap would change nothing
      notify('kaigi.conferences.invitees.sort_tied', { type: 'warning' });
      return;
    }
    setMoving(row.id);
    focusAfterMove.current = { id: row.id, direction };
    try {
      await dataProvider.update('conference_members', moveParams(row, neighbour));
      notify('kaigi.conferences.invitees.moved', { type: 'info' });
    } catch (e) {
      if (isVersionConflict(e)) notify('kaigi.conferences.invitees.move_conflict', { type: 'error' });
      else notify(problemMessage(e, translate), { type: 'error' });
    } finally {
      await refetch();
      setMoving(null);
    }
  };

  const resetSort = async () => {
    setBusy(true);
    try {
      const result = (await dataProvider.resetSortMembers(conferenceId)) as { updated?: number };
      notify('kaigi.conferences.invitees.reset_sort_done', { type: 'success', messageArgs: { updated: result?.updated ?? 0 } });
    } catch (e) {
      notify(problemMessage(e, translate), { type: 'error' });
    } finally {
      setDialog(null);
      setBusy(false);
      await refetch();
    }
  };

  const deleteSelected = async () => {
    const ids = visibleSelected.map((r) => r.id);
    setBusy(true);
    try {
      await dataProvider.deleteConferenceMembers(ids);
      notify('kaigi.conferences.invitees.deleted', { type: 'success', messageArgs: { count: ids.length } });
      setSelected(new Set());
    } catch (e) {
      notify(problemMessage(e, translate), { type: 'error' });
    } finally {
      setDialog(null);
      setBusy(false);
      await refetch();
    }
  };

  const toggle = (id: Identifier, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  const onInvited = useCallback(() => void refetch(), [refetch]);
  const setButton = (key: string) => (element: HTMLButtonElement | null) => {
    buttons.current.set(key, element);
  };

  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;

  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        {canCreate && (
          <>
            <Button variant="contained" startIcon={<GroupAddIcon />} onClick={() => setDialog('rule')}>
              {translate('kaigi.conferences.invitees.invite_by_rule')}
            </Button>
            <Button variant="outlined" startIcon={<PersonAddIcon />} onClick={() => setDialog('members')}>
              {translate('kaigi.conferences.invitees.invite_members')}
            </Button>
            {parentId !== null && <CopyParentButton conferenceId={conferenceId} onCopied={() => void refetch()} />}
          </>
        )}
        {canEdit && (
          <Button startIcon={<SortIcon />} onClick={() => setDialog('reset')} disabled={rows.length === 0 || busy}>
            {translate('kaigi.conferences.invitees.reset_sort')}
          </Button>
        )}
        {canDelete && (
          <Button
            color="error"
            startIcon={<DeleteIcon />}
            onClick={() => setDialog('delete')}
            disabled={visibleSelected.length === 0 || busy}
          >
            {translate('kaigi.conferences.invitees.delete_selected')}
            {visibleSelected.length > 0 && `（${visibleSelected.length}）`}
          </Button>
        )}
      </Stack>

      {isPending ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 3 }} role="status">
          <CircularProgress size={24} />
          <Typography>{translate('kaigi.conferences.invitees.loading')}</Typography>
        </Box>
      ) : rows.length === 0 ? (
        <Box sx={{ p: 3, textAlign: 'center' }} role="status">
          <Typography color="text.secondary">{translate('kaigi.conferences.invitees.empty')}</Typography>
        </Box>
      ) : (
        <>
          <Typography variant="subtitle2" component="p" sx={{ mb: 1 }} aria-live="polite">
            {translate('kaigi.conferences.invitees.count', { count: rows.length })}
          </Typography>
          <TableContainer>
            <Table size="small" aria-label={translate('kaigi.conferences.invitees.title')}>
              <TableHead>
                <TableRow>
                  {canDelete && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={allSelected}
                        indeterminate={visibleSelected.length > 0 && !allSelected}
                        onChange={(event) => setSelected(event.target.checked ? new Set(rows.map((r) => r.id)) : new Set())}
                        slotProps={{ input: { 'aria-label': translate('ra.action.select_all') } }}
                      />
                    </TableCell>
                  )}
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate('resources.conference_members.fields.sort')}</TableCell>
                  <TableCell>{translate('resources.conference_members.fields.member')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {translate('resources.conference_members.fields.title')}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {translate('resources.conference_members.fields.company')}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>
                    {translate('resources.conference_members.fields.category')}
                  </TableCell>
                  {canEdit && <TableCell align="right" />}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row, index) => {
                  const name = row.member?.name ?? String(row.member_id);
                  return (
                    <TableRow key={row.id} hover selected={selected.has(row.id)}>
                      {canDelete && (
                        <TableCell padding="checkbox">
                          <Checkbox
                            checked={selected.has(row.id)}
                            onChange={(event) => toggle(row.id, event.target.checked)}
                            slotProps={{ input: { 'aria-label': translate('kaigi.conferences.invitees.select', { name }) } }}
                          />
                        </TableCell>
                      )}
                      <TableCell>{index + 1}</TableCell>
                      <TableCell>
                        <Typography variant="body2">{name}</Typography>
                        {row.member?.name_kana && (
                          <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
                            {row.member.name_kana}
                          </Typography>
                        )}
                        {/* phones: the company under the name instead of in its own column */}
                        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                          {row.company?.name1 ?? ''}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{row.member?.title ?? ''}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{row.company?.name1 ?? ''}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>
                        {translate(`kaigi.conferences.category.${row.category}`)}
                      </TableCell>
                      {canEdit && (
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          <RecordAnswerButton row={row} onClick={setRecording} />
                          <IconButton
                            ref={setButton(`${row.id}:up`)}
                            size="small"
                            aria-label={translate('kaigi.conferences.invitees.move_up', { name })}
                            disabled={index === 0 || moving !== null}
                            onClick={() => void move(index, 'up')}
                          >
                            <ArrowUpwardIcon fontSize="small" />
                          </IconButton>
                          <IconButton
                            ref={setButton(`${row.id}:down`)}
                            size="small"
                            aria-label={translate('kaigi.conferences.invitees.move_down', { name })}
                            disabled={index === rows.length - 1 || moving !== null}
                            onClick={() => void move(index, 'down')}
                          >
                            <ArrowDownwardIcon fontSize="small" />
                          </IconButton>
                        </TableCell>
                      )}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}

      <InviteByRuleDialog
        // a fresh dialog when a kept draft is put back (its state starts from the draft)
        key={invite.restoredRule ? 'restored' : 'rule'}
        open={dialog === 'rule'}
        conferenceId={conferenceId}
        onClose={() => {
          invite.onDialogClosed();
          setDialog(null);
        }}
        onInvited={onInvited}
        restored={invite.restoredRule}
        onDraftChange={invite.report.rule}
      />
      <InviteMembersDialog
        // a fresh dialog when a kept draft is put back (its state starts from the draft)
        key={invite.restoredMembers ? 'restored' : 'members'}
        open={dialog === 'members'}
        conferenceId={conferenceId}
        eventDate={eventDate}
        invitedMemberIds={invitedMemberIds}
        onClose={() => {
          invite.onDialogClosed();
          setDialog(null);
        }}
        onInvited={onInvited}
        restored={invite.restoredMembers}
        onDraftChange={invite.report.members}
      />
      <RecordAnswerDialog
        row={recording}
        allowDelegate={allowDelegate}
        onClose={() => setRecording(null)}
        onSaved={() => void refetch()}
      />
      <Confirm
        isOpen={dialog === 'reset'}
        loading={busy}
        title="kaigi.conferences.invitees.reset_sort_confirm_title"
        content="kaigi.conferences.invitees.reset_sort_confirm_content"
        confirm="kaigi.conferences.invitees.reset_sort"
        onConfirm={() => void resetSort()}
        onClose={() => setDialog(null)}
      />
      <Confirm
        isOpen={dialog === 'delete'}
        loading={busy}
        title="kaigi.conferences.invitees.delete_confirm_title"
        content="kaigi.conferences.invitees.delete_confirm_content"
        translateOptions={{ count: visibleSelected.length }}
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={() => void deleteSelected()}
        onClose={() => setDialog(null)}
      />
    </Box>
  );
};
