/**
 * Bearer-token authentication and per-route access guards (DESIGN.md §6).
 *
 * Each route declares `config.access`: `'public'` or `{ roles: [...] }`; a /v1 route without a
 * declaration refuses to register, so nothing is reachable by accident. The token proves who the
 * caller is; the users table, not the token, decides role, chamber and company.
 */
import fp from 'fastify-plugin';
import { createRemoteJWKSet, decodeJwt, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import type { FastifyRequest } from 'fastify';
import { Problem, forbidden, notFound, unauthorized } from '../../lib/problem.ts';
import type { Role, SessionUser } from '../../schemas/session.ts';
import { DOCS_PREFIX } from '../external/swagger.ts';
import { canAccess, type Action } from '../../../access/permissions.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

/**
 * 'public'; `{ roles }` for session endpoints; `{ resource, action }` for everything else, decided
 * by the permission matrix the SPA uses too (access/permissions.ts, DESIGN.md §6).
 */
export type RouteAccess = 'public' | { roles: readonly Role[] } | { resource: string; action: Action };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * A room's event stream (DESIGN.md §11.1): a browser's EventSource cannot send the bearer
     * header, so without one `?ticket=` (POST …/room/ticket) stands in for it, once.
     */
    streamTicket?: boolean;
  }
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

/** A token issuer and where its signing keys are. */
export interface TrustedIssuer {
  issuer: string;
  jwksUri: string;
}

export interface AuthOptions {
  issuer: string;
  clientId: string;
  jwksUri: string;
  /**
   * Issuers trusted besides the user pool's: only the e2e harness's stand-in for Cognito's hosted
   * UI (COGNITO_TEST_ISSUER, refused in production by server/config/env.ts; decision 0013). The
   * same audience / client id and token_use rules apply to their tokens.
   */
  extraIssuers?: TrustedIssuer[];
  /** The clock tokens are checked against (tests move it past a token's expiry). */
  currentDate?: () => Date;
  findUser(username: string): Promise<SessionUser | null>;
  /** The username a stream ticket was issued to for room `conferenceId`, spending it; null if none. */
  redeemStreamTicket?(ticket: string, conferenceId: number): Promise<string | null>;
}

/**
 * Verified tokens are remembered (DESIGN.md §9): an RS256 verification costs more CPU than a list
 * page's query. Only a token whose signature, issuer, audience and token_use passed is stored, and
 * its expiry is checked again on every use; a key withdrawn from the JWKS stays trusted for at most
 * TOKEN_CACHE_MS more (jose keeps fetched JWKS keys for minutes anyway).
 */
const TOKEN_CACHE_MS = 60_000;
const TOKEN_CACHE_MAX = 10_000;

export const ACCOUNT_DISABLED = 'このアカウントは利用停止中です。管理者にお問い合わせください。';

export const CHAMBER_ROLES = ['CCI_ADMIN', 'CCI_CONFERENCE_USER'] as const satisfies readonly Role[];
export const COMPANY_ROLES = ['COMPANY_ADMIN'] as const satisfies readonly Role[];

/** The user of a request that passed the guard of a non-public route. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}

/** RFC 7235 §2.1 / RFC 9110 §11.1: the auth scheme is case-insensitive (`bearer`, `BEARER`). */
function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(header ?? '');
  return match ? match[1] : null;
}

function usernameOf(payload: JWTPayload, clientId: string): string | null {
  if (payload.token_use === 'id') {
    const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!aud.includes(clientId)) return null;
    return typeof payload['cognito:username'] === 'string' ? payload['cognito:username'] : null;
  }
  if (payload.token_use === 'access') {
    if (payload.client_id !== clientId) return null;
    return typeof payload.username === 'string' ? payload.username : null;
  }
  return null;
}

