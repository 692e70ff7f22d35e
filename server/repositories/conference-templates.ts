import fp from 'fastify-plugin';
import { and, eq, sql } from 'drizzle-orm';
import { MASTER_TYPE_CONFERENCE_TEMPLATE, conference_template, master_data } from '../db/schema.ts';
import type { ConferenceTemplate, ConferenceTemplateCreate, ConferenceTemplateUpdate } from '../schemas/conference-template.ts';
import { listQuerySchema, planList, runList, type ListResult, type ListSpec } from '../lib/list-query.ts';
import { containsKeyword } from '../lib/masters-contains.ts';
import { audit, type Executor } from '../lib/audit.ts';
import { uniqueViolation, versionConflict } from '../lib/db-errors.ts';
import { Problem, notFound } from '../lib/problem.ts';

type TemplateRow = typeof conference_template.$inferSelect;

const code = conference_template.conference_template_code;

/**
 * The static CCI_CONFERENCE_TEMPLATE route wins over GET .../master/{master_type_code}, so this list
 * also honours that generic list's query (spec §7): master_code and master_code__startswith are
 * aliases of conference_template_code.
 */
export const CONFERENCE_TEMPLATE_LIST: ListSpec = {
  id: conference_template.id,
  sortable: {
    id: conference_template.id,
    conference_template_code: code,
    master_code: code,
    name: conference_template.name,
    updated_at: conference_template.updated_at,
  },
  defaultSort: ['conference_template_code'],
  filters: {
    conference_template_code: { column: code, type: 'folded_code', ops: ['eq', 'startswith', 'in'] },
    master_code: { column: code, type: 'folded_code', ops: ['eq', 'startswith'] },
  },
  // no search_text column: a chamber has a handful of templates, a substring match is enough
  keyword: (keyword) => containsKeyword([conference_template.name, code], keyword),
  fields: ['id', 'cci_code', 'conference_template_code', 'name', 'body', 'version', 'created_at', 'updated_at'],
};
export const ConferenceTemplateListQuery = listQuerySchema(CONFERENCE_TEMPLATE_LIST);

