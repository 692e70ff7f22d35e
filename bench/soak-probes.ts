/**
 * What bench/soak.ts reads from the machine while it runs (Linux /proc and PostgreSQL's statistics
 * views): memory and CPU per process, and PostgreSQL's maintenance.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

export const memory = (pid: number, field: 'VmRSS' | 'RssAnon'): number | null => {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : null;
  } catch {
    return null;
  }
};

/** RssAnon (MB) of the postmaster and each of its children. */
export function postgresAnonMb(dataDir: string | null): number | null {
  if (!dataDir) return null;
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let total = memory(postmaster, 'RssAnon') ?? 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      if (ppid === postmaster) total += memory(Number(entry), 'RssAnon') ?? 0;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/**
 * CPU seconds (user + system) so far, by pid, of the watched processes and of every `postgres` and
 * `nginx` process on the machine: who used the CPUs the requests queued for.
 */
export function cpuSeconds(watched: Record<string, number>): Map<number, { name: string; seconds: number }> {
  const ticks = (stat: string) => {
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime (proc(5) fields 14 and 15)
  };
  const byPid = new Map(Object.entries(watched).map(([name, pid]) => [pid, name]));
  const out = new Map<number, { name: string; seconds: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const name = byPid.get(Number(entry)) ?? (comm === 'postgres' ? 'PostgreSQL' : comm === 'nginx' ? 'nginx' : null);
      if (name) out.set(Number(entry), { name, seconds: ticks(stat) / 100 }); // USER_HZ: 100 on Linux
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/** PostgreSQL's counts of automatic vacuums + analyzes and of checkpoints so far (PostgreSQL 17+ views). */
export async function maintenanceCounts(pool: pg.Pool): Promise<{ autovacuums: number; checkpoints: number } | null> {
  try {
    const { rows } = await pool.query<{ autovacuums: number; checkpoints: number }>(
      `select (select coalesce(sum(autovacuum_count + autoanalyze_count), 0)::int from pg_stat_user_tables) as autovacuums,
              (select (num_timed + num_requested)::int from pg_stat_checkpointer) as checkpoints`,
    );
    return rows[0]!;
  } catch {
    return null; // before PostgreSQL 17 (SOAK against another server): the columns stay empty
  }
}
