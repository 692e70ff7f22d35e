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
  /** the import job that made the change (DESIGN.md §11.4) */
  importJobId?: number;
}

const rowOf = (entry: AuditEntry) => ({
  cci_code: entry.cciCode,
  actor: entry.actor,
  action: entry.action,
  entity: entry.entity,
  entity_id: String(entry.entityId),
  before: entry.before ?? null,
  after: entry.after ?? null,
  import_job_id: entry.importJobId ?? null,
});

/** DESIGN.md §4: who changed what, before/after, when — every write. */
export async function audit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(audit_log).values(rowOf(entry));
}

/** Many entries in one statement (an import's batch of rows). */
export async function auditMany(tx: Executor, entries: AuditEntry[]): Promise<void> {
  if (entries.length > 0) await tx.insert(audit_log).values(entries.map(rowOf));
}
