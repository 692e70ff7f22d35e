import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The port of the postmaster running on `dataDir` (its postmaster.pid), or null when none runs. */
export async function runningPort(dataDir: string): Promise<number | null> {
  let lines: string[];
  try {
    lines = (await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  // postmaster.pid: pid, data directory, start time, port, …
  const port = Number(lines[3]);
  return Number.isInteger(port) && port > 0 ? port : null;
}
