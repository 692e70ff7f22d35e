import fp from 'fastify-plugin';
import { RoomHub } from '../lib/room/hub.ts';
import { DEFAULT_ROOM_LIMITS, type RoomLimits } from '../lib/room/limits.ts';
import { StreamSlots } from '../lib/room/stream-slots.ts';
import { SharedRateLimits } from '../lib/shared-rate-limit.ts';
import staffRoom from './room/staff.ts';
import companyRoom from './room/company.ts';
import linkHolderRoom from './room/link-holder.ts';

export interface RoomOptions {
  /** PUBLIC_ORIGIN: the origin of the links staff hand out; default the request's */
  publicOrigin?: string;
  /** the SSE heartbeat (tests shorten it) */
  heartbeatMs?: number;
  /** overrides of DEFAULT_ROOM_LIMITS (tests, bench:room's thousand links) */
  limits?: Partial<RoomLimits>;
}

/** The room's limits (issue 29): the rules, the counters the processes share, this process's streams. */
export interface RoomLimiter {
  rules: RoomLimits;
  shared: SharedRateLimits;
  streams: StreamSlots;
}

declare module 'fastify' {
  interface FastifyInstance {
    roomHub: RoomHub;
    roomLimits: RoomLimiter;
  }
}

/**
 * The live room (issue 12, DESIGN.md §11.1), registered by app.ts: this process's event hub
 * (LISTEN/NOTIFY fan-out to SSE clients, ended before the server closes), its limits and the routes
 * of its three audiences (its repositories are registered with the others, repositories/index.ts).
 * Not encapsulated: the hub is the app's (tests, bench).
 */
const routes = fp<RoomOptions>(
  async (app, opts) => {
    const hub = new RoomHub(app.pool, app.log, opts.heartbeatMs);
    await hub.start();
    app.addHook('preClose', () => hub.close());
    app.decorate('roomHub', hub);
    app.decorate('publicOrigin', opts.publicOrigin ?? null);
    const rules = { ...DEFAULT_ROOM_LIMITS, ...opts.limits };
    app.decorate('roomLimits', { rules, shared: new SharedRateLimits(app.pool), streams: new StreamSlots(rules) });
    await app.register(staffRoom);
    await app.register(companyRoom);
    await app.register(linkHolderRoom);
  },
  { name: 'room' },
);
export default routes;
