/**
 * The caller's own chamber as the sender of its mail (issue 33,
 * docs/decisions/0030-chamber-mail-sender.md): read, and a versioned update with its audit row.
 */
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { chamber } from '../db/schema.ts';
import { audit } from '../lib/audit.ts';
import { versionConflict } from '../lib/db-errors.ts';
import { notFound } from '../lib/problem.ts';
import type { ChamberSettings, ChamberSettingsUpdate } from '../schemas/chamber-settings.ts';

const toSettings = (row: typeof chamber.$inferSelect): ChamberSettings => ({
  cci_code: row.cci_code,
  name: row.name,
  mail_sender_name: row.mail_sender_name,
  mail_reply_to: row.mail_reply_to,
  mail_contact: row.mail_contact,
  version: row.version,
  updated_at: row.updated_at.toISOString(),
});

export interface ChamberSettingsRepository {
  /** 404 for a chamber that does not exist. */
  find(cciCode: string): Promise<ChamberSettings>;
  /** Versioned update by `actor` (409 on another version). */
  update(cciCode: string, actor: string, input: ChamberSettingsUpdate): Promise<ChamberSettings>;
}

declare module 'fastify' {
  interface FastifyInstance {
    chamberSettings: ChamberSettingsRepository;
  }
}

export default fp(
  async (app) => {
    const db = app.db;
    const repository: ChamberSettingsRepository = {
      async find(cciCode) {
        const [row] = await db.select().from(chamber).where(eq(chamber.cci_code, cciCode));
        if (!row) throw notFound();
        return toSettings(row);
      },
      update(cciCode, actor, { version, ...input }) {
        return db.transaction(async (tx) => {
          const [current] = await tx.select().from(chamber).where(eq(chamber.cci_code, cciCode)).for('update');
          if (!current) throw notFound();
          if (current.version !== version) throw versionConflict(current.version);
          const [row] = await tx
            .update(chamber)
            .set({ ...input, version: current.version + 1, updated_at: new Date(), updated_by: actor })
            .where(eq(chamber.cci_code, cciCode))
            .returning();
          const after = toSettings(row);
          const entry = { cciCode, actor, action: 'update', entity: 'chamber', entityId: cciCode };
          await audit(tx, { ...entry, before: toSettings(current), after });
          return after;
        });
      },
    };
    app.decorate('chamberSettings', repository);
  },
  { name: 'chamber-settings-repository', dependencies: ['database'] },
);
