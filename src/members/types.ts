/**
 * Record shapes of 会員, from the document's components (src/api/schema.d.ts),
 * and the request bodies the forms send.
 */
import type { Member as ServerMember, MemberCreate, MemberUpdate, MemberUser } from '../api/schema';

export type Member = ServerMember;
export type { MemberCreate, MemberUpdate, MemberUser };

type FormValues = Record<string, unknown>;

/** Optional fields that may be cleared: an emptied input is sent as null (the API clears them). */
const CLEARABLE = ['name_kana', 'title', 'email', 'start_at', 'end_at'] as const;

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

/** POST body: { company_id, name, …optional }. */
export const toCreateBody = (values: FormValues): MemberCreate => ({
  company_id: Number(values.company_id),
  name: String(values.name ?? '').trim(),
  ...clearable(values),
});

/** PUT body: { version, company_id, name, …optional } (company_code and the expanded company are the server's). */
export const toUpdateBody = (values: FormValues): MemberUpdate => ({
  version: Number(values.version),
  company_id: Number(values.company_id),
  name: String(values.name ?? '').trim(),
  ...clearable(values),
});

export const memberName = (record: Partial<Member> | undefined | null): string => record?.name ?? '';
