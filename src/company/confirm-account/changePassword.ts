/**
 * Amplify's updatePassword (Cognito ChangePassword with the signed-in user's access token), loaded
 * only when the confirm-account step needs it. A module of its own so tests can replace it.
 */
export const changePassword = async (oldPassword: string, newPassword: string): Promise<void> => {
  const { updatePassword } = await import('aws-amplify/auth');
  await updatePassword({ oldPassword, newPassword });
};
