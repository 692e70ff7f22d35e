import { audit_log } from '../db/schema.ts';
import type { AuditEntry, Executor } from './audit.ts';

/** audit() for many rows at once (bulk invites, removals and answers): one INSERT, same transaction. */
export async function auditAll(tx: Executor, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(audit_log).values(
    entries.map((entry) => ({
      cci_code: entry.cciCode,
      actor: entry.actor,
      action: entry.action,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
}
