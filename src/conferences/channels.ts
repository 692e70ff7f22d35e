/**
 * Answer channels (DESIGN.md §11.2): how an answer reached the chamber. `portal` is the company's
 * own answer; the others are recorded by staff (会議所受付).
 */
import type { AnswerChannel } from './types';

export const ANSWER_CHANNELS = [
  'portal',
  'fax',
  'phone',
  'email',
  'counter',
  'paper',
] as const satisfies readonly AnswerChannel[];
/** What staff may choose when they record an answer. */
export const STAFF_CHANNELS = ['fax', 'phone', 'email', 'counter', 'paper'] as const satisfies readonly AnswerChannel[];
export type StaffChannel = (typeof STAFF_CHANNELS)[number];

export const isAnswerChannel = (value: unknown): value is AnswerChannel =>
  typeof value === 'string' && (ANSWER_CHANNELS as readonly string[]).includes(value);

/** 'FAX', 'ポータル'… (kaigi.channels.short.*) */
export const channelShortKey = (channel: AnswerChannel) => `kaigi.channels.short.${channel}`;

/** The list label: 'ポータル' or '会議所受付（FAX）'; '' without a channel. */
export const channelLabel = (
  channel: string | null | undefined,
  translate: (key: string, options?: Record<string, unknown>) => string,
): string => {
  if (!isAnswerChannel(channel)) return '';
  const short = translate(channelShortKey(channel));
  return channel === 'portal' ? short : translate('kaigi.channels.staff', { channel: short });
};
