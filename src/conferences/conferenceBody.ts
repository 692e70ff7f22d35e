/** The PUT body of the conference form (the edit's transform, and the mail preview of its save). */
import type { Conference } from './types';

/** The fields of server/schemas/conference.ts ConferenceUpdateSchema; the rest (parent, template, status…) is not sent. */
const EDITABLE = [
  'version',
  'name',
  'event_date',
  'end_at',
  'place',
  'answer_deadline',
  'description',
  'allow_delegate',
  'reminder_days',
  'quorum',
] as const;

export const toUpdateBody = (data: Partial<Conference>): Record<string, unknown> => {
  const body: Record<string, unknown> = {};
  for (const key of EDITABLE) {
    if (data[key] === undefined) continue;
    const value = data[key];
    body[key] = typeof value === 'string' && key !== 'event_date' && key !== 'name' ? value.trim() || null : value;
  }
  if (typeof body.name === 'string') body.name = body.name.trim();
  return body;
};
