import { Type, type Static } from 'typebox';
import { listOf, Nullable, RowId, Version } from './common.ts';
import { POSITION_TYPES } from '../db/schema.ts';
import { Clearable, Day } from './member.ts';

/** spec §3: the six position types (master type cci_position_type). */
export const PositionTypeSchema = Type.Enum(POSITION_TYPES);
/** `position_type__in=CCI_OFFICER,CCI_SECTION`: a comma list of known types only. */
export const PositionTypeList = Type.String({
  pattern: `^(${POSITION_TYPES.join('|')})(,(${POSITION_TYPES.join('|')}))*$`,
  maxLength: 200,
});

export const PositionSchema = Type.Object({
  id: Type.Integer(),
  cci_code: Type.String(),
  member_id: Type.Integer(),
  position_type: PositionTypeSchema,
  department_name: Nullable(Type.String()),
  position_name: Nullable(Type.String()),
  /** protocol order: smaller first (DESIGN.md §4) */
  rank: Type.Integer(),
  start_at: Nullable(Type.String({ format: 'date' })),
  end_at: Nullable(Type.String({ format: 'date' })),
  version: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  // Read-only, from the member and its company (spec §3: the list shows the company name).
  member_name: Type.String(),
  member_name_kana: Nullable(Type.String()),
  company_id: Type.Integer(),
  company_code: Type.String(),
  company_name: Nullable(Type.String()),
});
export type Position = Static<typeof PositionSchema>;

const Label = Clearable(Type.String({ maxLength: 100 }));
const PositionEditable = {
  department_name: Label,
  position_name: Label,
  rank: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  start_at: Clearable(Day),
  end_at: Clearable(Day),
};

export const PositionCreateSchema = Type.Object(
  { member_id: RowId, position_type: PositionTypeSchema, ...PositionEditable },
  { additionalProperties: false },
);
export type PositionCreate = Static<typeof PositionCreateSchema>;

/** Partial update: absent fields keep their value, null clears an optional one. */
export const PositionUpdateSchema = Type.Object(
  {
    version: Version,
    member_id: Type.Optional(RowId),
    position_type: Type.Optional(PositionTypeSchema),
    ...PositionEditable,
  },
  { additionalProperties: false },
);
export type PositionUpdate = Static<typeof PositionUpdateSchema>;

export const POSITION_CHANGE_ACTIONS = ['create', 'update', 'delete'] as const;
export type PositionChangeAction = (typeof POSITION_CHANGE_ACTIONS)[number];

/**
 * One item of PUT /positions/update_positions. One flat shape (not a union) so a validation
 * error names the item's field rather than every branch of a union; which fields each action
 * needs is checked by the repository (create: member_id, position_type; update: id, version;
 * delete: id, optional version).
 */
export const PositionChangeSchema = Type.Object(
  {
    action: Type.Enum(POSITION_CHANGE_ACTIONS),
    id: Type.Optional(RowId),
    version: Type.Optional(Version),
    member_id: Type.Optional(RowId),
    position_type: Type.Optional(PositionTypeSchema),
    ...PositionEditable,
  },
  { additionalProperties: false },
);
export type PositionChange = Static<typeof PositionChangeSchema>;

/** Up to 1000 changes per call (DESIGN.md §5's page_size cap: a full page of the list). */
export const MAX_POSITION_CHANGES = 1000;
export const PositionChangesSchema = Type.Object(
  { items: Type.Array(PositionChangeSchema, { minItems: 1, maxItems: MAX_POSITION_CHANGES }) },
  { additionalProperties: false },
);
export type PositionChanges = Static<typeof PositionChangesSchema>;

export const PositionChangeResultSchema = Type.Object({
  action: Type.Enum(POSITION_CHANGE_ACTIONS),
  id: Type.Integer(),
  /** The position after the change; null for a delete. */
  position: Nullable(PositionSchema),
});
export const PositionChangesResultSchema = Type.Object({ items: Type.Array(PositionChangeResultSchema) });
export type PositionChangeResult = Static<typeof PositionChangeResultSchema>;

/** The list as answered: `fields` may leave any field out, `expand=chamber` adds the chamber (spec §3). */
export const PositionListSchema = listOf(Type.Partial(PositionSchema));
