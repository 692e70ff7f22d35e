/**
 * Japanese labels of coded values in export files, the same words the console and portal show
 * (src/company/messages.ts).
 */
import type { AnswerChannel, AnswerContent, ConferenceMemberCategory } from '../db/schema.ts';

export const ANSWER_LABELS: Readonly<Record<AnswerContent, string>> = {
  attend: '出席',
  absent: '欠席',
  proxy_attend: '代理出席',
  delegate: '委任状',
};
export const UNANSWERED_LABEL = '未回答';

export const CATEGORY_LABELS: Readonly<Record<ConferenceMemberCategory, string>> = {
  principal: '本人',
  substitute: '代理',
  companion: '随行',
};

export const answerLabel = (answer: string | null): string =>
  answer === null ? UNANSWERED_LABEL : (ANSWER_LABELS[answer as AnswerContent] ?? answer);

export const categoryLabel = (category: string | null): string =>
  category === null ? '' : (CATEGORY_LABELS[category as ConferenceMemberCategory] ?? category);

/** 代理出席者: 氏名（肩書） */
export const proxyLabel = (name: string | null, title: string | null): string =>
  name ? (title ? `${name}（${title}）` : name) : '';

/** 受付方法 (DESIGN.md §11.2) */
export const CHANNEL_LABELS: Readonly<Record<AnswerChannel, string>> = {
  portal: 'ポータル',
  fax: 'FAX',
  phone: '電話',
  email: 'メール',
  counter: '窓口',
  paper: '紙',
};

/** 受付方法, with 期限後 when staff recorded it after the deadline; blank while unanswered or unknown. */
export const channelLabel = (channel: string | null, late: boolean | null): string => {
  if (channel === null) return '';
  const label = CHANNEL_LABELS[channel as AnswerChannel] ?? channel;
  return late ? `${label}（期限後）` : label;
};

/**
 * 区分 of a person at the reception desk (issue 14): 代理 for a substitute who answers 代理出席, else
 * the invitee's category; 当日参加 added for a walk-in (POST …/walk_ins).
 */
export const attendeeCategoryLabel = (category: string | null, answer: string | null, walkIn: boolean | null): string => {
  const label = answer === 'proxy_attend' ? CATEGORY_LABELS.substitute : categoryLabel(category);
  return walkIn ? `${label}（当日参加）` : label;
};

/** 受付名簿's 受付 column: 済 and the check-in time (HH:mm) once checked in; blank to tick by hand. */
export const checkInMark = (checkedInTime: string | null): string => (checkedInTime ? `済 ${checkedInTime}` : '');
