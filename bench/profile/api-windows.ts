/**
 * bench/api.ts with BENCH_API_PROF=dir: the API process writes one .cpuprofile for its whole life
 * (bench/api-setup.ts, --cpu-prof); this keeps each row's measured run as a window of it (the API's
 * monotonic clock before and after the run) and, once the API has stopped and written its profile,
 * writes bench/results/profiles/<row>.md and .svg for every window (bench/profile/report.ts).
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { readProfile } from './read.ts';
import { slug, writeProfileReport, type Window } from './report.ts';

/** The profile a process of `pid` wrote into `dir` (node names it CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile). */
export function profileOf(dir: string, pid: number): string {
  const own = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile') && f.split('.')[3] === String(pid))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!own[0]) throw new Error(`no .cpuprofile of process ${pid} in ${dir}`);
  return own[0];
}

export function profileWindows(resultsDir: string) {
  const windows: Window[] = [];
  return {
    /** one measured run: the API's clock before and after it, and the requests it served */
    add: (window: Window) => windows.push(window),
    /** after the API process has exited: one report per window; returns the files written */
    write(dir: string, pid: number): string[] {
      const file = profileOf(dir, pid);
      const profile = readProfile(file);
      return windows.flatMap((w) => writeProfileReport(profile, w, path.join(resultsDir, 'profiles', slug(w.title)), file));
    },
  };
}
