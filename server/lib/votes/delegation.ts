/**
 * 委任状 to an invitee (DESIGN.md §12.1 `delegate_to`, issue 34 "delegation chains refused (a
 * delegate cannot delegate)"), shared by the company's answer and staff's answer on behalf. Before
 * the write: the invitee named is a principal of the same conference, not the person themselves.
 * After it (so one body that names A → B and B → C is judged as a whole): nobody delegates to
 * someone who delegates in turn.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../audit.ts';
import { Problem } from '../problem.ts';

export interface Delegation {
  /** the delegating conference member */
  id: number;
  conference_id: number;
  delegate_to: number | null;
  /** it answers 委任状 after the write: a chain can pass only through such a member */
  delegates: boolean;
  /** the body's path of the answer, e.g. `body.answers.0` or `body` */
  at: string;
}

const idList = (ids: number[]) => `{${ids.join(',')}}`; // a PostgreSQL array literal of integer ids

const targetInvalid = (at: string) =>
  new Problem(422, 'delegate_to_invalid', '委任先は、同じ会議に本人として招待された他の方を選んでください。', [
    { field: `${at}.delegate_to`, code: 'delegate_to_invalid', message: '同じ会議の他の議員を選んでください' },
  ]);

export async function checkDelegateTargets(tx: Executor, delegations: Delegation[]): Promise<void> {
  const named = delegations.filter((d) => d.delegate_to !== null);
  if (named.length === 0) return;
  const { rows } = (await tx.execute(
    sql`select id, conference_id, category from conference_member where id = any(${idList(named.map((d) => d.delegate_to!))}::int[])`,
  )) as unknown as { rows: Array<{ id: number; conference_id: number; category: string }> };
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const d of named) {
    const target = byId.get(d.delegate_to!);
    if (d.delegate_to === d.id || !target || target.conference_id !== d.conference_id || target.category !== 'principal') {
      throw targetInvalid(d.at);
    }
  }
}

/** After the write: 422 `delegation_chain` when any of `changed` delegates to a delegator or is delegated to while delegating. */
export async function refuseDelegationChains(tx: Executor, changed: Delegation[]): Promise<void> {
  const delegating = changed.filter((d) => d.delegates);
  if (delegating.length === 0) return;
  const ids = idList(delegating.map((d) => d.id));
  // one branch per side, each led by an index (the primary key; conference_member_delegate_to_idx):
  // an `or` of the two read every invitee of the country, 1.5 s an answer (issue 37, bench:api)
  const { rows } = (await tx.execute(sql`
    (select a.id as delegator, t.id as delegate
       from conference_member a join conference_member t on t.id = a.delegate_to
      where a.id = any(${ids}::int[]) and a.answer_content = 'delegate' and t.answer_content = 'delegate')
    union all
    (select a.id, t.id
       from conference_member t join conference_member a on a.delegate_to = t.id
      where t.id = any(${ids}::int[]) and t.answer_content = 'delegate' and a.answer_content = 'delegate')
    order by delegator limit 1`)) as unknown as { rows: Array<{ delegator: number; delegate: number }> };
  const chain = rows[0];
  if (!chain) return;
  const at = delegating.find((d) => d.id === chain.delegator || d.id === chain.delegate)!.at;
  throw new Problem(
    422,
    'delegation_chain',
    '委任を受けた方は委任できず、委任した方に委任することもできません。委任先を選び直してください。',
    [{ field: `${at}.delegate_to`, code: 'delegation_chain', message: '委任の連鎖はできません' }],
    { delegator: chain.delegator, delegate: chain.delegate },
  );
}
