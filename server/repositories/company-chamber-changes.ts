/**
 * What the chamber changed in a company's data since its admin last confirmed it (issue 18 item 6:
 * the confirm-account screen marks these). Read from the audit trail: the newest run of updates
 * made by the chamber (after.attributes.admin_changed_info_flag = '1'); the state before the run's
 * first entry is what the company last saw. A company the chamber created and nobody confirmed
 * yet has no earlier state: `first_registration`, nothing marked.
 */
import { and, desc, eq } from 'drizzle-orm';
import { audit_log } from '../db/schema.ts';
import type { Executor } from '../lib/audit.ts';

/** The attributes a company admin confirms (server/schemas/company.ts CompanyEditableAttributes). */
export const CONFIRMED_FIELDS = ['name1', 'name_kana', 'postal_code', 'address', 'phone', 'email', 'representative'] as const;
type Field = (typeof CONFIRMED_FIELDS)[number];

export interface ChamberChanges {
  changed_at: string | null;
  first_registration: boolean;
  fields: Array<{ field: Field; before: string | null; after: string | null }>;
}

type Snapshot = { attributes?: Record<string, unknown> } | null;
const valueOf = (snapshot: Snapshot, field: Field): string | null => {
  const value = snapshot?.attributes?.[field];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** The newest entries are enough: a run longer than this is shown from its newest part. */
const LOOK_BACK = 200;

export async function chamberChanges(db: Executor, cciCode: string, companyId: number): Promise<ChamberChanges> {
  const entries = await db
    .select({ action: audit_log.action, before: audit_log.before, after: audit_log.after, at: audit_log.at })
    .from(audit_log)
    .where(and(eq(audit_log.cci_code, cciCode), eq(audit_log.entity, 'company'), eq(audit_log.entity_id, String(companyId))))
    .orderBy(desc(audit_log.id))
    .limit(LOOK_BACK);
  const run = [];
  for (const entry of entries) {
    const after = entry.after as Snapshot;
    if (after?.attributes?.admin_changed_info_flag !== '1') break;
    run.push(entry);
  }
  if (run.length === 0) return { changed_at: null, first_registration: false, fields: [] };
  const oldest = run[run.length - 1];
  const seen = oldest.before as Snapshot;
  const now = run[0].after as Snapshot;
  if (oldest.action === 'create' || seen === null) {
    return { changed_at: run[0].at.toISOString(), first_registration: true, fields: [] };
  }
  const fields = CONFIRMED_FIELDS.filter((field) => valueOf(seen, field) !== valueOf(now, field)).map((field) => ({
    field,
    before: valueOf(seen, field),
    after: valueOf(now, field),
  }));
  return { changed_at: run[0].at.toISOString(), first_registration: false, fields };
}
