/**
 * Local Cognito user pool (DESIGN.md §3, §6): runs `cognito-local` as a child process and
 * provisions the `kaigi` user pool, the `kaigi-web` app client and seed users.
 *
 * Facts about cognito-local 5.3.0 this module relies on (checked against its source):
 * - Listen address: env `HOST` / `PORT` (defaults localhost:9229 — 9229 clashes with the Node
 *   inspector, never use it). The same values can be set in `.cognito/config.json` under
 *   `ServerConfig.{hostname,port}`; we set both.
 * - Data: `<cwd>/.cognito/config.json` (config, deep-merged over its defaults) and
 *   `<cwd>/.cognito/db/{clients,<userPoolId>}.json` (plain JSON, written on every change).
 * - Tokens: RS256 with a key that ships inside the npm package (public: never trust it in
 *   production), `kid` = "CognitoLocal", `iss` = `${TokenConfig.IssuerDomain}/${userPoolId}`.
 *   JWKS at `GET /<userPoolId>/.well-known/jwks.json` (any path segment returns the same key).
 *   Its `/.well-known/openid-configuration` hard-codes localhost:9229 — do not use it.
 * - `GET /health` answers `{"ok":true}`.
 * - CORS: `cors({ origin: "*" })` on every route, preflights included.
 * - Confirmation codes (ForgotPassword, AdminCreateUser welcome message) are printed to stdout in
 *   a box and stored on the user record (`ConfirmationCode`); env `CODE` fixes every code/temporary
 *   password to one value.
 * - Only USER_PASSWORD_AUTH and REFRESH_TOKEN(_AUTH) flows; no SRP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  UpdateUserPoolClientCommand,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';

export const COGNITO_LOCAL_REGION = 'ap-northeast-1';
export const COGNITO_POOL_NAME = 'kaigi';
export const COGNITO_CLIENT_NAME = 'kaigi-web';

/**
 * What a signed-in user may change about itself with the app client (UpdateUserAttributes with its
 * own access token). Never `custom:*`: custom:user_type and custom:company_id are written by the
 * API alone (AdminUpdateUserAttributes, in step with the users table), and the SPA routes on them.
 * Without WriteAttributes Cognito lets the client write every mutable attribute. The production
 * app client is set up the same way (README, Configuration).
 */
export const APP_CLIENT_WRITE_ATTRIBUTES = ['email', 'name'];
/** What the client reads, in ID tokens and GetUser: the standard ones used and the custom ones the SPA reads (spec §3). */
export const APP_CLIENT_READ_ATTRIBUTES = ['email', 'email_verified', 'name', 'custom:user_type', 'custom:company_id'];

/** The settings of the `kaigi-web` app client, on create and on update (UpdateUserPoolClient resets what it is not given). */
const APP_CLIENT_SETTINGS = {
  ClientName: COGNITO_CLIENT_NAME,
  ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH'],
  PreventUserExistenceErrors: 'ENABLED',
  ReadAttributes: APP_CLIENT_READ_ATTRIBUTES,
  WriteAttributes: APP_CLIENT_WRITE_ATTRIBUTES,
} as const satisfies Partial<ConstructorParameters<typeof CreateUserPoolClientCommand>[0]>;

export interface CognitoLocalHandle {
  /** Base URL of the emulator, e.g. `http://127.0.0.1:9329` (SDK `endpoint`, Amplify `userPoolEndpoint`). */
  endpoint: string;
  /** Token issuer prefix; a pool's issuer is `${issuerBase}/${userPoolId}`. */
  issuerBase: string;
  /** Process id of the emulator (for diagnostics). */
  pid: number;
  stop(): Promise<void>;
}

