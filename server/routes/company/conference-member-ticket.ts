import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../plugins/app/auth.ts';
import { notFound } from '../../lib/problem.ts';
import { problemResponses } from '../../schemas/common.ts';
import { IdParams } from '../../schemas/params.ts';
import { TicketSchema } from '../../schemas/reception.ts';

/**
 * DESIGN.md §11.3: the 受付票 of one of the company's invitees, a signed string the portal shows as
 * a QR code. Only its own company's rows of conferences it may see (others: 404, DESIGN.md §6); an
 * invitee not answered 出席 / 代理出席 has none (422 not_attending).
 */
const companyTicket: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/company/conference_members/:id/ticket',
    {
      config: { access: { resource: 'company/conference_members', action: 'show' } },
      schema: {
        tags: ['company: conference members'],
        params: IdParams,
        response: { 200: TicketSchema, ...problemResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (user.companyId === null) throw notFound();
      return app.reception.ticket(user.cciCode, user.companyId, request.params.id);
    },
  );
};
export default companyTicket;
