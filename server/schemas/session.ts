import { Type, type Static } from 'typebox';

export const ROLES = ['CCI_ADMIN', 'CCI_CONFERENCE_USER', 'COMPANY_ADMIN'] as const;
export const RoleSchema = Type.Union([
  Type.Literal('CCI_ADMIN'),
  Type.Literal('CCI_CONFERENCE_USER'),
  Type.Literal('COMPANY_ADMIN'),
]);
export type Role = (typeof ROLES)[number];

export interface SessionUser {
  username: string;
  cciCode: string;
  userType: Role;
  companyId: number | null;
  email: string | null;
  displayName: string | null;
  enabled: boolean;
}

/** spec §7: GET /v1/cci/user_info → cci_code, username, user_type (plus display fields). */
export const CciUserInfoSchema = Type.Object({
  cci_code: Type.String(),
  username: Type.String(),
  user_type: RoleSchema,
  display_name: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
});
export type CciUserInfo = Static<typeof CciUserInfoSchema>;

export const CompanyUserInfoSchema = Type.Object({
  ...CciUserInfoSchema.properties,
  company_id: Type.Integer(),
});
export type CompanyUserInfo = Static<typeof CompanyUserInfoSchema>;

/** GET /v1/cci/user_info: the chamber a staff member of several chambers is working in. */
export const CciUserInfoQuerySchema = Type.Object(
  { cci_code: Type.Optional(Type.String({ maxLength: 20 })) },
  { additionalProperties: false },
);
