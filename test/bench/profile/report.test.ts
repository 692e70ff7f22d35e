/**
 * bench/profile/: slicing a .cpuprofile to a window, grouping self time, finding the request stages
 * and drawing the flame graph, on a hand-made profile (fixtures/tiny.cpuprofile): ten samples 100 µs
 * apart from 1 100 µs, one in each group — idle, GC, jose under the auth hook, helmet, an ajv
 * validator, a fast-json-stringify serialiser, writev in the reply write, drizzle under pg's socket
 * read, a nested package, the auth hook's own code.
 */
import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readProfile, slice, stacks } from '../../../bench/profile/read.ts';
import { packageOf } from '../../../bench/profile/groups.ts';
import { breakdown, markdown, slug, writeProfileReport } from '../../../bench/profile/report.ts';
import { flameSvg, flameTree } from '../../../bench/profile/flame-svg.ts';
import { profileOf, profileWindows } from '../../../bench/profile/api-windows.ts';

const FIXTURE = fileURLToPath(new URL('./fixtures/tiny.cpuprofile', import.meta.url));
const profile = readProfile(FIXTURE);

describe('slice', () => {
  it('keeps every sample of the whole profile, each weighing the time to the next', () => {
    const whole = slice(profile);
    expect(whole.samples).toHaveLength(10);
    expect(whole.samples.reduce((s, x) => s + x.weightUs, 0)).toBe(1000);
  });

  it('keeps the samples inside the window and cuts the last one at its end', () => {
    const window = slice(profile, 1250, 1650);
    expect(window.samples.map((s) => s.node)).toEqual([8, 10, 12, 15]);
    expect(window.samples.map((s) => s.weightUs)).toEqual([100, 100, 100, 50]);
  });

  it('keeps nothing from a window outside the profile', () => {
    expect(slice(profile, 5000, 6000).samples).toEqual([]);
  });
});

describe('groups and stages', () => {
  const { result } = breakdown(profile);

  it('groups self time by GC, syscalls, package (nested ones by the innermost), generated code and own file', () => {
    expect(Object.fromEntries(result.groups)).toEqual({
      '(garbage collector)': 100,
      jose: 100,
      helmet: 100,
      ajv: 100,
      'fast-json-stringify': 100,
      'socket writes and reads (syscalls)': 100,
      'drizzle-orm': 100,
      inner: 100,
      'Kaigi: server/plugins/app/auth.ts': 100,
    });
    expect(result.idleUs).toBe(100);
    expect(result.busyUs).toBe(900);
  });

  it('counts a sample for every stage its stack is inside', () => {
    expect(result.stages.get('auth onRequest hook')).toBe(200);
    expect(result.stages.get('— of which the token check')).toBe(100);
    expect(result.stages.get('helmet onRequest (security headers)')).toBe(100);
    expect(result.stages.get('validation (ajv)')).toBe(100);
    expect(result.stages.get('before the handler: helmet, auth, preValidation, validation together')).toBe(400);
    // the serialiser sample, not the reply write that preSerializationHookEnd also calls
    expect(result.stages.get('serialisation (preSerialization hooks, fast-json-stringify)')).toBe(100);
    expect(result.stages.get('reply write (onSend hooks, headers, socket write)')).toBe(100);
    expect(result.stages.get('database replies (pg reading the socket)')).toBe(100);
    expect(result.stages.get('route handler')).toBe(0);
  });

  it('names a package by what follows its last node_modules/', () => {
    expect(packageOf('file:///a/node_modules/@fastify/helmet/index.js')).toBe('@fastify/helmet');
    expect(packageOf('file:///a/node_modules/fastify/node_modules/semver/index.js')).toBe('semver');
    expect(packageOf('file:///a/server/app.ts')).toBeNull();
  });
});

describe('report', () => {
  it('divides the window by the requests', () => {
    const { result } = breakdown(profile, 1250, 1650);
    const md = markdown(result, { title: 'tiny', fromUs: 1250, toUs: 1650, requests: 10 }, FIXTURE);
    expect(md).toContain('| sampled busy time (all groups below) | 0.035 |');
    expect(md).toContain('| jose | 0.010 | 28.6 % |');
  });

  it('draws the busy samples with a hover title per frame', () => {
    const svg = flameSvg(flameTree(slice(profile), stacks(profile)), { title: 'tiny', requests: 10 });
    expect(svg).toContain('<title>jwtVerify node_modules/jose/dist/webapi/jwt/verify.js:3\n0.0100 ms/request, 11.11 %</title>');
    expect(svg).not.toContain('(idle)');
  });

  it('writes the .md and .svg of a row and finds the profile of the API process', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'profile-report-'));
    writeFileSync(path.join(dir, 'CPU.20261129.051201.4242.0.001.cpuprofile'), readFileSync(FIXTURE));
    writeFileSync(path.join(dir, 'CPU.20261129.051300.999.0.001.cpuprofile'), '{}');
    utimesSync(path.join(dir, 'CPU.20261129.051300.999.0.001.cpuprofile'), new Date(), new Date(Date.now() + 1000));
    const found = profileOf(dir, 4242);
    expect(path.basename(found)).toBe('CPU.20261129.051201.4242.0.001.cpuprofile');
    const out = path.join(dir, 'profiles', slug('companies list, typical chamber'));
    expect(writeProfileReport(readProfile(found), { title: 'row', requests: 1 }, out, found)).toEqual([
      path.join(dir, 'profiles', 'companies-list-typical-chamber.md'),
      path.join(dir, 'profiles', 'companies-list-typical-chamber.svg'),
    ]);
    expect(readFileSync(`${out}.md`, 'utf8')).toContain('# CPU profile: row');
  });

  it("writes one report per row bench:api measured, from the API process's profile", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'profile-windows-'));
    writeFileSync(path.join(dir, 'CPU.20261129.051201.77.0.001.cpuprofile'), readFileSync(FIXTURE));
    const windows = profileWindows(path.join(dir, 'results'));
    windows.add({ title: 'first row', fromUs: 1000, toUs: 1550, requests: 5, note: '5 req/s' });
    windows.add({ title: 'second row', fromUs: 1550, toUs: 2100, requests: 5 });
    const written = windows.write(dir, 77);
    expect(written.map((f) => path.relative(dir, f))).toEqual([
      'results/profiles/first-row.md',
      'results/profiles/first-row.svg',
      'results/profiles/second-row.md',
      'results/profiles/second-row.svg',
    ]);
    const first = readFileSync(written[0]!, 'utf8');
    expect(first).toContain('5 req/s');
    // 1 100 … 1 500: idle, GC, jose, helmet, ajv; the last one cut at 1 550
    expect(first).toContain('5 samples, 4 busy');
  });
});
