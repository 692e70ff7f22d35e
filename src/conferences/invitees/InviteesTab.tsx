/**
 * 招待者 (issue 4 §3): the invitees of one conference in protocol order (`sort`) with the person,
 * title and company; a row moves by drag and drop, ↑/↓ or 「位置を指定して移動」, each one PUT of the
 * new place with the row's version (useSeatMove.ts; the server shifts the rows between atomically;
 * a 409 reloads the list);
 * 「並び順をリセット」 recomputes the order on the server; ticked rows can be removed at once; and the
 * two ways to invite (by position rule, by picking members).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SortIcon from '@mui/icons-material/Sort';
import { Confirm, useCanAccess, useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import type { KaigiDataProvider } from '../../providers/dataProvider';
import { problemMessage } from '../problemMessage';
import { useConferenceMembers, type InviteeRecord } from '../useConferenceMembers';
import { InviteByRuleDialog } from './InviteByRuleDialog';
import { InviteMembersDialog } from './InviteMembersDialog';
import { useInviteDraft } from './useInviteDraft';
import { LoadError } from '../LoadError';
import { RecordAnswerDialog } from '../answers/RecordAnswerDialog';
import { CopyParentButton } from './CopyParentButton';
import { InviteeRow } from './InviteeRow';
import { MoveToDialog } from './MoveToDialog';
import { SeatOrderDnd } from './SeatOrderDnd';
import { useSeatMove } from './useSeatMove';

export interface InviteesTabProps {
  conferenceId: Identifier;
  eventDate?: string | null;
  /** a sub-conference's parent: 「親会議の招待者をコピー」 */
  parentId?: Identifier | null;
  allowDelegate?: boolean;
}

type Dialog = 'rule' | 'members' | 'reset' | 'delete' | null;

export const InviteesTab = ({ conferenceId, eventDate, parentId = null, allowDelegate = false }: InviteesTabProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<KaigiDataProvider>();
  const members = useConferenceMembers([conferenceId]);
  const { isPending, error, refetch } = members;
  const { rows, moving, moveTo } = useSeatMove(members.rows, refetch);
  const { canAccess: canCreate } = useCanAccess({ resource: 'conference_members', action: 'create' });
  const { canAccess: canEdit } = useCanAccess({ resource: 'conference_members', action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: 'conference_members', action: 'delete' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selected, setSelected] = useState<Set<Identifier>>(new Set());
  const invite = useInviteDraft(conferenceId, setDialog);
  const [movingTo, setMovingTo] = useState<{ row: InviteeRecord; place: number } | null>(null);
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

  const move = (index: number, direction: 'up' | 'down') => {
    focusAfterMove.current = { id: rows[index].id, direction };
    void moveTo(rows[index], direction === 'up' ? index : index + 2);
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
          <SeatOrderDnd rows={rows} onMove={(row, place) => void moveTo(row, place)}>
            <TableContainer>
              <Table
                size="small"
                aria-label={translate('kaigi.conferences.invitees.title')}
                // phones: narrow gutters leave the name room
                sx={{ '& .MuiTableCell-root': { px: { xs: 0.5, sm: 2 } } }}
              >
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
                    {canEdit && <TableCell padding="none" />}
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate('resources.conference_members.fields.sort')}</TableCell>
                    <TableCell>{translate('resources.conference_members.fields.member')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {translate('resources.conference_members.fields.title')}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {translate('resources.conference_members.fields.company')}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' }, whiteSpace: 'nowrap' }}>
                      {translate('resources.conference_members.fields.category')}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {translate('resources.conference_members.fields.answer_content')}
                    </TableCell>
                    {canEdit && <TableCell align="right" />}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row, index) => (
                    <InviteeRow
                      key={row.id}
                      row={row}
                      index={index}
                      count={rows.length}
                      canEdit={!!canEdit}
                      canDelete={!!canDelete}
                      selected={selected.has(row.id)}
                      onSelect={(checked) => toggle(row.id, checked)}
                      busy={moving !== null}
                      onMove={(direction) => move(index, direction)}
                      onMoveTo={() => setMovingTo({ row, place: index + 1 })}
                      onRecord={setRecording}
                      buttonRef={(direction) => setButton(`${row.id}:${direction}`)}
                    />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </SeatOrderDnd>
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
      <MoveToDialog
        target={movingTo}
        count={rows.length}
        onClose={() => setMovingTo(null)}
        onMove={(row, place) => void moveTo(row, place)}
      />
      <RecordAnswerDialog
        row={recording}
        allowDelegate={allowDelegate}
        invitees={rows}
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
