import { Type, type Static } from 'typebox';
import { listOf } from './common.ts';

/** `{cci_code}` path parameter: the tenant; the auth preHandler refuses another chamber (DESIGN.md §6). */
export const CciCodeParam = Type.String({ minLength: 1, maxLength: 20 });

/** `{master_type_code}`, e.g. cci_position_type (spec §3) — an identifier, case as stored. */
export const MasterTypeParams = Type.Object(
  { cci_code: CciCodeParam, master_type_code: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z][A-Za-z0-9_]*$' }) },
  { additionalProperties: false },
);

/** A master data row (DESIGN.md §4): unique (cci_code, master_type_code, master_code). */
export const MasterDataRow = Type.Object({
  id: Type.Integer(),
  cci_code: Type.String(),
  master_type_code: Type.String(),
  master_code: Type.String(),
  name: Type.String(),
  sort_order: Type.Integer(),
  attributes: Type.Object({}, { additionalProperties: true }),
  version: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type MasterData = Static<typeof MasterDataRow>;

/** The list as answered: `fields` may leave any field out, `expand=chamber` adds the chamber (spec §3). */
export const MasterDataListSchema = listOf(Type.Partial(MasterDataRow));
