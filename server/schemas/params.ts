import { Type } from 'typebox';
import { RowId } from './common.ts';

/**
 * `{id}` path parameter (ids are integers, DESIGN.md §4). Written plainly: '1e1', '+1', ' 1' are a
 * 400 (lib/request-validation.ts, DESIGN.md §10).
 */
export const IdParams = Type.Object({ id: RowId }, { additionalProperties: false });
