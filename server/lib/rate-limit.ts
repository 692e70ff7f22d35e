/**
 * Rate-limit hooks on @fastify/rate-limit (DESIGN.md §10). Counters live in the memory of each API
 * process, so with N processes a client gets up to N times a limit: the limits stop floods and
 * scripts, not a determined attacker spread over processes. Limits that must hold across processes
 * count in PostgreSQL instead (shared-rate-limit.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rateLimited } from '../services/cognito-users.ts';

export interface RateLimitRule {
  max: number;
  timeWindowMs: number;
}

/**
 * A hook answering 429 `rate_limited` with Retry-After (seconds) once `rule` is exceeded; counted
 * per `keyOf` (default: the client address, IPv6 by /64, see TRUST_PROXY). `app` must have
 * registered @fastify/rate-limit.
 */
export function rateLimitHook(
  app: FastifyInstance,
  rule: RateLimitRule,
  keyOf?: (request: FastifyRequest) => string,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const check = app.createRateLimit({ max: rule.max, timeWindow: rule.timeWindowMs, ...(keyOf ? { keyGenerator: keyOf } : {}) });
  return async (request, reply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      request.log.warn({ route: request.routeOptions.url }, 'rate limit exceeded');
      throw rateLimited();
    }
  };
}
