/**
 * One invitee of the 招待者 table, sortable (issue 15 item 1): a drag handle (mouse, touch after a
 * short press so the page still scrolls, keyboard: space, arrows, space), ↑/↓ to its neighbour's
 * place, and 「位置を指定して移動」; each is one request (useSeatMove.ts). Its answer, how it came
 * in and who recorded it show beside it (issue 33).
 */
import type { Ref } from 'react';
import { Box, Checkbox, IconButton, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslate } from 'react-admin';
import type { InviteeRecord } from '../useConferenceMembers';
import { RecordAnswerButton } from '../answers/AnswersTab';
import { AnswerSummary } from '../answers/AnswerSummary';

export interface InviteeRowProps {
  row: InviteeRecord;
  index: number;
  count: number;
  canEdit: boolean;
  canDelete: boolean;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  /** a move is under way: no other starts */
  busy: boolean;
  onMove: (direction: 'up' | 'down') => void;
  onMoveTo: () => void;
  onRecord: (row: InviteeRecord) => void;
  buttonRef: (direction: 'up' | 'down') => Ref<HTMLButtonElement>;
}

export const InviteeRow = (props: InviteeRowProps) => {
  const { row, index, count, canEdit, canDelete, selected, busy } = props;
  const translate = useTranslate();
  const name = row.member?.name ?? String(row.member_id);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: row.id,
    disabled: !canEdit || busy,
  });

  return (
    <TableRow
      ref={setNodeRef}
      hover
      selected={selected}
      sx={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        bgcolor: isDragging ? 'background.paper' : undefined,
        boxShadow: isDragging ? 3 : undefined,
      }}
    >
      {canDelete && (
        <TableCell padding="checkbox">
          <Checkbox
            checked={selected}
            onChange={(event) => props.onSelect(event.target.checked)}
            slotProps={{ input: { 'aria-label': translate('kaigi.conferences.invitees.select', { name }) } }}
          />
        </TableCell>
      )}
      {canEdit && (
        <TableCell padding="none" sx={{ width: 40 }}>
          <IconButton
            ref={setActivatorNodeRef}
            size="small"
            {...attributes}
            {...listeners}
            aria-label={translate('kaigi.conferences.invitees.drag_handle', { name })}
            // a mouse drags at once; a finger after a short press (TouchSensor), so a swipe still scrolls
            sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'manipulation' }}
          >
            <DragIndicatorIcon fontSize="small" />
          </IconButton>
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
        {/* phones: the company and the answer under the name instead of in their own columns */}
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
          {row.company?.name1 ?? ''}
        </Typography>
        <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
          <AnswerSummary row={row} />
        </Box>
      </TableCell>
      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{row.member?.title ?? ''}</TableCell>
      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{row.company?.name1 ?? ''}</TableCell>
      <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' }, whiteSpace: 'nowrap' }}>
        {translate(`kaigi.conferences.category.${row.category}`)}
      </TableCell>
      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
        <AnswerSummary row={row} />
      </TableCell>
      {canEdit && (
        <TableCell align="right">
          {/* phones: two by two, so that the name keeps its width */}
          <Box
            sx={{
              display: { xs: 'grid', sm: 'flex' },
              gridTemplateColumns: 'repeat(2, auto)',
              justifyContent: 'end',
              alignItems: 'center',
              whiteSpace: 'nowrap',
            }}
          >
            <RecordAnswerButton row={row} onClick={props.onRecord} />
            <IconButton
              ref={props.buttonRef('up')}
              size="small"
              aria-label={translate('kaigi.conferences.invitees.move_up', { name })}
              disabled={index === 0 || busy}
              onClick={() => props.onMove('up')}
            >
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton
              ref={props.buttonRef('down')}
              size="small"
              aria-label={translate('kaigi.conferences.invitees.move_down', { name })}
              disabled={index === count - 1 || busy}
              onClick={() => props.onMove('down')}
            >
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
            <Tooltip title={translate('kaigi.conferences.invitees.move_to')}>
              <span>
                <IconButton
                  size="small"
                  aria-label={translate('kaigi.conferences.invitees.move_to_for', { name })}
                  disabled={count < 2 || busy}
                  onClick={props.onMoveTo}
                >
                  <FormatListNumberedIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        </TableCell>
      )}
    </TableRow>
  );
};
