import { Type, type Static } from 'typebox';
import { Nullable, RequiredText, Version } from './common.ts';
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
