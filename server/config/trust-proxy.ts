/**
 * TRUST_PROXY: which hops in front of the API may name the client address (DESIGN.md §10). The
 * client address keys the rate limits of forget/reset password; trusting every proxy (Fastify's
 * `trustProxy: true`) would let a client pick its own key with a forged X-Forwarded-For.
 *
 *   unset                 embedded default: no proxy is trusted, the socket address is the client;
 *                         required in production
 *   0                     no proxy (the API is reached directly)
 *   1, 2, …               that many proxies in front: the client is the address the outermost one
 *                         saw (only the last N entries of X-Forwarded-For count). Safe only when
 *                         nothing but those proxies can reach the API.
 *   10.0.0.0/8,::1, …     the proxies' addresses or CIDR ranges (also `loopback`, `linklocal`,
 *                         `uniquelocal`): hops from these are trusted, the first other one is the client
 */
import net from 'node:net';
import type { FastifyServerOptions } from 'fastify';

/** A hop count (0: none) or the trusted proxies' addresses and CIDR ranges. */
export type TrustProxy = number | string[];

const MAX_HOPS = 10;
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

export function trustProxyFrom(env: NodeJS.ProcessEnv, ctx: { production: boolean }, problems: string[]): TrustProxy {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw) {
    if (ctx.production) {
      problems.push(
        'TRUST_PROXY is required in production: the number of proxies in front of the API (e.g. 1 for one load balancer, 0 for none) or their addresses / CIDR ranges (e.g. 10.0.0.0/16)',
      );
    }
    return 0;
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops <= MAX_HOPS) return hops;
    problems.push(`TRUST_PROXY must be a hop count from 0 to ${MAX_HOPS} or a list of addresses / CIDR ranges, got "${raw}"`);
    return 0;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    problems.push(
      `TRUST_PROXY must be a hop count (0-${MAX_HOPS}) or a comma-separated list of IP addresses / CIDR ranges / ${NAMED_RANGES.join(' / ')}, got "${raw}" (not understood: ${bad.map((b) => `"${b}"`).join(', ')})`,
    );
    return 0;
  }
  return entries;
}

/**
 * Fastify's `trustProxy` for a setting. A hop count becomes a function: Fastify 5.12 ignores a
 * numeric trustProxy (it trusts no hop at all), proxy-addr calls the function with the hop index
 * counted from the socket.
 */
export function fastifyTrustProxy(setting: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (Array.isArray(setting)) return setting;
  if (setting === 0) return false;
  return (_address: string, hop: number) => hop < setting;
}
