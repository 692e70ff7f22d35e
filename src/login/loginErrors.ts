/** Maps a sign-in failure (Cognito error names, our auth errors) to a Japanese message key. */
export const PASSWORD_MIN_LENGTH = 8; // spec §5, §9

/**
 * `step` is the form that failed: on the password step an InvalidPasswordException (what
 * cognito-local answers for a wrong password) means wrong credentials; on the new-password step it
 * means the new password breaks the policy.
 */
export const loginErrorKey = (error: unknown, step: 'password' | 'newPassword' = 'password'): string => {
  const name = (error as { name?: string } | null)?.name ?? '';
  // production Cognito refuses a disabled user with NotAuthorizedException "User is disabled."
  if (
    name === 'AccountDisabledError' ||
    (name === 'NotAuthorizedException' && /disabled/i.test(String((error as Error).message)))
  )
    return 'kaigi.login.errors.user_disabled';
  if (name === 'InvalidPasswordException' && step === 'password') {
    return 'kaigi.login.errors.invalid_credentials';
  }
  switch (name) {
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
    case 'EmptySignInUsername':
    case 'EmptySignInPassword':
      return 'kaigi.login.errors.invalid_credentials';
    case 'PasswordResetRequiredException':
      return 'kaigi.login.errors.password_reset_required';
    case 'UserNotConfirmedException':
      return 'kaigi.login.errors.user_not_confirmed';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return 'kaigi.login.errors.too_many_attempts';
    case 'InvalidPasswordException':
    case 'InvalidParameterException':
      return 'kaigi.login.errors.invalid_password';
    case 'SignInStepNotSupportedError':
      return 'kaigi.login.errors.unsupported_step';
    case 'UnknownRoleError':
      return 'kaigi.login.errors.unknown_role';
    case 'UserInfoLoadError':
      return 'kaigi.login.errors.user_info';
    case 'HostedLoginError':
      return 'kaigi.login.errors.hosted';
    case 'NetworkError':
      return 'kaigi.login.errors.network';
    default:
      return 'kaigi.login.errors.generic';
  }
};
