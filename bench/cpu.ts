/**
 * CPU accounting for the benchmark report: on a shared machine requests per second move with
 * everything else running, CPU time per request much less. Linux only (/proc); elsewhere null.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime, stime, cutime, cstime (clock ticks) and the parent pid of a process, from /proc/<pid>/stat. */
function stat(pid: number): { own: number; children: number; ppid: number } | null {
  try {
    // the command name (field 2) may contain spaces: split after its closing parenthesis
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return {
      ppid: Number(fields[1]),
      own: Number(fields[11]) + Number(fields[12]),
      children: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return null;
  }
}

/**
 * CPU milliseconds used so far by a PostgreSQL server of `dataDir`: the postmaster, its live
 * children (backends keep running: the pools hold their connections) and its exited children.
 */
export function postgresCpuMs(dataDir: string): number | null {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  const root = stat(postmaster);
  if (!root) return null;
  let ticks = root.own + root.children;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = stat(Number(entry));
    if (child?.ppid === postmaster) ticks += child.own;
  }
  return (ticks * 1000) / clockTicks;
}

/** CPU milliseconds used so far by this process (all threads). */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
