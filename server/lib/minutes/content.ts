/**
 * The draft's content from the record, and staff edits of it (DESIGN.md §12.2, issue 35). Pure:
 * the repository reads the record and stores the result. Rules:
 * - regenerating takes every figure's `derived` from the record again; a figure staff corrected
 *   keeps its value and reason, the others follow the record; prose and signatories stay;
 * - a figure whose value differs from the record needs a reason (422 otherwise); setting it back
 *   to the record's value removes the correction;
 * - the 議長 and 署名人 are attendees (checked in) of the conference.
 */
import type { Figure, FigureValue, MinutesContent, MinutesPerson, MinutesUpdate } from '../../schemas/minutes.ts';
import { proseKeys } from '../../../access/minutes-text.ts';
import type { MeetingRecord } from './record.ts';
import { figureTypeMismatch, notAnAttendee, reasonRequired, unknownFigure, unknownSection } from './problems.ts';

const recordFigure = (value: FigureValue): Figure => ({
  value,
  derived: value,
  reason: null,
  corrected_by: null,
  corrected_at: null,
});

/** A content from the record, keeping what staff wrote in `previous` (prose, corrections, signatories). */
export function contentFromRecord(record: MeetingRecord, previous?: MinutesContent): MinutesContent {
  const figures: Record<string, Figure> = {};
  for (const [key, derived] of Object.entries(record.figures)) {
    const before = previous?.figures[key];
    figures[key] = before?.reason ? { ...before, derived } : recordFigure(derived);
  }
  const shape = { agenda: record.agenda, motions: record.motions };
  const prose: Record<string, string> = {};
  for (const key of proseKeys({ ...shape, prose: {} })) prose[key] = previous?.prose[key] ?? '';
  // prose of a section the record no longer has (an agenda item removed) is kept, not lost
  for (const [key, text] of Object.entries(previous?.prose ?? {})) if (!(key in prose) && text !== '') prose[key] = text;
  return {
    conference: record.conference,
    figures,
    ...shape,
    chair: previous?.chair ?? null,
    signatories: previous?.signatories ?? [],
    prose,
  };
}

const sameValue = (a: FigureValue, b: FigureValue) => a === b;
const kindOf = (v: FigureValue) => (v === null ? 'null' : typeof v);

/** Staff edits applied to a draft's content; `actor`/`now` stamp corrections. */
export function applyEdits(
  content: MinutesContent,
  input: Pick<MinutesUpdate, 'prose' | 'figures' | 'chair_id' | 'signatory_ids'>,
  attendees: MinutesPerson[],
  actor: string,
  now: Date,
): MinutesContent {
  const next: MinutesContent = structuredClone(content);
  const sections = new Set(Object.keys(content.prose));
  for (const [key, text] of Object.entries(input.prose ?? {})) {
    if (!sections.has(key)) throw unknownSection(key);
    next.prose[key] = text;
  }
  for (const [key, edit] of Object.entries(input.figures ?? {})) {
    const figure = next.figures[key];
    if (!figure) throw unknownFigure(key);
    // a figure keeps its kind: a count stays a count (null allowed: 不明)
    const kinds = [kindOf(figure.derived), 'null'];
    if (figure.derived !== null && !kinds.includes(kindOf(edit.value))) throw figureTypeMismatch(key);
    if (sameValue(edit.value, figure.derived)) {
      next.figures[key] = recordFigure(figure.derived);
      continue;
    }
    const reason = edit.reason?.trim() ?? '';
    if (reason === '') throw reasonRequired(key);
    next.figures[key] = {
      value: edit.value,
      derived: figure.derived,
      reason,
      corrected_by: actor,
      corrected_at: now.toISOString(),
    };
  }
  const person = (id: number, field: string) => {
    const found = attendees.find((p) => p.conference_member_id === id);
    if (!found) throw notAnAttendee(field);
    return found;
  };
  if (input.chair_id !== undefined) next.chair = input.chair_id === null ? null : person(input.chair_id, 'body.chair_id');
  if (input.signatory_ids !== undefined)
    next.signatories = input.signatory_ids.map((id, i) => person(id, `body.signatory_ids.${i}`));
  return next;
}

/** The figures whose correction changed between two contents: each is audited with its reason. */
export function changedCorrections(
  before: MinutesContent,
  after: MinutesContent,
): Array<{ key: string; before: Figure | undefined; after: Figure }> {
  return Object.entries(after.figures)
    .filter(
      ([key, f]) =>
        JSON.stringify(before.figures[key]) !== JSON.stringify(f) && (f.reason !== null || before.figures[key]?.reason),
    )
    .map(([key, f]) => ({ key, before: before.figures[key], after: f }));
}
