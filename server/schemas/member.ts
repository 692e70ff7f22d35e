import { Type, type Static, type TSchema } from 'typebox';
import { listOf, Nullable, RequiredText, RowId, Version } from './common.ts';
import { KanaText } from './typed-text.ts';

/**
 * A calendar day 'YYYY-MM-DD'. The pattern keeps years PostgreSQL's `date` accepts (format 'date'
 * alone lets '0000-01-01' through, which PostgreSQL refuses: a 500 instead of a 400).
 */
export const Day = Type.String({ format: 'date', pattern: '^[12][0-9]{3}-[0-9]{2}-[0-9]{2}$', maxLength: 10 });

/**
 * An optional input that may be cleared: null, or an emptied form field ('') which becomes null
 * before validation (lib/request-validation.ts: '' in a nullable body field is null).
 */
export const Clearable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([Type.Null(), schema]));

const Email = Type.String({ format: 'email', maxLength: 254 });
const PersonName = RequiredText(100);

/** `expand=company` (DESIGN.md §4: the member's company, for the list and the detail). */
export const MemberCompanySchema = Type.Object({ id: Type.Integer(), company_code: Type.String(), name1: Type.String() });

export const MemberSchema = Type.Object({
  id: Type.Integer(),
  cci_code: Type.String(),
  company_id: Type.Integer(),
  /** Taken from the company on every write, never typed by the client. */
  company_code: Type.String(),
  name: Type.String(),
  name_kana: Nullable(Type.String()),
  title: Nullable(Type.String()),
  email: Nullable(Type.String()),
  start_at: Nullable(Type.String({ format: 'date' })),
  end_at: Nullable(Type.String({ format: 'date' })),
  version: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  company: Type.Optional(MemberCompanySchema),
});
export type Member = Static<typeof MemberSchema>;
export type MemberCompany = Static<typeof MemberCompanySchema>;

const MemberEditable = {
  name_kana: Clearable(KanaText(100)),
  title: Clearable(Type.String({ maxLength: 100 })),
  email: Clearable(Email),
  start_at: Clearable(Day),
  end_at: Clearable(Day),
};

export const MemberCreateSchema = Type.Object(
  { company_id: RowId, name: PersonName, ...MemberEditable },
  { additionalProperties: false },
);
export type MemberCreate = Static<typeof MemberCreateSchema>;

/** Partial update: absent fields keep their value, null clears an optional one. */
export const MemberUpdateSchema = Type.Object(
  { version: Version, company_id: Type.Optional(RowId), name: Type.Optional(PersonName), ...MemberEditable },
  { additionalProperties: false },
);
export type MemberUpdate = Static<typeof MemberUpdateSchema>;

export const MemberExpand = Type.Literal('company');
export const MemberShowQuery = Type.Object({ expand: Type.Optional(MemberExpand) }, { additionalProperties: false });

/** POST /members/{id}/user → the company's new COMPANY_ADMIN login. */
export const MemberUserSchema = Type.Object({
  username: Type.String(),
  email: Type.String(),
  user_type: Type.Literal('COMPANY_ADMIN'),
  company_id: Type.Integer(),
  /** Only in local mode (cognito-local sends no e-mail); in production it travels in Cognito's invitation. */
  temporary_password: Type.Optional(Type.String()),
});
export type MemberUser = Static<typeof MemberUserSchema>;

/** The list as answered: `fields` may leave any field out, `expand=chamber` adds the chamber (spec §3). */
export const MemberListSchema = listOf(Type.Partial(MemberSchema));
