import { Type } from 'typebox';
import { RowId } from './common.ts';

/**
 * `{id}` path parameter (ids are integers, DESIGN.md §4). Written plainly: '1e1', '+1', ' 1' are a
 * 400 (lib/request-validation.ts, DESIGN.md §10).
 */
export const IdParams = Type.Object({ id: RowId }, { additionalProperties: false });

/** `{cci_code}` path parameter; the auth plugin refuses another chamber's code (DESIGN.md §6). */
export const ChamberParams = Type.Object(
  { cci_code: Type.String({ minLength: 1, maxLength: 20 }) },
  { additionalProperties: false },
);
