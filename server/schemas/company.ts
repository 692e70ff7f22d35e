import { Type, type Static } from 'typebox';
import { Nullable } from './common.ts';

/** DESIGN.md §4: company.attributes; admin_changed_info_flag '1' = the chamber changed the data. */
export const CompanyAttributesSchema = Type.Object(
  {
    name1: Type.String({ maxLength: 200 }),
    name_kana: Type.Optional(Type.String({ maxLength: 200 })),
    email: Type.Optional(Nullable(Type.String({ maxLength: 254 }))),
    admin_changed_info_flag: Type.Union([Type.Literal('0'), Type.Literal('1')]),
    representative: Type.Optional(Type.String({ maxLength: 100 })),
    postal_code: Type.Optional(Type.String({ maxLength: 10 })),
    address: Type.Optional(Type.String({ maxLength: 300 })),
    phone: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: true },
);

export const CompanySchema = Type.Object({
  id: Type.Integer(),
  cci_code: Type.String(),
  company_code: Type.String(),
  version: Type.Integer(),
  attributes: CompanyAttributesSchema,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type Company = Static<typeof CompanySchema>;
