import { Problem, type ProblemField } from './problem.ts';
import type { ConferenceTemplateBodyInput } from '../schemas/conference-template.ts';
import { impossibleParts } from './votes/rule.ts';
import { duplicateMotionNumber, motionRuleInvalid } from './votes/problems.ts';

/**
 * Cross-field checks of a conference template body that a JSON schema cannot express: the end
 * time after the start time, and 委任状 (delegate) offered exactly when the template allows it
 * (DESIGN.md §4: `delegate` only where the conference allows it). 400 naming the field; then its
 * 議案 as a 議案 create checks them.
 */
export function assertTemplateBodyConsistent(body: ConferenceTemplateBodyInput | undefined): void {
  if (!body) return;
  const errors: ProblemField[] = [];
  if (body.start_time && body.end_time && body.end_time <= body.start_time) {
    errors.push({ field: 'body.body.end_time', code: 'after_start_time', message: 'must be after start_time' });
  }
  if (
    body.answer_choices &&
    body.allow_delegate !== undefined &&
    body.answer_choices.includes('delegate') !== body.allow_delegate
  ) {
    errors.push({
      field: 'body.body.allow_delegate',
      code: 'delegate_mismatch',
      message: "must be true exactly when answer_choices contains 'delegate'",
    });
  }
  if (errors.length > 0) throw new Problem(400, 'validation_failed', '入力内容に誤りがあります。', errors);
  assertTemplateMotions(body.motions ?? []);
}

/**
 * The template's 議案 are refused as a 議案 create would refuse them (repositories/motions.ts): a
 * rule no count can reach (422 motion_rule_invalid), a number taken twice (409
 * duplicate_motion_number) — else the conference made from it could not hold them.
 */
function assertTemplateMotions(motions: NonNullable<ConferenceTemplateBodyInput['motions']>): void {
  const path = (i: number) => `body.body.motions.${i}`;
  const broken = motions.flatMap((m, i) => (m.rule ? impossibleParts(m.rule, path(i)) : []));
  if (broken.length > 0) throw motionRuleInvalid(broken);
  const first = new Map<string, number>();
  const repeats = motions.flatMap((m, i) => {
    if (!first.has(m.number)) first.set(m.number, i);
    return first.get(m.number) === i ? [] : [`${path(i)}.number`];
  });
  if (repeats.length > 0) throw duplicateMotionNumber(repeats);
}
