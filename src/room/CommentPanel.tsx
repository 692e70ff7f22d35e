/**
 * 質問・意見 to the organisers (DESIGN.md §11.1): a form of up to 2 000 characters; once sent, the
 * comment-completed modal (spec §3's fourth panel toggle) 「コメントを送信しました」, and the comment
 * in 自分のコメント with its status (未対応 / 回答済). Staff (who moderate, not send) see every
 * comment instead; their controls plug in through RoomView's staff slot.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { COMMENT_MAX_LENGTH, type Comment } from './api';
import { ComposeBox } from './ComposeBox';
import { senderLabel } from './sender';
import { formatDateTimeJa } from '../company/format';

export interface CommentPanelProps {
  comments: Comment[];
  /** staff read every comment and send none */
  staff: boolean;
  readOnlyNote: string | null;
  onSend(body: string): Promise<void>;
  onRoomEnded(): void;
}

const CommentItem = ({ comment, staff }: { comment: Comment; staff: boolean }) => {
  const translate = useTranslate();
  return (
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip
          size="small"
          label={translate(`kaigi.room.comment.status.${comment.status}`)}
          color={comment.status === 'answered' ? 'success' : 'default'}
          variant={comment.status === 'answered' ? 'filled' : 'outlined'}
        />
        {staff && (
          <Typography variant="caption" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {`${comment.sender_name}（${senderLabel(translate, comment)}）`}
          </Typography>
        )}
        <Typography component="time" dateTime={comment.created_at} variant="caption" color="text.secondary">
          {formatDateTimeJa(comment.created_at)}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {comment.body}
      </Typography>
    </Box>
  );
};

export const CommentPanel = ({ comments, staff, readOnlyNote, onSend, onRoomEnded }: CommentPanelProps) => {
  const translate = useTranslate();
  const [sentOpen, setSentOpen] = useState(false);
  const listTitle = translate(staff ? 'kaigi.room.comment.all' : 'kaigi.room.comment.own');
  const newestFirst = [...comments].sort((a, b) => b.id - a.id);
  return (
    <Box>
      {!staff && (
        <>
          <Typography variant="body2" color="text.secondary">
            {translate('kaigi.room.comment.description')}
          </Typography>
          <ComposeBox
            messagesKey="kaigi.room.comment"
            max={COMMENT_MAX_LENGTH}
            rows={3}
            disabledNote={readOnlyNote}
            onSend={onSend}
            onSent={() => setSentOpen(true)}
            onRoomEnded={onRoomEnded}
          />
        </>
      )}
      <Typography
        component="h3"
        variant="subtitle1"
        id={`room-comments-${staff ? 'all' : 'own'}`}
        sx={{ mt: 2, fontWeight: 700 }}
      >
        {listTitle}
      </Typography>
      {newestFirst.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('kaigi.room.comment.empty')}
        </Typography>
      ) : (
        <Box component="ul" aria-labelledby={`room-comments-${staff ? 'all' : 'own'}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {newestFirst.map((comment) => (
            <CommentItem key={comment.id} comment={comment} staff={staff} />
          ))}
        </Box>
      )}
      <Dialog
        open={sentOpen}
        onClose={() => setSentOpen(false)}
        aria-labelledby="room-comment-sent-title"
        aria-describedby="room-comment-sent-body"
      >
        <DialogTitle id="room-comment-sent-title">{translate('kaigi.room.comment.sent_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="room-comment-sent-body">{translate('kaigi.room.comment.sent_body')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setSentOpen(false)} autoFocus>
            {translate('kaigi.room.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};
