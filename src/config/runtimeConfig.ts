/**
 * Run-time configuration served by the API at GET /config.json (DESIGN §3). Loaded once before
 * the app renders. No secrets in it.
 */
export type AuthFlowType = 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';

export interface RuntimeConfig {
  apiBaseUrl: string;
  cognito: {
    region: string;
    userPoolId: string;
    userPoolClientId: string;
    /** cognito-local endpoint; present only in local mode. */
    endpoint?: string | null;
    authFlowType: AuthFlowType;
    /** Cognito domain of the hosted login (host[:port]); null → e-mail + password only. */
    hostedLoginDomain: string | null;
    /** /login goes straight to the hosted login. */
    hostedLoginOnly?: boolean;
  };
  sentry: {
    dsn: string | null;
    environment: string;
  };
}

export const CONFIG_PATH = '/config.json';

let loaded: RuntimeConfig | null = null;

export const setRuntimeConfig = (config: RuntimeConfig | null) => {
  loaded = config;
};

export const getRuntimeConfig = (): RuntimeConfig | null => loaded;

/** The API origin prefix ('' = same origin as the SPA). */
export const apiBaseUrl = (): string => (loaded?.apiBaseUrl ?? '').replace(/\/+$/, '');

export const isLocalCognito = (config: RuntimeConfig | null = loaded): boolean => !!config?.cognito.endpoint;

const normalise = (raw: Partial<RuntimeConfig>): RuntimeConfig => {
  const cognito: Partial<RuntimeConfig['cognito']> = raw.cognito ?? {};
  if (!cognito.userPoolId || !cognito.userPoolClientId) {
    throw new Error('config.json: cognito.userPoolId and cognito.userPoolClientId are required');
  }
  return {
    apiBaseUrl: raw.apiBaseUrl ?? '',
    cognito: {
      region: cognito.region ?? 'ap-northeast-1',
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      endpoint: cognito.endpoint || null,
      authFlowType: cognito.authFlowType === 'USER_SRP_AUTH' ? 'USER_SRP_AUTH' : 'USER_PASSWORD_AUTH',
      hostedLoginDomain: cognito.hostedLoginDomain ?? null,
      hostedLoginOnly: !!cognito.hostedLoginDomain && cognito.hostedLoginOnly === true,
    },
    sentry: {
      dsn: raw.sentry?.dsn ?? null,
      environment: raw.sentry?.environment ?? 'production',
    },
  };
};

export const loadRuntimeConfig = async (fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> => {
  const response = await fetchImpl(CONFIG_PATH, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  const config = normalise((await response.json()) as Partial<RuntimeConfig>);
  setRuntimeConfig(config);
  return config;
};
