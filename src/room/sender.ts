/** Who wrote a chat message or comment, as the room shows it (server/schemas/room.ts SenderFields). */
import type { ChatMessage } from './api';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** 事務局 / the company's name / the invitee's company or 招待者 / ゲスト. */
export const senderLabel = (translate: Translate, sender: Pick<ChatMessage, 'sender_kind' | 'sender_org'>): string => {
  if ((sender.sender_kind === 'company' || sender.sender_kind === 'user') && sender.sender_org) return sender.sender_org;
  return translate(`kaigi.room.kind.${sender.sender_kind}`);
};
