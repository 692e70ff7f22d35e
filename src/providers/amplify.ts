/** Configures Amplify Auth from /config.json (DESIGN §3, §6). */
import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import type { RuntimeConfig } from '../config/runtimeConfig';
import { createLocalTokenRefresher } from './localTokenRefresher';

export const amplifyAuthConfig = ({ cognito }: RuntimeConfig) => ({
  Auth: {
    Cognito: {
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      ...(cognito.endpoint ? { userPoolEndpoint: cognito.endpoint } : {}),
      loginWith: { email: true },
    },
  },
});

export const configureAmplify = (config: RuntimeConfig) => {
  Amplify.configure(amplifyAuthConfig(config));
  if (config.cognito.endpoint) {
    cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher(createLocalTokenRefresher(config.cognito.endpoint));
  }
};
