/**
 * Resolves the rows a conference create request makes (DESIGN.md §4 "conference template"):
 * explicit body fields win, absent ones come from the template's default body, and the template's
 * sub-conferences become children unless the body lists its own `sub_conferences`.
 */
import type { Attachment, ConferenceTemplateBody } from '../db/schema.ts';
import type { ConferenceCreate, SubConferenceCreate } from '../schemas/conference.ts';
import { Problem, type ProblemField } from './problem.ts';
import { addDays, jstAt, jstDayOf } from './conference-dates.ts';

export interface ResolvedConference {
  name: string;
  event_date: Date;
  end_at: Date | null;
  place: string | null;
  answer_deadline: Date | null;
  description: string | null;
  allow_delegate: boolean;
  attachments: Attachment[];
}

export interface TemplateDefaults {
  name: string;
  default_body: ConferenceTemplateBody;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** An answer deadline "N days before" means until the end of that Asia/Tokyo day. */
const END_OF_DAY = '23:59:59';

const timeOf = (hhmm: unknown): string | undefined => (typeof hhmm === 'string' && HHMM.test(hhmm) ? hhmm : undefined);

function deadlineFrom(body: ConferenceTemplateBody, day: string, eventDate: Date): Date | null {
  const days = body.answer_deadline_days_before;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 0) return null;
  const deadline = new Date(`${addDays(day, -days)}T${END_OF_DAY}+09:00`);
  // "0 days before" must still close before the conference starts
  return deadline > eventDate ? eventDate : deadline;
}

function resolveParent(input: ConferenceCreate, template: TemplateDefaults | null): ResolvedConference {
  const body = template?.default_body ?? {};
  const name = input.name ?? template?.name;
  if (!name) {
    throw new Problem(400, 'validation_failed', '入力内容に誤りがあります。', [
      { field: 'body.name', code: 'required', message: '会議名を入力してください' },
    ]);
  }
  // A bare day takes the template's start and end times (00:00 Asia/Tokyo and no end without them).
  const day = DAY_ONLY.test(input.event_date) ? input.event_date : null;
  const eventDate = day ? jstAt(day, timeOf(body.start_time) ?? '00:00') : new Date(input.event_date);
  const endTime = timeOf(body.end_time);
  return {
    name,
    event_date: eventDate,
    end_at: input.end_at !== undefined ? toDate(input.end_at) : day && endTime ? jstAt(day, endTime) : null,
    place: input.place !== undefined ? input.place : (body.place ?? null),
    answer_deadline:
      input.answer_deadline !== undefined ? toDate(input.answer_deadline) : deadlineFrom(body, jstDayOf(eventDate), eventDate),
    description: input.description !== undefined ? input.description : (body.description ?? null),
    allow_delegate: input.allow_delegate ?? body.allow_delegate ?? false,
    attachments: input.attachments ?? [],
  };
}

const toDate = (value: string | null): Date | null => (value === null ? null : new Date(value));

function resolveSub(input: SubConferenceCreate, parent: ResolvedConference): ResolvedConference {
  return {
    name: input.name,
    event_date: new Date(input.event_date),
    end_at: toDate(input.end_at ?? null),
    place: input.place ?? null,
    answer_deadline: input.answer_deadline !== undefined ? toDate(input.answer_deadline) : parent.answer_deadline,
    description: input.description ?? null,
    allow_delegate: input.allow_delegate ?? false,
    attachments: input.attachments ?? [],
  };
}

function templateSubs(body: ConferenceTemplateBody, parent: ResolvedConference): ResolvedConference[] {
  return (body.sub_conferences ?? []).map((sub) => {
    const start = new Date(parent.event_date.getTime() + (sub.start_offset_minutes ?? 0) * 60_000);
    return {
      name: sub.name,
      event_date: start,
      end_at: sub.duration_minutes ? new Date(start.getTime() + sub.duration_minutes * 60_000) : null,
      place: sub.place ?? parent.place,
      answer_deadline: parent.answer_deadline,
      description: sub.description ?? null,
      allow_delegate: false,
      attachments: [],
    };
  });
}

/** 400 naming each field that breaks a time rule: the deadline and the end not after the start. */
function timeErrors(c: ResolvedConference, path: string): ProblemField[] {
  const errors: ProblemField[] = [];
  if (c.answer_deadline && c.answer_deadline > c.event_date) {
    errors.push({
      field: `${path}.answer_deadline`,
      code: 'after_event_date',
      message: '回答期限は開催日時より前にしてください',
    });
  }
  if (c.end_at && c.end_at < c.event_date) {
    errors.push({ field: `${path}.end_at`, code: 'before_event_date', message: '終了日時は開催日時より後にしてください' });
  }
  return errors;
}

export function assertConferenceTimes(conferences: Array<[ResolvedConference, string]>): void {
  const errors = conferences.flatMap(([c, path]) => timeErrors(c, path));
  if (errors.length > 0) throw new Problem(400, 'invalid_conference_times', '会議の日時の指定に誤りがあります。', errors);
}

/**
 * The parent and its children. `withChildren` is false for a sub-conference (no grandchildren): a
 * template's sub-conferences are then ignored.
 */
export function resolveCreate(
  input: ConferenceCreate,
  template: TemplateDefaults | null,
  withChildren: boolean,
): { parent: ResolvedConference; subs: ResolvedConference[] } {
  const parent = resolveParent(input, template);
  const subs = !withChildren
    ? []
    : input.sub_conferences
      ? input.sub_conferences.map((sub) => resolveSub(sub, parent))
      : template
        ? templateSubs(template.default_body, parent)
        : [];
  assertConferenceTimes([
    [parent, 'body'],
    ...subs.map((s, i): [ResolvedConference, string] => [s, `body.sub_conferences.${i}`]),
  ]);
  return { parent, subs };
}
