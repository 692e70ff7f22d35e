import { audit_log } from '../db/schema.ts';
import type pg from 'pg';
import type { Db } from '../db/client.ts';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** A transaction or the database: audit rows are written in the transaction of the change. */
export type Executor = Pick<Db, 'insert' | 'select' | 'update' | 'delete' | 'execute' | '_'>;

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
export async function auditMany(client: Queryable, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  // one statement with one array per column: a multi-row VALUES of 1 000 rows would send (and
  // make PostgreSQL parse) 8 000 parameters
  const rows = entries.map(rowOf);
  const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((r) => r[key]);
  const json = (key: 'before' | 'after') => rows.map((r) => (r[key] === null ? null : JSON.stringify(r[key])));
  await client.query(
    `insert into audit_log (cci_code, actor, action, entity, entity_id, before, after, import_job_id)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::jsonb[], $8::int[])`,
    [
      column('cci_code'),
      column('actor'),
      column('action'),
      column('entity'),
      column('entity_id'),
      json('before'),
      json('after'),
      column('import_job_id'),
    ],
  );
}
