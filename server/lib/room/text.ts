import { Problem } from '../problem.ts';

/**
 * Chat and comment text (issue 12): NFC-normalised (a macOS IME's decomposed が becomes one
 * character), refused when nothing visible is left, and measured again after normalising.
 */
export function roomText(body: string, maxLength: number, field = 'body.body'): string {
  const text = body.normalize('NFC');
  if (!/\S/u.test(text)) {
    throw new Problem(400, 'blank_text', '本文を入力してください。', [
      { field, code: 'blank_text', message: 'must contain a visible character' },
    ]);
  }
  if ([...text].length > maxLength) {
    throw new Problem(400, 'validation_failed', `本文は${maxLength}文字以内で入力してください。`, [
      { field, code: 'maxLength', message: `must NOT have more than ${maxLength} characters` },
    ]);
  }
  return text;
}