export function toConferenceTemplate(row: TemplateRow): ConferenceTemplate {
  return {
    id: row.id,
    cci_code: row.cci_code,
    conference_template_code: row.conference_template_code,
    name: row.name,
    body: row.default_body,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const duplicateCode = () =>
  new Problem(409, 'duplicate_template_code', 'このテンプレートコードは既に使われています。', [
    { field: 'body.conference_template_code', code: 'unique', message: '既に使われています' },
  ]);

/**
 * Keeps the template's master_data row (type CCI_CONFERENCE_TEMPLATE, master_code = template code)
 * as the demo seed stores it: name, attributes { conference_template_id, default_body }. A code
 * change renames the row in place (its sort_order stays); a missing row is created last in order.
 */
async function syncMasterRow(tx: Executor, template: TemplateRow, actor: string, previousCode: string): Promise<void> {
  const attributes = { conference_template_id: template.id, default_body: template.default_body };
  const changes = { name: template.name, attributes, updated_at: new Date(), updated_by: actor };
  const renamed = await tx
    .update(master_data)
    .set({ ...changes, master_code: template.conference_template_code, version: sql`${master_data.version} + 1` })
    .where(masterRowOf(template.cci_code, previousCode))
    .returning({ id: master_data.id });
  if (renamed.length > 0) return;
  await tx
    .insert(master_data)
    .values({
      cci_code: template.cci_code,
      master_type_code: MASTER_TYPE_CONFERENCE_TEMPLATE,
      master_code: template.conference_template_code,
      name: template.name,
      attributes,
      sort_order: sql`(select coalesce(max(${master_data.sort_order}), 0) + 1 from ${master_data}
        where ${master_data.cci_code} = ${template.cci_code} and ${master_data.master_type_code} = ${MASTER_TYPE_CONFERENCE_TEMPLATE})`,
      created_by: actor,
      updated_by: actor,
    })
    .onConflictDoUpdate({
      target: [master_data.cci_code, master_data.master_type_code, master_data.master_code],
      set: { ...changes, version: sql`${master_data.version} + 1` },
    });
}

const masterRowOf = (cciCode: string, templateCode: string) =>
  and(
    eq(master_data.cci_code, cciCode),
    eq(master_data.master_type_code, MASTER_TYPE_CONFERENCE_TEMPLATE),
    eq(master_data.master_code, templateCode),
  );

export interface ConferenceTemplatesRepository {
  list(cciCode: string, query: Record<string, unknown>): Promise<ListResult<Partial<ConferenceTemplate>>>;
  findById(cciCode: string, id: number): Promise<ConferenceTemplate | null>;
  create(cciCode: string, actor: string, input: ConferenceTemplateCreate): Promise<ConferenceTemplate>;
  update(cciCode: string, id: number, actor: string, input: ConferenceTemplateUpdate): Promise<ConferenceTemplate>;
  /** Conferences made from it keep their data (template_id on delete set null); `version` optional. */
  remove(cciCode: string, id: number, actor: string, version: number | undefined): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    conferenceTemplates: ConferenceTemplatesRepository;
  }
}

export default fp(
  async (app) => {
    const db = app.db;
    const ofChamber = (cciCode: string, id: number) =>
      and(eq(conference_template.cci_code, cciCode), eq(conference_template.id, id));

    /** Runs a write, turning a unique violation (template or its master row) into 409 duplicate_template_code. */
    async function writing<T>(work: () => Promise<T>): Promise<T> {
      try {
        return await work();
      } catch (err) {
        if (uniqueViolation(err) !== null) throw duplicateCode();
        throw err;
      }
    }

    const repository: ConferenceTemplatesRepository = {
      list(cciCode, query) {
        const base = [eq(conference_template.cci_code, cciCode)];
        return runList(db, conference_template, planList(CONFERENCE_TEMPLATE_LIST, query, base), toConferenceTemplate);
      },

      async findById(cciCode, id) {
        const [row] = await db.select().from(conference_template).where(ofChamber(cciCode, id)).limit(1);
        return row ? toConferenceTemplate(row) : null;
      },

      create(cciCode, actor, input) {
        return writing(() =>
          db.transaction(async (tx) => {
            const [row] = await tx
              .insert(conference_template)
              .values({
                cci_code: cciCode,
                conference_template_code: input.conference_template_code,
                name: input.name,
                default_body: input.body ?? {},
                created_by: actor,
                updated_by: actor,
              })
              .returning();
            await syncMasterRow(tx, row, actor, row.conference_template_code);
            const created = toConferenceTemplate(row);
            await audit(tx, {
              cciCode,
              actor,
              action: 'create',
              entity: 'conference_template',
              entityId: row.id,
              after: created,
            });
            return created;
          }),
        );
      },

      update(cciCode, id, actor, input) {
        return writing(() =>
          db.transaction(async (tx) => {
            const [current] = await tx.select().from(conference_template).where(ofChamber(cciCode, id)).for('update');
            if (!current) throw notFound();
            if (current.version !== input.version) throw versionConflict(current.version);
            const [row] = await tx
              .update(conference_template)
              .set({
                conference_template_code: input.conference_template_code ?? current.conference_template_code,
                name: input.name ?? current.name,
                default_body: input.body ?? current.default_body,
                version: current.version + 1,
                updated_at: new Date(),
                updated_by: actor,
              })
              .where(eq(conference_template.id, id))
              .returning();
            await syncMasterRow(tx, row, actor, current.conference_template_code);
            const updated = toConferenceTemplate(row);
            await audit(tx, {
              cciCode,
              actor,
              action: 'update',
              entity: 'conference_template',
              entityId: id,
              before: toConferenceTemplate(current),
              after: updated,
            });
            return updated;
          }),
        );
      },

      async remove(cciCode, id, actor, version) {
        await db.transaction(async (tx) => {
          const [current] = await tx.select().from(conference_template).where(ofChamber(cciCode, id)).for('update');
          if (!current) throw notFound();
          if (version !== undefined && current.version !== version) throw versionConflict(current.version);
          await tx.delete(conference_template).where(eq(conference_template.id, id));
          await tx.delete(master_data).where(masterRowOf(cciCode, current.conference_template_code));
          await audit(tx, {
            cciCode,
            actor,
            action: 'delete',
            entity: 'conference_template',
            entityId: id,
            before: toConferenceTemplate(current),
          });
        });
      },
    };
    app.decorate('conferenceTemplates', repository);
  },
  { name: 'conference-templates-repository', dependencies: ['database'] },
);