export interface StartCognitoLocalOptions {
  /** Working directory of the emulator; its data lives in `<dataDir>/.cognito`. */
  dataDir: string;
  /** Listen address, default 127.0.0.1. */
  host?: string;
  port: number;
  /**
   * Receives the emulator's output, ANSI-stripped, one line per call. By default only warnings,
   * errors and confirmation-code boxes are forwarded (it is noisy otherwise).
   */
  log?: (line: string) => void;
  /** Forward every output line to `log` (default false). */
  verbose?: boolean;
  /** Sets env `CODE`: every confirmation code / generated temporary password becomes this value. */
  fixedCode?: string;
  /** Start-up timeout in ms (default 20000). */
  timeoutMs?: number;
}

const require = createRequire(import.meta.url);

function cognitoLocalBin(): string {
  const pkgJson = require.resolve('cognito-local/package.json');
  const pkg = require(pkgJson) as { bin: string | Record<string, string> };
  const bin = typeof pkg.bin === 'string' ? pkg.bin : Object.values(pkg.bin)[0];
  if (!bin) throw new Error('cognito-local: no bin entry in its package.json');
  return path.join(path.dirname(pkgJson), bin);
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;
const RECORD_HEADER = /^\[\d+\] (TRACE|DEBUG|INFO|WARN|ERROR|FATAL):/;

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(value, null, 2)}\n`);
  await rename(tmp, file);
}

/** Child processes still running; killed synchronously if this process exits. */
const liveChildren = new Set<ChildProcess>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of liveChildren) {
      try {
        child.kill('SIGKILL');
      } catch {
        /* already gone */
      }
    }
  });
}

/**
 * Spawns cognito-local (`node <its bin>` with cwd = dataDir) on host:port, with
 * TokenConfig.IssuerDomain = `http://<host>:<port>`, and resolves once it answers `/health`.
 *
 * The child is started with an IPC channel and exits by itself when that channel closes, so it
 * does not outlive this process even when this process is SIGKILLed; `process.on('exit')` kills it
 * too. stop() sends SIGTERM (SIGKILL after 3 s) and waits for its exit.
 */
