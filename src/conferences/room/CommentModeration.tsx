/**
 * Comments to the organisers (DESIGN.md §11.1 comment panel, staff side): newest first, filtered by
 * 未対応 / 回答済 / 非表示 / すべて (with counts), each with its sender (name, company, kind), time
 * and body as plain text; 回答済にする / 非表示にする / 未対応に戻す send PUT
 * …/room/comments/{id} {status, version}. A failure is told under the comment it concerns. Export
 * of the comments and of the chat goes through the export jobs (RoomExportButtons).
 */
import { useRef, useState } from 'react';
import { Alert, Box, Button, Chip, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { formatDateTime } from '../../utils/dates';
import { roomApi } from './api';
import { RoomExportButtons } from './RoomExportButtons';
import { roomErrorMessage } from './RoomSaveError';
import { StaffSection } from './StaffSection';
import { COMMENT_STATUSES, type Comment, type CommentStatus } from './types';

export interface CommentModerationProps {
  conferenceId: number;
  comments: readonly Comment[];
  /** Named in the export dialog. */
  conferenceName?: string;
  /** The comment the server answered with (the room's stream brings it too). */
  onSaved?: (comment: Comment) => void;
}

type Filter = CommentStatus | 'all';
const FILTERS: readonly Filter[] = [...COMMENT_STATUSES, 'all'];

/** The moves offered from each status. */
const ACTIONS: Record<CommentStatus, ReadonlyArray<{ to: CommentStatus; key: string }>> = {
  new: [
    { to: 'answered', key: 'mark_answered' },
    { to: 'hidden', key: 'hide' },
  ],
  answered: [
    { to: 'new', key: 'reopen' },
    { to: 'hidden', key: 'hide' },
  ],
  hidden: [{ to: 'new', key: 'reopen' }],
};

// 未対応 stands out (outlined: its text keeps AA contrast on white); 回答済 green, 非表示 grey
const STATUS_CHIPS = {
  new: { color: 'error', variant: 'outlined' },
  answered: { color: 'success', variant: 'filled' },
  hidden: { color: 'default', variant: 'filled' },
} as const;

export const CommentModeration = ({ conferenceId, comments, conferenceName, onSaved }: CommentModerationProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [filter, setFilter] = useState<Filter>('new');
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ id: number; error: unknown } | null>(null);
  const filterButton = useRef<HTMLButtonElement>(null);
  const t = (key: string, args?: Record<string, unknown>) => translate(`kaigi.room.staff.comments.${key}`, args);

  const newestFirst = [...comments].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  const count = (f: Filter) => (f === 'all' ? comments.length : comments.filter((c) => c.status === f).length);
  const shown = filter === 'all' ? newestFirst : newestFirst.filter((c) => c.status === filter);

  const moderate = async (comment: Comment, to: CommentStatus) => {
    setPendingId(comment.id);
    setFailure(null);
    try {
      onSaved?.(await roomApi.updateComment(conferenceId, comment, to));
      // the comment (and the focused button) leaves this filter: the focus goes back to the filter
      if (filter !== 'all') filterButton.current?.focus();
      notify('kaigi.room.staff.comments.saved', { type: 'success', messageArgs: { status: t(`statuses.${to}`) } });
    } catch (error) {
      setFailure({ id: comment.id, error });
    } finally {
      setPendingId(null);
    }
  };

  return (
    <StaffSection title={t('title')} actions={<RoomExportButtons conferenceId={conferenceId} conferenceName={conferenceName} />}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={filter}
        onChange={(_, next: Filter | null) => next && setFilter(next)}
        aria-label={t('filter_legend')}
        sx={{ flexWrap: 'wrap', mb: 2 }}
      >
        {FILTERS.map((f) => (
          <ToggleButton key={f} value={f} ref={f === filter ? filterButton : undefined}>
            {`${t(`filters.${f}`)} ${t('count', { count: count(f) })}`}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {shown.length === 0 ? (
        <Typography color="text.secondary">{t(comments.length === 0 ? 'empty' : 'empty_filtered')}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {shown.map((comment) => {
            const time = formatDateTime(comment.created_at);
            return (
              <Box component="li" key={comment.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 'bold' }}>{comment.sender_name}</Typography>
                  {comment.sender_org && <Typography variant="body2">{comment.sender_org}</Typography>}
                  <Chip size="small" variant="outlined" label={t(`sender_kinds.${comment.sender_kind}`)} />
                  <Chip size="small" {...STATUS_CHIPS[comment.status]} label={t(`statuses.${comment.status}`)} />
                  <Typography variant="body2" color="text.secondary" component="time" dateTime={comment.created_at}>
                    {time}
                  </Typography>
                </Stack>
                <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', my: 1 }}>{comment.body}</Typography>
                <Stack direction="row" spacing={1}>
                  {ACTIONS[comment.status].map(({ to, key }) => (
                    <Button
                      key={to}
                      size="small"
                      variant={to === 'answered' ? 'contained' : 'outlined'}
                      disabled={pendingId !== null}
                      aria-label={t('action_aria', { name: comment.sender_name, time, action: t(key) })}
                      onClick={() => void moderate(comment, to)}
                    >
                      {t(key)}
                    </Button>
                  ))}
                </Stack>
                {failure?.id === comment.id && (
                  <Alert severity="error" role="alert" sx={{ mt: 1 }}>
                    {roomErrorMessage(failure.error, translate, 'kaigi.room.staff.comments.conflict')}
                  </Alert>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
    </StaffSection>
  );
};
