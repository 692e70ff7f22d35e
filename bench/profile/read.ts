/**
 * Reading a V8 .cpuprofile (node --cpu-prof) and slicing it to a time window.
 *
 * Times: the profile's startTime, endTime and sample times (startTime + the running sum of
 * timeDeltas) are V8's monotonic clock in microseconds, the clock of `process.hrtime.bigint() / 1000n`
 * in the profiled process (CLOCK_MONOTONIC on Linux; checked on a real profile: a busy loop between
 * two hrtime marks fills the samples between them within a millisecond). bench/api-server.ts sends
 * that clock, so a window taken around a measured run selects that run's samples.
 */
import { readFileSync } from 'node:fs';

export interface CallFrame {
  functionName: string;
  url: string;
  /** 0-based; tsx-transformed files report 0 for every function */
  lineNumber: number;
  columnNumber: number;
}

export interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** One sample inside the window: the leaf node, and the time it stands for (µs). */
export interface Sample {
  node: number;
  weightUs: number;
}

export interface Slice {
  samples: Sample[];
  fromUs: number;
  toUs: number;
}

export function readProfile(file: string): CpuProfile {
  return JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
}

/**
 * The samples whose time falls in [fromUs, toUs] (default: the whole profile). Each sample stands for
 * the time until the next one (the way Chrome's DevTools weighs them), cut at the window's end, so
 * the weights add up to the sampled part of the window whatever the sampling interval did.
 */
export function slice(profile: CpuProfile, fromUs = profile.startTime, toUs = profile.endTime): Slice {
  const times: number[] = [];
  let t = profile.startTime;
  for (const delta of profile.timeDeltas) times.push((t += delta));
  const samples: Sample[] = [];
  profile.samples.forEach((node, i) => {
    const at = times[i]!;
    if (at < fromUs || at > toUs) return;
    const next = Math.min(times[i + 1] ?? profile.endTime, toUs);
    samples.push({ node, weightUs: Math.max(0, next - at) });
  });
  return { samples, fromUs, toUs };
}

/** Each node's stack, root first (the (root) node itself left out). */
export function stacks(profile: CpuProfile): Map<number, ProfileNode[]> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const result = new Map<number, ProfileNode[]>();
  const stackOf = (id: number): ProfileNode[] => {
    const known = result.get(id);
    if (known) return known;
    const up = parent.get(id);
    const node = byId.get(id)!;
    const stack = up === undefined ? [] : [...stackOf(up), node];
    result.set(id, stack);
    return stack;
  };
  for (const n of profile.nodes) stackOf(n.id);
  return result;
}
