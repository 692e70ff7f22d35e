/**
 * A readable diff between two versions of the 議事録 (DESIGN.md §12.2): their text lines
 * (minutesLines), compared line by line with jsdiff's `diffArrays`.
 */
import { diffArrays } from 'diff';
import type { DiffLine, MinutesContent } from '../../schemas/minutes.ts';
import { minutesLines } from '../../../access/minutes-text.ts';

export function minutesDiff(before: MinutesContent, after: MinutesContent): DiffLine[] {
  return diffArrays(minutesLines(before), minutesLines(after)).flatMap((part) =>
    part.value.map((text) => ({ op: part.added ? 'added' : part.removed ? 'removed' : 'same', text }) as const),
  );
}