export default fp<AuthOptions>(
  async (app, opts) => {
    const keySets = new Map(
      [{ issuer: opts.issuer, jwksUri: opts.jwksUri }, ...(opts.extraIssuers ?? [])].map(({ issuer, jwksUri }) => [
        issuer,
        createRemoteJWKSet(new URL(jwksUri), { cooldownDuration: 30_000 }),
      ]),
    );
    /** The trusted issuer a token names (unverified yet: jwtVerify checks it against that issuer's keys). */
    const issuerOf = (token: string): string | null => {
      try {
        const iss = decodeJwt(token).iss;
        return typeof iss === 'string' && keySets.has(iss) ? iss : null;
      } catch {
        return null;
      }
    };
    const verified = new TtlCache<{ username: string; exp: number }>(TOKEN_CACHE_MS, TOKEN_CACHE_MAX);

    /** The username of a valid token; 401 otherwise. */
    async function usernameOfToken(request: FastifyRequest, token: string): Promise<string> {
      const now = opts.currentDate?.() ?? new Date();
      const known = verified.get(token);
      // jose's rule: expired once exp <= now in whole seconds
      if (known && known.exp > Math.floor(now.getTime() / 1000)) return known.username;
      const issuer = issuerOf(token);
      if (!issuer) throw unauthorized('認証トークンが無効です。');
      let payload: JWTPayload;
      // Cognito always sets exp and iat; a token without them would otherwise never expire.
      const verify = () =>
        jwtVerify(token, keySets.get(issuer)!, {
          issuer,
          algorithms: ['RS256'],
          currentDate: now,
          requiredClaims: ['exp', 'iat'],
        });
      try {
        try {
          ({ payload } = await verify());
        } catch (err) {
          // the JWKS fetch went out on a kept-alive socket the issuer had closed meanwhile ("fetch
          // failed", other side closed): one more try opens a new one
          if (!(err instanceof TypeError)) throw err;
          ({ payload } = await verify());
        }
      } catch (err) {
        if (!(err instanceof joseErrors.JOSEError)) throw err;
        request.log.info({ reason: err.code }, 'token rejected');
        throw unauthorized('認証トークンが無効です。');
      }
      const username = usernameOf(payload, opts.clientId);
      if (!username) throw unauthorized('認証トークンが無効です。');
      verified.set(token, { username, exp: payload.exp! });
      return username;
    }

    /** A stream route's `?ticket=` for its `{id}` room; 401 when absent, spent, expired or for another room. */
    async function usernameOfTicket(request: FastifyRequest): Promise<string> {
      const ticket = (request.query as Record<string, unknown> | undefined)?.ticket;
      const conferenceId = Number((request.params as Record<string, unknown> | undefined)?.id);
      if (!request.routeOptions.config.streamTicket || typeof ticket !== 'string' || !opts.redeemStreamTicket)
        throw unauthorized();
      if (!Number.isSafeInteger(conferenceId) || ticket.length > 200) throw unauthorized();
      const username = await opts.redeemStreamTicket(ticket, conferenceId);
      if (!username) throw unauthorized('接続チケットが無効です。');
      return username;
    }

    app.decorateRequest('sessionUser', null);

    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/v1/') && !route.url.startsWith(DOCS_PREFIX) && route.config?.access === undefined) {
        throw new Error(`route ${route.method} ${route.url} does not declare config.access`);
      }
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (access === undefined || access === 'public') return;

      const token = bearerToken(request.headers.authorization);
      const username = token ? await usernameOfToken(request, token) : await usernameOfTicket(request);
      const user = await opts.findUser(username);
      if (!user) throw unauthorized('このアカウントは利用できません。');
      // issue 18 item 3: a stable code the SPA's sign-in turns into its message (cognito-local still
      // signs a disabled Cognito user in; production Cognito refuses it before this point)
      if (!user.enabled) throw new Problem(401, 'user_disabled', ACCOUNT_DISABLED);
      const allowed = 'roles' in access ? access.roles.includes(user.userType) : canAccess(user.userType, access);
      if (!allowed) throw forbidden();
      checkTenancy(request, user);
      request.sessionUser = user;
    });
  },
  { name: 'auth', dependencies: ['error-handler'] },
);

/**
 * Tenancy (DESIGN.md §6): a {cci_code} path or query parameter must name the caller's own chamber.
 * Checked on the raw request, before schema validation, so another chamber's path is a 403 (404
 * for a company admin) whatever else is wrong with the request, never a 400 that tells it apart.
 */
function checkTenancy(request: FastifyRequest, user: SessionUser): void {
  const params = request.params as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const named = [params?.cci_code, query?.cci_code].flat().filter((value) => value !== undefined);
  if (named.every((value) => value === user.cciCode)) return;
  throw user.userType === 'COMPANY_ADMIN' ? notFound() : forbidden('他の商工会議所のデータにはアクセスできません。');
}
