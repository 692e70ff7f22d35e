/**
 * Bulk-load helpers: take the keys and indexes off a set of tables before a COPY and put them
 * back afterwards, exactly as the migrations defined them (definitions read from the catalog).
 *
 * Loading into bare heaps and building each index once, sorted, is several times faster than
 * maintaining a dozen btree and GIN indexes row by row; foreign keys re-added with ALTER TABLE are
 * checked by one join per key instead of one trigger call per row. Run inside a transaction:
 * if anything fails, the rollback restores the original definitions.
 */
import type pg from 'pg';

interface ConstraintDef {
  table: string;
  name: string;
  def: string;
}
interface IndexDef {
  table: string;
  name: string;
  def: string;
}

export interface StrippedSchema {
  foreignKeys: ConstraintDef[];
  keys: ConstraintDef[];
  indexes: IndexDef[];
}

/**
 * Drops (in this order) every foreign key that starts or ends at one of `tables`, the other
 * indexes of `tables`, and their primary-key/unique constraints. Returns what was dropped.
 */
export async function stripKeysAndIndexes(client: pg.ClientBase, tables: readonly string[]): Promise<StrippedSchema> {
  const regclasses = tables.map((t) => `public.${t}`);
  const { rows: foreignKeys } = await client.query<ConstraintDef>(
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def
       from pg_constraint
      where contype = 'f' and (conrelid = any($1::regclass[]) or confrelid = any($1::regclass[]))
      order by conrelid::regclass::text, conname`,
    [regclasses],
  );
  const { rows: keys } = await client.query<ConstraintDef>(
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def
       from pg_constraint
      where contype in ('p', 'u') and conrelid = any($1::regclass[])
      order by conrelid::regclass::text, contype, conname`,
    [regclasses],
  );
  const { rows: indexes } = await client.query<IndexDef>(
    `select i.indrelid::regclass::text as table, c.relname as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = any($1::regclass[])
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.contype in ('p', 'u', 'x'))
      order by i.indrelid::regclass::text, c.relname`,
    [regclasses],
  );
  for (const fk of foreignKeys) await client.query(`alter table ${fk.table} drop constraint ${quoteIdent(fk.name)}`);
  for (const ix of indexes) await client.query(`drop index ${quoteIdent(ix.name)}`);
  for (const k of keys) await client.query(`alter table ${k.table} drop constraint ${quoteIdent(k.name)}`);
  return { foreignKeys, keys, indexes };
}

/**
 * Re-creates what stripKeysAndIndexes dropped: keys and indexes of each table, then the foreign
 * keys (validated). `onStep` receives each statement's label and duration.
 */
export async function restoreKeysAndIndexes(
  client: pg.ClientBase,
  stripped: StrippedSchema,
  onStep: (label: string, ms: number) => void,
): Promise<void> {
  const timed = async (label: string, sql: string) => {
    const t0 = performance.now();
    await client.query(sql);
    onStep(label, performance.now() - t0);
  };
  for (const k of stripped.keys) {
    await timed(k.name, `alter table ${k.table} add constraint ${quoteIdent(k.name)} ${k.def}`);
  }
  for (const ix of stripped.indexes) await timed(ix.name, ix.def);
  for (const fk of stripped.foreignKeys) {
    await timed(fk.name, `alter table ${fk.table} add constraint ${quoteIdent(fk.name)} ${fk.def}`);
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
