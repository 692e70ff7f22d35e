import { Problem, type ProblemField } from './problem.ts';
import type { ConferenceTemplateBodyInput } from '../schemas/conference-template.ts';

/**
 * Cross-field checks of a conference template body that a JSON schema cannot express: the end
 * time after the start time, and 委任状 (delegate) offered exactly when the template allows it
 * (DESIGN.md §4: `delegate` only where the conference allows it). 400 naming the field.
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
}
