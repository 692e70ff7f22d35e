import { Type } from 'typebox';

/** `{id}` path parameter (ids are integers, DESIGN.md §4). */
export const IdParams = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
);
