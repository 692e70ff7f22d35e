import { Type, type Static } from 'typebox';
import { listOf, Nullable, RequiredText, Version } from './common.ts';
import { RoleSchema } from './session.ts';

/** A login of the chamber (DESIGN.md §4 "user"); the users table decides role and tenant. */
export const UserSchema = Type.Object({
  username: Type.String(),
  cci_code: Type.String(),
  user_type: RoleSchema,
  company_id: Nullable(Type.Integer()),
  email: Nullable(Type.String()),
  display_name: Nullable(Type.String()),
  enabled: Type.Boolean(),
  version: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type User = Static<typeof UserSchema>;

/**
 * Cognito usernames here are UUIDs (the pool signs in by e-mail). Fastify's router answers 414
 * for a path parameter over 100 characters before validation, so that is the effective limit.
 */
export const UsernameParams = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);

/**
 * Partial update with `version`. company_id is required (same chamber) for COMPANY_ADMIN and must
 * be null or absent for the chamber roles; those rules answer 422 `invalid_company`.
 */
export const UserUpdateSchema = Type.Object(
  {
    version: Version,
    user_type: Type.Optional(RoleSchema),
    company_id: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }))),
    enabled: Type.Optional(Type.Boolean()),
    display_name: Type.Optional(Nullable(RequiredText(100))),
  },
  { additionalProperties: false },
);
export type UserUpdate = Static<typeof UserUpdateSchema>;

/** The chamber's own roles: a staff account is never created as a company admin (DESIGN.md §6). */
export const StaffRoleSchema = Type.Union([Type.Literal('CCI_ADMIN'), Type.Literal('CCI_CONFERENCE_USER')]);

/** POST /v1/cci/admin/master/users (DESIGN.md §6 "Staff accounts"). */
export const StaffCreateSchema = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    display_name: RequiredText(100),
    user_type: StaffRoleSchema,
  },
  { additionalProperties: false },
);
export type StaffCreate = Static<typeof StaffCreateSchema>;

/** A temporary password, in the one answer that shows it (creation, reissue). */
export const TemporaryPassword = Type.String({ description: 'shown once; the user sets its own at the next sign-in' });

export const CreatedUserSchema = Type.Object({ ...UserSchema.properties, temporary_password: TemporaryPassword });

export const ReissuedPasswordSchema = Type.Object({ username: Type.String(), temporary_password: TemporaryPassword });

/** The list as answered: `fields` may leave any field out, `expand=chamber` adds the chamber (spec §3). */
export const UserListSchema = listOf(Type.Partial(UserSchema));
