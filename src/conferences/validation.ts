/**
 * Client-side checks mirroring the server's (server/lib/conference-template-defaults.ts
 * timeErrors): the end after the start, the answer deadline not after the start. Input-level
 * validators: the sibling values are read next to the validated input's own path, so they work
 * for the conference and for each sub-conference row alike.
 */
import { required, type Validator } from 'react-admin';
import { instantOf } from './tokyoDateTime';
import { QUORUM_MAX_TERM, QUORUM_MAX_TOTAL } from './quorum/quorumMath';

const getPath = (values: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      values,
    );

/** The value of `field` beside the input at `source` ('sub_conferences.0.end_at' → 'sub_conferences.0.<field>'). */
const sibling = (allValues: unknown, props: { finalSource?: string; source?: string } | undefined, field: string): unknown => {
  const parts = (props?.finalSource ?? props?.source ?? '').split('.');
  parts[parts.length - 1] = field;
  return getPath(allValues, parts.join('.'));
};

export const validDateTime: Validator = (value) =>
  value === null || value === undefined || value === '' || instantOf(value) !== null
    ? undefined
    : 'kaigi.conferences.validation.date_time_invalid';

export const endAfterStart: Validator = (value, allValues, props) => {
  const end = instantOf(value);
  const start = instantOf(sibling(allValues, props, 'event_date'));
  return end !== null && start !== null && end < start ? 'kaigi.conferences.validation.end_before_start' : undefined;
};

export const deadlineNotAfterStart: Validator = (value, allValues, props) => {
  const deadline = instantOf(value);
  const start = instantOf(sibling(allValues, props, 'event_date'));
  return deadline !== null && start !== null && deadline > start
    ? 'kaigi.conferences.validation.deadline_after_start'
    : undefined;
};

export const requiredName = [required()];
export const requiredDateTime = [required(), validDateTime];
export const endAtValidators = [validDateTime, endAfterStart];
export const deadlineValidators = [validDateTime, deadlineNotAfterStart];

/**
 * 定足数 (server/schemas/reception.ts QuorumSettingsSchema; server/repositories/conference-quorum.ts):
 * integers in range, and a threshold that can be reached: numerator ≤ denominator, and not "more
 * than all" (超 with numerator = denominator).
 */
const integerIn =
  (max: number, rangeKey: string): Validator =>
  (value) => {
    if (value === null || value === undefined || value === '') return undefined;
    if (!Number.isInteger(value)) return 'kaigi.quorum.settings.validation.integer';
    return (value as number) < 1 || (value as number) > max ? rangeKey : undefined;
  };

const reachableFraction: Validator = (value, allValues, props) => {
  const denominator = sibling(allValues, props, 'denominator');
  if (!Number.isInteger(value) || !Number.isInteger(denominator)) return undefined;
  if ((value as number) > (denominator as number)) return 'kaigi.quorum.settings.validation.numerator_above_denominator';
  return value === denominator && sibling(allValues, props, 'rule') === 'more_than'
    ? 'kaigi.quorum.settings.validation.more_than_all'
    : undefined;
};

const termInRange = integerIn(QUORUM_MAX_TERM, 'kaigi.quorum.settings.validation.term_range');
export const quorumTotalValidators = [required(), integerIn(QUORUM_MAX_TOTAL, 'kaigi.quorum.settings.validation.total_range')];
export const quorumDenominatorValidators = [required(), termInRange];
export const quorumNumeratorValidators = [required(), termInRange, reachableFraction];
