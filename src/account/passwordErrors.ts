/**
 * Amplify updatePassword (Cognito ChangePassword) failures → message keys. A wrong current
 * password is NotAuthorizedException in Cognito, InvalidPasswordException "Invalid password" in
 * cognito-local; a new password against the pool's policy is InvalidPasswordException "Password
 * did not conform with policy…" (or InvalidParameterException for a too-short one) in Cognito.
 */
const KEY = 'kaigi.account.change_password.errors';

export const changePasswordErrorKey = (error: unknown): string => {
  const { name = '', message = '' } = (error ?? {}) as { name?: string; message?: string };
  switch (name) {
    case 'NotAuthorizedException':
      return `${KEY}.wrong_current`;
    case 'InvalidPasswordException':
      return /conform|policy/i.test(message) ? `${KEY}.policy` : `${KEY}.wrong_current`;
    case 'InvalidParameterException':
      return `${KEY}.policy`;
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return `${KEY}.limit`;
    case 'NetworkError':
      return `${KEY}.network`;
    default:
      return `${KEY}.generic`;
  }
};

/** spec §9: min length 8; Cognito also refuses leading or trailing white space. */
export const PASSWORD_MIN_LENGTH = 8;
