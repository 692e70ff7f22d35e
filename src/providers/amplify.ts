/** Configures Amplify Auth from /config.json (DESIGN §3, §6). */
import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import type { RuntimeConfig } from '../config/runtimeConfig';
import { amplifyOAuthConfig, hostedLoginOf, noteHostedCallback } from '../auth/hostedLogin';
import { createLocalTokenRefresher } from './localTokenRefresher';

export const amplifyAuthConfig = (config: RuntimeConfig, origin = window.location.origin) => {
  const { cognito } = config;
  const hosted = hostedLoginOf(config);
  return {
    Auth: {
      Cognito: {
        userPoolId: cognito.userPoolId,
        userPoolClientId: cognito.userPoolClientId,
        ...(cognito.endpoint ? { userPoolEndpoint: cognito.endpoint } : {}),
        loginWith: { email: true, ...(hosted ? { oauth: amplifyOAuthConfig(hosted.domain, origin) } : {}) },
      },
    },
  };
};

export const configureAmplify = async (config: RuntimeConfig) => {
  const hosted = hostedLoginOf(config);
  if (hosted) {
    noteHostedCallback(window.location);
    // Completes a hosted-login round trip on this page load (swaps ?code for tokens). Loaded only
    // when the hosted login is configured, to keep it out of everyone else's first load.
    await import('aws-amplify/auth/enable-oauth-listener');
  }
  Amplify.configure(amplifyAuthConfig(config));
  if (config.cognito.endpoint) {
    cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher(
      createLocalTokenRefresher(config.cognito.endpoint, { hostedLoginDomain: hosted?.domain }),
    );
  }
};
