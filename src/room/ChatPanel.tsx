/**
 * The room's chat (DESIGN.md §11.1): everyone's messages oldest first, new ones as they arrive
 * (no reload), the viewer's own on the right. Each shows the sender, what they are (事務局, their
 * company, 招待者 / their company, ゲスト) and the time. The list follows the newest message unless
 * the user has scrolled up to read; messages from others are announced politely. Staff get a
 * delete button per message (`onDelete`), with a confirmation.
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import type { ChatMessage } from './api';
import { CHAT_MAX_LENGTH } from './api';
import { ComposeBox } from './ComposeBox';
import { ConfirmDialog } from './ConfirmDialog';
import { senderLabel } from './sender';
import { formatTime } from '../company/format';
import { visuallyHidden } from '../company/visuallyHidden';

export interface ChatPanelProps {
  messages: ChatMessage[];
  /** why nothing can be sent (room ended, panel closed); null when the box is open */
  readOnlyNote: string | null;
  onSend(body: string): Promise<void>;
  onRoomEnded(): void;
  onDelete?: (id: number) => Promise<void> | void;
}

/** Near enough to the bottom to keep following new messages. */
const STICK_PX = 48;

const Message = ({ message, onDelete }: { message: ChatMessage; onDelete?: (m: ChatMessage) => void }) => {
  const translate = useTranslate();
  return (
    <Box
      component="li"
      data-own={message.own || undefined}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: message.own ? 'flex-end' : 'flex-start', py: 0.5 }}
    >
      <Typography variant="caption" color="text.secondary" sx={{ px: 0.5, overflowWrap: 'anywhere' }}>
        {message.own && <Box component="span" sx={visuallyHidden}>{`${translate('kaigi.room.chat.own')} `}</Box>}
        <Box component="span" sx={{ fontWeight: 700, color: 'text.primary' }}>
          {message.sender_name}
        </Box>
        {`（${senderLabel(translate, message)}）`}
        <Box component="time" dateTime={message.created_at} sx={{ ml: 1 }}>
          {formatTime(message.created_at)}
        </Box>
      </Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'flex-start',
          gap: 0.5,
          maxWidth: '85%',
          flexDirection: message.own ? 'row-reverse' : 'row',
        }}
      >
        <Typography
          variant="body2"
          data-testid="chat-body"
          sx={{
            px: 1.5,
            py: 0.75,
            borderRadius: 2,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            bgcolor: message.own ? 'primary.main' : 'action.hover',
            color: message.own ? 'primary.contrastText' : 'text.primary',
          }}
        >
          {message.body}
        </Typography>
        {onDelete && (
          <IconButton
            size="small"
            aria-label={translate('kaigi.room.chat.delete', { name: message.sender_name })}
            onClick={() => onDelete(message)}
          >
            <DeleteIcon fontSize="small" aria-hidden />
          </IconButton>
        )}
      </Box>
    </Box>
  );
};

export const ChatPanel = ({ messages, readOnlyNote, onSend, onRoomEnded, onDelete }: ChatPanelProps) => {
  const translate = useTranslate();
  const listRef = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const [confirming, setConfirming] = useState<ChatMessage | null>(null);
  const lastId = messages.at(-1)?.id;
  // only what arrives while the panel is open is announced, not the history it opened with
  const [seenAtMount] = useState(lastId ?? 0);
  const latestFromOthers = messages.findLast((m) => !m.own && m.id > seenAtMount);

  useEffect(() => {
    const list = listRef.current;
    if (list && following.current) list.scrollTop = list.scrollHeight;
  }, [lastId]);

  const onScroll = () => {
    const list = listRef.current;
    if (list) following.current = list.scrollHeight - list.scrollTop - list.clientHeight <= STICK_PX;
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box
        ref={listRef}
        onScroll={onScroll}
        tabIndex={0}
        aria-label={translate('kaigi.room.chat.log')}
        role="region"
        sx={{ flex: '1 1 auto', overflowY: 'auto', minHeight: 160, maxHeight: { xs: '55vh', md: 420 } }}
      >
        {messages.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            {translate('kaigi.room.chat.empty')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {messages.map((message) => (
              <Message key={message.id} message={message} onDelete={onDelete ? setConfirming : undefined} />
            ))}
          </Box>
        )}
      </Box>
      <Box role="status" aria-live="polite" sx={visuallyHidden} data-testid="chat-announcer">
        {latestFromOthers
          ? translate('kaigi.room.chat.new_message', { name: latestFromOthers.sender_name, body: latestFromOthers.body })
          : ''}
      </Box>
      <ComposeBox
        messagesKey="kaigi.room.chat"
        max={CHAT_MAX_LENGTH}
        rows={2}
        disabledNote={readOnlyNote}
        onSend={onSend}
        onRoomEnded={onRoomEnded}
      />
      {onDelete && (
        <ConfirmDialog
          open={!!confirming}
          title={translate('kaigi.room.chat.delete_title')}
          body={confirming ? `${confirming.sender_name}：${confirming.body}` : ''}
          note={translate('kaigi.room.chat.delete_body')}
          confirmLabel={translate('kaigi.room.chat.delete_confirm')}
          onCancel={() => setConfirming(null)}
          onConfirm={async () => {
            if (confirming) await onDelete(confirming.id);
            setConfirming(null);
          }}
        />
      )}
    </Box>
  );
};
