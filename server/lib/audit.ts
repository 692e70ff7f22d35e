import { audit_log } from '../db/schema.ts';
import type { Db } from '../db/client.ts';

/** A transaction or the database: audit rows are written in the transaction of the change. */
export type Executor = Pick<Db, 'insert' | 'select' | 'update' | 'delete' | 'execute'>;

export interface AuditEntry {
  cciCode: string;
  actor: string;
  action: 'create' | 'update' | 'delete' | 'answer' | string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/** DESIGN.md §4: who changed what, before/after, when — every write. */
export async function audit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(audit_log).values({
    cci_code: entry.cciCode,
    actor: entry.actor,
    action: entry.action,
    entity: entry.entity,
    entity_id: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