export async function startCognitoLocal(opts: StartCognitoLocalOptions): Promise<CognitoLocalHandle> {
  const host = opts.host ?? '127.0.0.1';
  const { port } = opts;
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`cognito-local: bad port ${port}`);
  if (port === 9229) throw new Error('cognito-local: port 9229 is the Node inspector port; use another (default 9329)');
  const publicHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const hostForUrl = publicHost.includes(':') ? `[${publicHost}]` : publicHost;
  const endpoint = `http://${hostForUrl}:${port}`;
  const issuerBase = endpoint;
  const dataDir = path.resolve(opts.dataDir);
  const configFile = path.join(dataDir, '.cognito', 'config.json');

  // Merge our keys into an existing config so hand-made settings (e.g. TriggerFunctions) survive.
  const config = (await readJson<Record<string, unknown>>(configFile)) ?? {};
  config.TokenConfig = { ...(config.TokenConfig as object | undefined), IssuerDomain: issuerBase };
  config.ServerConfig = { ...(config.ServerConfig as object | undefined), hostname: host, port };
  await writeJsonAtomic(configFile, config);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: host,
    PORT: String(port),
    AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    NO_COLOR: '1',
  };
  // Never inherit loaders / --inspect flags (tsx, vitest, debuggers) into the emulator.
  delete env.NODE_OPTIONS;
  delete env.DEBUG;
  delete env.COGNITO_LOCAL_DEVMODE;
  if (opts.fixedCode !== undefined) env.CODE = opts.fixedCode;
  else delete env.CODE;

  const bin = cognitoLocalBin();
  const bootstrap =
    "process.on('disconnect',()=>process.exit(0));" +
    "process.on('SIGTERM',()=>process.exit(0));" +
    `require(${JSON.stringify(bin)});`;
  const child = spawn(process.execPath, ['-e', bootstrap], {
    cwd: dataDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  installExitHook();
  liveChildren.add(child);

  const log = opts.log;
  const recent: string[] = [];
  let listening = false;
  let onListening: (() => void) | undefined;

  // pino-pretty prints one record per "[<epoch ms>] LEVEL: ..." header line, followed by indented
  // continuation lines (error objects, boxed confirmation codes). Records are grouped, then:
  // verbose → everything; confirmation-code boxes → as is; expected Cognito errors ("Error handling
  // target", WARN) → one condensed line; other WARN/ERROR/FATAL records and stderr → as is.
  const emitRecord = (rec: string[], level: string, isStderr: boolean) => {
    if (!log || rec.length === 0) return;
    const head = rec[0]!;
    if (opts.verbose || isStderr || rec.some((l) => l.includes('Confirmation Code Delivery'))) {
      for (const l of rec) log(`[cognito-local] ${l}`);
      return;
    }
    const target = /Error handling target: (\w+)/.exec(head)?.[1];
    if (level === 'WARN' && target) {
      const field = (name: string) =>
        rec.map((l) => new RegExp(`^\\s*"${name}": "(.*)",?$`).exec(l)?.[1]).find((v) => v !== undefined);
      log(`[cognito-local] WARN ${target}: ${field('code') ?? '?'} ${field('message') ?? ''}`.trimEnd());
      return;
    }
    if (level === 'WARN' || level === 'ERROR' || level === 'FATAL') for (const l of rec) log(`[cognito-local] ${l}`);
  };

  const handleStream = (stream: NodeJS.ReadableStream, isStderr: boolean) => {
    let buf = '';
    let rec: string[] = [];
    let level = isStderr ? 'ERROR' : 'INFO';
    let idle: NodeJS.Timeout | undefined;
    const flush = () => {
      emitRecord(rec, level, isStderr);
      rec = [];
    };
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buf += chunk;
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).replace(ANSI, '').replace(/\r$/, '');
        buf = buf.slice(nl + 1);
        if (!line.trim()) continue;
        recent.push(line);
        if (recent.length > 50) recent.shift();
        const header = RECORD_HEADER.exec(line);
        if (header || isStderr) {
          flush();
          if (header) level = header[1]!;
        }
        rec.push(line);
        if (!listening && line.includes('Cognito Local running on')) {
          listening = true;
          onListening?.();
        }
      }
      if (idle) clearTimeout(idle);
      idle = setTimeout(flush, 30);
      idle.unref();
    });
    stream.on('end', () => {
      if (idle) clearTimeout(idle);
      if (buf.trim()) rec.push(buf.replace(ANSI, ''));
      buf = '';
      flush();
    });
  };
  handleStream(child.stdout!, false);
  handleStream(child.stderr!, true);

  let exited = false;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      liveChildren.delete(child);
      resolve();
    });
  });
  // An 'error' on spawn (e.g. ENOENT) is followed by no 'exit'; surface it through startup.
  let spawnError: Error | undefined;
  child.once('error', (err) => {
    spawnError = err;
    exited = true;
    liveChildren.delete(child);
  });

  const stop = async (): Promise<void> => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => {
      if (!exited) child.kill('SIGKILL');
    }, 3000);
    await exitPromise;
    clearTimeout(timer);
    if (child.connected) child.disconnect();
  };

  const timeoutMs = opts.timeoutMs ?? 20_000;
  const deadline = Date.now() + timeoutMs;
  try {
    // 1) our child bound the port (guards against answering /health of some other instance)
    await new Promise<void>((resolve, reject) => {
      if (listening) return resolve();
      const timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      onListening = () => {
        clearTimeout(timer);
        resolve();
      };
      void exitPromise.then(() => {
        clearTimeout(timer);
        reject(new Error(`exited with code ${child.exitCode ?? child.signalCode}`));
      });
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
    // 2) it answers HTTP
    for (;;) {
      try {
        const res = await fetch(`${endpoint}/health`, { signal: AbortSignal.timeout(1000) });
        if (res.ok) break;
      } catch {
        /* retry */
      }
      if (exited || Date.now() > deadline) throw new Error(exited ? 'exited' : 'health check timed out');
      await new Promise((r) => setTimeout(r, 50));
    }
  } catch (err) {
    await stop().catch(() => undefined);
    const reason = spawnError ?? err;
    throw new Error(
      `cognito-local failed to start on ${host}:${port} (dataDir ${dataDir}): ${(reason as Error).message}\n` +
        recent.slice(-15).join('\n'),
      // the spawn error, when there is one, is the real cause
      // eslint-disable-next-line preserve-caught-error
      { cause: reason },
    );
  }

  return { endpoint, issuerBase, pid: child.pid!, stop };
}

/** CognitoIdentityProviderClient for cognito-local (dummy credentials) or, without endpoint, AWS. */
export function cognitoAdminClient(endpoint?: string, region: string = COGNITO_LOCAL_REGION): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient(
    endpoint ? { endpoint, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 2 } : { region },
  );
}

