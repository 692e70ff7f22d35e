import { Type, type Static } from 'typebox';
import { listOf, Nullable, RequiredText, Version } from './common.ts';
import { KanaText, Phone, PostalCode } from './typed-text.ts';
import { Clearable, Day } from './member.ts';

const Email = Type.String({ format: 'email', maxLength: 254 });

/** The attributes a user edits (DESIGN.md §4). */
export const CompanyEditableAttributes = {
  name1: RequiredText(200),
  name_kana: Type.Optional(KanaText(200)),
  email: Type.Optional(Nullable(Type.Union([Email, Type.Literal('')]))),
  representative: Type.Optional(Type.String({ maxLength: 100 })),
  postal_code: Type.Optional(Type.Union([PostalCode, Type.Literal('')])),
  address: Type.Optional(Type.String({ maxLength: 300 })),
  phone: Type.Optional(Type.Union([Phone, Type.Literal('')])),
};

/** admin_changed_info_flag '1' = the chamber changed the data; the company admin must confirm (spec §4). */
export const CompanyAttributesSchema = Type.Object(
  {
    ...CompanyEditableAttributes,
    name1: Type.String({ maxLength: 200 }),
    admin_changed_info_flag: Type.Union([Type.Literal('0'), Type.Literal('1')]),
  },
  { additionalProperties: true },
);

export const CompanySchema = Type.Object({
  id: Type.Integer(),
  cci_code: Type.String(),
  company_code: Type.String(),
  /** 入会日 (issue 33): the chamber's record, not the company's own profile */
  joined_on: Nullable(Type.String({ format: 'date' })),
  version: Type.Integer(),
  attributes: CompanyAttributesSchema,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type Company = Static<typeof CompanySchema>;

const CompanyCode = Type.String({ minLength: 1, maxLength: 20, pattern: '^[0-9A-Za-z_-]+$' });
const AttributesInput = Type.Object(CompanyEditableAttributes, { additionalProperties: false });

export const CompanyCreateSchema = Type.Object(
  { company_code: CompanyCode, joined_on: Clearable(Day), attributes: AttributesInput },
  { additionalProperties: false },
);
export type CompanyCreate = Static<typeof CompanyCreateSchema>;

export const CompanyUpdateSchema = Type.Object(
  { version: Version, company_code: Type.Optional(CompanyCode), joined_on: Clearable(Day), attributes: AttributesInput },
  { additionalProperties: false },
);
export type CompanyUpdate = Static<typeof CompanyUpdateSchema>;

/** A company admin edits its own profile, never its code. */
export const OwnCompanyUpdateSchema = Type.Object(
  { version: Version, attributes: AttributesInput },
  { additionalProperties: false },
);
export type OwnCompanyUpdate = Static<typeof OwnCompanyUpdateSchema>;

/** GET /v1/company/companies/{id}/chamber_changes (issue 18 item 6): see repositories/company-chamber-changes.ts. */
export const ChamberChangesSchema = Type.Object({
  changed_at: Nullable(Type.String({ format: 'date-time' })),
  first_registration: Type.Boolean(),
  fields: Type.Array(
    Type.Object({
      field: Type.String(),
      before: Nullable(Type.String()),
      after: Nullable(Type.String()),
    }),
  ),
});

/** The list as answered: `fields` may leave any field out, `expand=chamber` adds the chamber (spec §3). */
export const CompanyListSchema = listOf(Type.Partial(CompanySchema));
