/**
 * A conference's 定足数 settings (issue 14, DESIGN.md §11.3) as conferences create/update write them:
 * the rule the schema cannot say, and the room's `quorum` event when staff change the settings.
 */
import type pg from 'pg';
import type { Db } from '../db/client.ts';
import type { QuorumSettings } from '../db/schema.ts';
import { Problem, type ProblemField } from '../lib/problem.ts';
import { quorumOf } from './reception-state.ts';
import { addEvent, lockRoom } from './room-db.ts';

export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A threshold that could never be reached — above the whole (numerator > denominator), or "more
 * than all" (more_than n/n) — is a 422 `quorum_fraction_invalid`. `settings`: each quorum of the
 * request with its body path.
 */
export function assertQuorumFractions(settings: ReadonlyArray<readonly [QuorumSettings | null | undefined, string]>): void {
  const fields: ProblemField[] = settings
    .filter(([q]) => q && (q.numerator > q.denominator || (q.rule === 'more_than' && q.numerator === q.denominator)))
    .map(([, path]) => ({
      field: `${path}.quorum`,
      code: 'quorum_fraction_invalid',
      message: '定足数の割合は全体以下にしてください（「全体を超える」は成立しません）',
    }));
  if (fields.length > 0) {
    throw new Problem(
      422,
      'quorum_fraction_invalid',
      '定足数の割合が全体を超えているため、成立しません。分子を分母以下にし、全体（分子＝分母）は「以上」にしてください。',
      fields,
    );
  }
}

const KEYS = ['basis', 'numerator', 'denominator', 'rule', 'count_delegates'] as const;

/** Same settings, whatever the key order (jsonb reorders keys). */
export const sameQuorum = (a: QuorumSettings | null, b: QuorumSettings | null): boolean =>
  a === null || b === null ? a === b : KEYS.every((k) => a[k] === b[k]);

/**
 * In the transaction of the PUT that changed the settings: the room's staff (the 定足数 board,
 * the room panel) get the quorum by the new rule, or the settings removed (null figures).
 */
export async function announceQuorum(tx: Transaction, conferenceId: number): Promise<void> {
  const client = clientOf(tx);
  await lockRoom(client, conferenceId);
  await addEvent(client, conferenceId, 'quorum', await quorumOf(client, conferenceId), 'staff');
}

/**
 * The pg client that runs a drizzle transaction: the room helpers take a pg client, and drizzle's
 * own `execute` returns timestamps unparsed. drizzle-orm's NodePgSession keeps it as `client`.
 */
export function clientOf(tx: Transaction): pg.ClientBase {
  const client = (tx._.session as unknown as { client?: pg.ClientBase }).client;
  if (typeof client?.query !== 'function') throw new Error('drizzle transaction without a pg client');
  return client;
}
