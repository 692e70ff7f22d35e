import fp from 'fastify-plugin';
import { normalizeBody } from '../../lib/normalize-body.ts';
import { Problem } from './problem.ts';

/** The path of the first string holding a NUL character, if any (PostgreSQL text cannot store it). */
function nulPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, v] of Object.entries(value)) {
    const found = nulPath(v, `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

/**
 * Before validation: refuses NUL characters in the query and body, and normalises typed codes,
 * postal codes, phones and e-mails in every JSON body (DESIGN.md §5).
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      // Refused up front (400 naming the field) rather than failing in SQL (500).
      const field = nulPath(request.query, 'querystring') ?? nulPath(request.params, 'params') ?? nulPath(request.body, 'body');
      if (field) {
        throw new Problem(400, 'invalid_character', '入力に使用できない文字が含まれています。', [
          { field, code: 'invalid_character', message: '使用できない文字（NUL）が含まれています' },
        ]);
      }
      if (request.body && typeof request.body === 'object') request.body = normalizeBody(request.body);
    });
  },
  { name: 'input-normalizer' },
);
