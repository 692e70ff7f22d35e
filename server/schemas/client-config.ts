import { Type, type Static } from 'typebox';
import { Nullable } from './common.ts';

/** GET /config.json: the SPA's run-time configuration (DESIGN.md §3). No secrets. */
export const ClientConfigSchema = Type.Object({
  apiBaseUrl: Type.String(),
  cognito: Type.Object({
    region: Type.String(),
    userPoolId: Type.String(),
    userPoolClientId: Type.String(),
    endpoint: Type.Optional(Type.String()),
    authFlowType: Type.Union([Type.Literal('USER_PASSWORD_AUTH'), Type.Literal('USER_SRP_AUTH')]),
    /** Cognito domain of the hosted login (host[:port]); null → e-mail + password only. */
    hostedLoginDomain: Nullable(Type.String()),
    /** /login goes straight to the hosted login (COGNITO_HOSTED_LOGIN_ONLY). */
    hostedLoginOnly: Type.Optional(Type.Boolean()),
  }),
  sentry: Type.Object({ dsn: Nullable(Type.String()), environment: Type.String() }),
});
export type ClientConfig = Static<typeof ClientConfigSchema>;
