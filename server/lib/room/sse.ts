/**
 * One room's Server-Sent Events stream on a raw response (DESIGN.md §11.1): `X-Accel-Buffering: no`
 * so nginx passes events at once, heartbeats from the hub, ended cleanly by the client or shutdown.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Problem } from '../problem.ts';
import type { RoomHub } from './hub.ts';
import type { RoomViewer } from './viewers.ts';

/** EventSource's own reconnect delay (ms) after a dropped stream. */
const RETRY_MS = 2_000;

/**
 * The event id to resume after: the Last-Event-ID header (an EventSource reconnecting by itself),
 * else `?last_event_id=` (a new EventSource cannot set headers); null: from now on.
 */
export function resumeFrom(request: FastifyRequest, query: { last_event_id?: number }): number | null {
  const header = request.headers['last-event-id'];
  if (typeof header === 'string' && /^(0|[1-9][0-9]{0,15})$/.test(header.trim())) return Number(header.trim());
  return query.last_event_id ?? null;
}

/**
 * `viewer` was resolved on entry; the hub calls `viewerOf` again when who may enter changes (a 404
 * then means the viewer may no longer enter).
 */
export async function streamRoom(
  request: FastifyRequest,
  reply: FastifyReply,
  hub: RoomHub,
  viewer: RoomViewer,
  viewerOf: () => Promise<RoomViewer>,
  lastEventId: number | null,
): Promise<void> {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  // HEAD (Fastify adds it beside every GET): a response without a body never flushes its headers
  // on write, so the stream would hang unanswered; the headers are the whole answer
  if (request.method === 'HEAD') {
    res.end();
    return;
  }
  res.write(`retry: ${RETRY_MS}\n\n`);
  let unsubscribe: (() => void) | null = null;
  let gone = false;
  res.on('close', () => {
    gone = true;
    unsubscribe?.();
  });
  try {
    unsubscribe = await hub.subscribe(
      viewer.conferenceId,
      {
        staff: viewer.kind === 'admin',
        senderKey: viewer.senderKey,
        mayEnter: () =>
          viewerOf().then(
            () => true,
            (err: unknown) => {
              if (err instanceof Problem && err.status === 404) return false;
              throw err;
            },
          ),
        write: (chunk) => {
          // the hub may end a stream (e.g. a slow reader) while it still replays the backlog
          if (!res.destroyed && !res.writableEnded) res.write(chunk);
        },
        writableLength: () => res.writableLength,
        end: () => res.end(),
      },
      lastEventId,
    );
  } catch (err) {
    request.log.error({ err }, 'room stream failed to start');
    res.end();
    return;
  }
  if (gone) unsubscribe();
}
