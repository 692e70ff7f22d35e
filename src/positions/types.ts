/**
 * Record shapes of 役職, from the document's components (src/api/schema.d.ts),
 * and the request bodies the forms send.
 */
import type {
  Position as ServerPosition,
  PositionChange,
  PositionChangeResult,
  PositionCreate,
  PositionUpdate,
} from '../api/schema';

export type Position = ServerPosition;
export type { PositionChange, PositionChangeResult, PositionCreate, PositionUpdate };

/** spec §3 position types, in the master data's usual order. */
export const POSITION_TYPES = [
  'CCI_OFFICER',
  'CCI_SECTION',
  'CCI_BRANCH',
  'CCI_COMMITTEE',
  'CCI_WOMEN_ASSOCIATION',
  'CCI_YOUTH_DIVISION',
] as const;
export type PositionType = (typeof POSITION_TYPES)[number];

/** Master type of the position types' Japanese names (spec §3). */
export const POSITION_TYPE_MASTER = 'cci_position_type';

type FormValues = Record<string, unknown>;

const CLEARABLE = ['department_name', 'position_name', 'start_at', 'end_at'] as const;

const clearable = (values: FormValues) => {
  const out: Record<string, string | null> = {};
  for (const key of CLEARABLE) {
    const value = values[key];
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value.trim() : value;
    out[key] = text === '' || text === null ? null : String(text);
  }
  return out;
};

const rankOf = (value: unknown): { rank?: number } =>
  value === undefined || value === null || value === '' ? {} : { rank: Number(value) };

/** POST body. */
export const toCreateBody = (values: FormValues): PositionCreate => ({
  member_id: Number(values.member_id),
  position_type: values.position_type as PositionType,
  ...clearable(values),
  ...rankOf(values.rank),
});

/** PUT body (the member's name and company are read-only joins). */
export const toUpdateBody = (values: FormValues): PositionUpdate => ({
  version: Number(values.version),
  member_id: Number(values.member_id),
  position_type: values.position_type as PositionType,
  ...clearable(values),
  ...rankOf(values.rank),
});

/** 会頭 — 山田 太郎 */
export const positionLabel = (record: Partial<Position> | undefined | null): string =>
  [record?.department_name, record?.position_name, record?.member_name].filter(Boolean).join(' ');
