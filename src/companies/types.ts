/**
 * Record shapes of 事業所, from the document's components (src/api/schema.d.ts,
 * decision 0036), and the request bodies the forms send.
 */
import type { Company as ServerCompany, CompanyCreate, CompanyUpdate } from '../api/schema';

export type Company = ServerCompany;
export type { CompanyCreate, CompanyUpdate };

/** The attributes the chamber edits (server CompanyEditableAttributes; the update refuses others). */
export const EDITABLE_ATTRIBUTES = ['name1', 'name_kana', 'email', 'representative', 'postal_code', 'address', 'phone'] as const;

type FormValues = {
  company_code?: unknown;
  joined_on?: unknown;
  version?: unknown;
  attributes?: Record<string, unknown> | null;
};

/** 入会日: an emptied date input is sent as null (the API clears it). */
const joinedOn = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** Only the editable attributes, and none that is null (only e-mail may be null on the server). */
const editableAttributes = (attributes: Record<string, unknown> | null | undefined) => {
  const out: Record<string, unknown> = {};
  for (const key of EDITABLE_ATTRIBUTES) {
    const value = attributes?.[key];
    if (value === undefined) continue;
    if (value === null) {
      if (key === 'email') out[key] = null;
      continue;
    }
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out as CompanyCreate['attributes'];
};

/** POST body: { company_code, joined_on, attributes }. */
export const toCreateBody = (values: FormValues): CompanyCreate => ({
  company_code: String(values.company_code ?? '').trim(),
  joined_on: joinedOn(values.joined_on),
  attributes: editableAttributes(values.attributes),
});

/** PUT body: { version, company_code, joined_on, attributes } (admin_changed_info_flag is the server's). */
export const toUpdateBody = (values: FormValues): CompanyUpdate => ({
  version: Number(values.version),
  company_code: String(values.company_code ?? '').trim(),
  joined_on: joinedOn(values.joined_on),
  attributes: editableAttributes(values.attributes),
});

export const companyName = (record: Partial<Company> | undefined | null): string =>
  record?.attributes?.name1 || record?.company_code || '';
