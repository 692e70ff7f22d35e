/**
 * The floor of the room fan-out (bench/room.ts): a bare PostgreSQL NOTIFY → LISTEN round trip
 * between two node-postgres connections of this process (one clock), one notice in flight at a time.
 */
import pg from 'pg';

const CHANNEL = 'kaigi_bench_floor';

/** Milliseconds from just before each NOTIFY to its notification on the listening connection. */
export async function notifyFloor(url: string, roundTrips: number): Promise<number[]> {
  const listener = new pg.Client({ connectionString: url });
  const notifier = new pg.Client({ connectionString: url });
  await Promise.all([listener.connect(), notifier.connect()]);
  try {
    await listener.query(`listen ${CHANNEL}`);
    let arrived: ((at: number) => void) | null = null;
    listener.on('notification', () => arrived?.(performance.now()));
    const latencies: number[] = [];
    for (let n = 0; n < roundTrips; n++) {
      const received = new Promise<number>((resolve) => (arrived = resolve));
      const sentAt = performance.now();
      await notifier.query('select pg_notify($1, $2)', [CHANNEL, String(n)]);
      latencies.push((await received) - sentAt);
    }
    return latencies;
  } finally {
    await Promise.all([listener.end(), notifier.end()]);
  }
}