export interface ProvisionUser {
  email: string;
  password: string;
  /** `custom:user_type`, e.g. CCI_ADMIN / CCI_CONFERENCE_USER / COMPANY_ADMIN. */
  userType: string;
  /** `custom:company_id` (stored as a string). */
  companyId?: number;
}

export interface ProvisionResult {
  region: string;
  userPoolId: string;
  clientId: string;
  /** `username` = Cognito Username (a UUID, equal to `sub`, because the pool signs in by e-mail). */
  users: Array<{ email: string; username: string }>;
}

interface ProvisionState {
  userPoolId: string;
  clientId: string;
}

function isAwsError(err: unknown, name: string): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: string }).name === name;
}

async function findPool(client: CognitoIdentityProviderClient, state: ProvisionState | undefined): Promise<string | undefined> {
  if (state?.userPoolId) {
    try {
      await client.send(new DescribeUserPoolCommand({ UserPoolId: state.userPoolId }));
      return state.userPoolId;
    } catch (err) {
      if (!isAwsError(err, 'ResourceNotFoundException')) throw err;
    }
  }
  // State file missing or stale: adopt an existing pool of the same name (cognito-local data kept).
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  return pools.UserPools?.find((p) => p.Name === COGNITO_POOL_NAME)?.Id;
}

async function findClient(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  state: ProvisionState | undefined,
): Promise<string | undefined> {
  if (state?.clientId && state.userPoolId === userPoolId) {
    try {
      await client.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: state.clientId }));
      return state.clientId;
    } catch (err) {
      if (!isAwsError(err, 'ResourceNotFoundException')) throw err;
    }
  }
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  return clients.UserPoolClients?.find((c) => c.ClientName === COGNITO_CLIENT_NAME)?.ClientId;
}

/** A client provisioned before its write attributes were restricted (`.data/cognito` kept) gets them now. */
async function upgradeClient(client: CognitoIdentityProviderClient, userPoolId: string, clientId: string): Promise<void> {
  const described = await client.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId }));
  const writable = described.UserPoolClient?.WriteAttributes ?? [];
  if ([...writable].sort().join() === [...APP_CLIENT_WRITE_ATTRIBUTES].sort().join()) return;
  await client.send(new UpdateUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId, ...APP_CLIENT_SETTINGS }));
}

/**
 * Idempotently provisions the local user pool `kaigi` (sign-in by e-mail: UsernameAttributes
 * ['email'], so Cognito Usernames are UUIDs = sub, exactly like a production pool configured the
 * same way), the public app client `kaigi-web` (which cannot write custom:*) and the given users (e-mail verified, custom
 * attributes, permanent password). Ids are kept in `stateFile`; users that already exist are left
 * untouched (their password may have been changed on purpose).
 */
