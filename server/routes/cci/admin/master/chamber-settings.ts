import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../../../plugins/app/auth.ts';
import { ChamberSettingsSchema, ChamberSettingsUpdateSchema } from '../../../../schemas/chamber-settings.ts';
import { problemResponses } from '../../../../schemas/common.ts';

const tags = ['cci: chamber settings'];
const PATH = '/v1/cci/admin/master/chamber_settings';

/**
 * GET and PUT /v1/cci/admin/master/chamber_settings (issue 33; beyond the spec's paths,
 * docs/decisions/0030-chamber-mail-sender.md): the caller's own chamber as the sender of its mail.
 * CCI_ADMIN only (the permission table's `chamber_settings`).
 */
const chamberSettings: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    PATH,
    {
      config: { access: { resource: 'chamber_settings', action: 'show' } },
      schema: { tags, response: { 200: ChamberSettingsSchema, ...problemResponses(401, 403, 404) } },
    },
    async (request) => app.chamberSettings.find(currentUser(request).cciCode),
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
      return app.chamberSettings.update(user.cciCode, user.username, request.body);
    },
  );
};
export default chamberSettings;
