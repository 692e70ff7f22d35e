/**
 * Amplify's sign-in calls (with the SRP maths) are loaded only when someone signs in, to keep the
 * first-load bundle small (DESIGN §9). authProvider and auth/hostedLogin.ts import it dynamically.
 */
export { confirmSignIn, signIn, signInWithRedirect } from 'aws-amplify/auth';
