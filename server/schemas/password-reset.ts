import { Type } from 'typebox';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_PATTERN } from '../services/cognito-users.ts';

// E-mail and code are normalised (NFKC, trim; e-mail lower-cased) in preValidation, so the
// schema checks what Cognito will see: full-width input from Japanese IMEs is accepted.
const Email = Type.String({ minLength: 3, maxLength: EMAIL_MAX_LENGTH, format: 'email' });

/** POST /v1/company/common/users/forget_password */
export const ForgetPasswordSchema = Type.Object({ email: Email }, { additionalProperties: false });

/** POST /v1/company/common/users/reset_password */
export const ResetPasswordSchema = Type.Object(
  {
    email: Email,
    code: Type.String({ minLength: 1, maxLength: 64, pattern: '^\\S+$' }),
    password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, pattern: PASSWORD_PATTERN }),
  },
  { additionalProperties: false },
);

/** What either answers: a sentence for the user. */
export const PasswordResetMessageSchema = Type.Object({ message: Type.String() });
