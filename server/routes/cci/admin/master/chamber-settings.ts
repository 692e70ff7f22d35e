import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { chamber } from '../../../../db/schema.ts';
import { audit } from '../../../../lib/audit.ts';
import { versionConflict } from '../../../../lib/db-errors.ts';
import { currentUser } from '../../../../plugins/app/auth.ts';
import { notFound } from '../../../../lib/problem.ts';
import {
  ChamberSettingsSchema,
  ChamberSettingsUpdateSchema,
  type ChamberSettings,
} from '../../../../schemas/chamber-settings.ts';
import { problemResponses } from '../../../../schemas/common.ts';

const tags = ['cci: chamber settings'];
const PATH = '/v1/cci/admin/master/chamber_settings';

const toSettings = (row: typeof chamber.$inferSelect): ChamberSettings => ({
  cci_code: row.cci_code,
  name: row.name,
  mail_sender_name: row.mail_sender_name,
  mail_reply_to: row.mail_reply_to,
  mail_contact: row.mail_contact,
  version: row.version,
  updated_at: row.updated_at.toISOString(),
});

/**
 * GET and PUT /v1/cci/admin/master/chamber_settings (issue 33; beyond the spec's paths,
 * docs/decisions/0030-chamber-mail-sender.md): the caller's own chamber as the sender of its mail.
 * CCI_ADMIN only (the permission table's `chamber_settings`).
 */
const chamberSettings: FastifyPluginAsyncTypebox = async (app) => {
  const read = async (cciCode: string) => {
    const [row] = await app.db.select().from(chamber).where(eq(chamber.cci_code, cciCode));
    if (!row) throw notFound();
    return row;
  };

  app.get(
    PATH,
    {
      config: { access: { resource: 'chamber_settings', action: 'show' } },
      schema: { tags, response: { 200: ChamberSettingsSchema, ...problemResponses(401, 403, 404) } },
    },
    async (request) => toSettings(await read(currentUser(request).cciCode)),
  );

  app.put(
    PATH,
    {
      config: { access: { resource: 'chamber_settings', action: 'edit' } },
      schema: {
        tags,
        body: ChamberSettingsUpdateSchema,
        response: { 200: ChamberSettingsSchema, ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { version, ...input } = request.body;
      return app.db.transaction(async (tx) => {
        const [current] = await tx.select().from(chamber).where(eq(chamber.cci_code, user.cciCode)).for('update');
        if (!current) throw notFound();
        if (current.version !== version) throw versionConflict(current.version);
        const [row] = await tx
          .update(chamber)
          .set({ ...input, version: current.version + 1, updated_at: new Date(), updated_by: user.username })
          .where(eq(chamber.cci_code, user.cciCode))
          .returning();
        const after = toSettings(row);
        const entry = {
          cciCode: user.cciCode,
          actor: user.username,
          action: 'update',
          entity: 'chamber',
          entityId: user.cciCode,
        };
        await audit(tx, { ...entry, before: toSettings(current), after });
        return after;
      });
    },
  );
};
export default chamberSettings;