export async function provisionCognito(opts: {
  endpoint: string;
  stateFile: string;
  users: ProvisionUser[];
  region?: string;
}): Promise<ProvisionResult> {
  const region = opts.region ?? COGNITO_LOCAL_REGION;
  const client = cognitoAdminClient(opts.endpoint, region);
  try {
    const state = await readJson<ProvisionState>(opts.stateFile);

    let userPoolId = await findPool(client, state);
    if (!userPoolId) {
      const created = await client.send(
        new CreateUserPoolCommand({
          PoolName: COGNITO_POOL_NAME,
          UsernameAttributes: ['email'],
          UsernameConfiguration: { CaseSensitive: false },
          AutoVerifiedAttributes: ['email'],
          MfaConfiguration: 'OFF',
          Policies: {
            PasswordPolicy: {
              MinimumLength: 8,
              RequireLowercase: false,
              RequireUppercase: false,
              RequireNumbers: false,
              RequireSymbols: false,
              TemporaryPasswordValidityDays: 7,
            },
          },
          AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
          AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
          Schema: [
            { Name: 'user_type', AttributeDataType: 'String', Mutable: true, Required: false },
            { Name: 'company_id', AttributeDataType: 'String', Mutable: true, Required: false },
          ],
        }),
      );
      userPoolId = created.UserPool?.Id;
      if (!userPoolId) throw new Error('CreateUserPool returned no pool id');
    }

    let clientId = await findClient(client, userPoolId, state);
    if (!clientId) {
      const created = await client.send(
        new CreateUserPoolClientCommand({ UserPoolId: userPoolId, GenerateSecret: false, ...APP_CLIENT_SETTINGS }),
      );
      clientId = created.UserPoolClient?.ClientId;
      if (!clientId) throw new Error('CreateUserPoolClient returned no client id');
    } else {
      await upgradeClient(client, userPoolId, clientId);
    }

    if (state?.userPoolId !== userPoolId || state?.clientId !== clientId) {
      await writeJsonAtomic(opts.stateFile, { userPoolId, clientId } satisfies ProvisionState);
    }

    const users: Array<{ email: string; username: string }> = [];
    for (const u of opts.users) {
      const email = u.email.trim().toLowerCase();
      let username: string | undefined;
      try {
        username = (await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }))).Username;
      } catch (err) {
        if (!isAwsError(err, 'UserNotFoundException')) throw err;
      }
      if (!username) {
        const attrs: AttributeType[] = [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'custom:user_type', Value: u.userType },
        ];
        if (u.companyId !== undefined) attrs.push({ Name: 'custom:company_id', Value: String(u.companyId) });
        const created = await client.send(
          new AdminCreateUserCommand({
            UserPoolId: userPoolId,
            Username: email,
            UserAttributes: attrs,
            MessageAction: 'SUPPRESS',
          }),
        );
        username = created.User?.Username;
        await client.send(
          new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: u.password, Permanent: true }),
        );
        if (!username) {
          username = (await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }))).Username;
        }
      }
      if (!username) throw new Error(`could not resolve Cognito username of ${email}`);
      users.push({ email, username });
    }

    return { region, userPoolId, clientId, users };
  } finally {
    client.destroy();
  }
}

/**
 * Reads the pending confirmation code (ForgotPassword) of a user straight from cognito-local's
 * data file `<dataDir>/.cognito/db/<userPoolId>.json`. Local/dev/test use only.
 */
export async function readLocalConfirmationCode(dataDir: string, userPoolId: string, email: string): Promise<string | undefined> {
  const db = await readJson<{ Users?: Record<string, { Attributes?: AttributeType[]; ConfirmationCode?: string }> }>(
    path.join(path.resolve(dataDir), '.cognito', 'db', `${userPoolId}.json`),
  );
  const wanted = email.trim().toLowerCase();
  for (const user of Object.values(db?.Users ?? {})) {
    if (user.Attributes?.some((a) => a.Name === 'email' && a.Value?.toLowerCase() === wanted)) return user.ConfirmationCode;
  }
  return undefined;
}
