/**
 * `expand=chamber` on every list (spec §3 expand, DESIGN.md §4: every business row carries the
 * cci_code of its chamber): each row gets `chamber: { cci_code, name, name_kana }`. A list never
 * crosses chambers (DESIGN.md §6), so it is the caller's chamber, read once per request and added
 * after the list's own work (and after `fields` picked its fields).
 */
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { chamber } from '../db/schema.ts';
import { CHAMBER_EXPAND, NAMES_KEYWORD, namesOf } from './name-list.ts';

interface ExpandSchema {
  properties?: { expand?: { [NAMES_KEYWORD]?: { names: string[] } } };
}

export default fp(
  async (app) => {
    app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
      const expandable = (request.routeOptions.schema?.querystring as ExpandSchema | undefined)?.properties?.expand?.[
        NAMES_KEYWORD
      ];
      const query = request.query as { expand?: unknown } | undefined;
      if (!expandable?.names.includes(CHAMBER_EXPAND) || !namesOf(query?.expand).includes(CHAMBER_EXPAND)) return payload;
      const data = (payload as { data?: unknown } | null)?.data;
      if (!Array.isArray(data) || !request.sessionUser) return payload;
      const [row] = await app.db
        .select({ cci_code: chamber.cci_code, name: chamber.name, name_kana: chamber.name_kana })
        .from(chamber)
        .where(eq(chamber.cci_code, request.sessionUser.cciCode));
      return { ...(payload as object), data: data.map((item: object) => ({ ...item, chamber: row })) };
    });
  },
  { name: 'list-chamber', dependencies: ['repositories'] },
);
