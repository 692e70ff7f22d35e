import fp from 'fastify-plugin';
import { normalizeBody } from '../../lib/normalize-body.ts';

/** Normalises typed codes, postal codes, phones and e-mails in every JSON body before validation. */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      if (request.body && typeof request.body === 'object') request.body = normalizeBody(request.body);
    });
  },
  { name: 'input-normalizer' },
);
