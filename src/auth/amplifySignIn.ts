/**
 * Amplify's sign-in calls (with the SRP maths) are loaded only when someone signs in, to keep the
 * first-load bundle small (DESIGN §9). authProvider imports this module dynamically.
 */
export { confirmSignIn, signIn } from 'aws-amplify/auth';
