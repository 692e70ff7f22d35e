/**
 * Every way an API or worker process starts uses its Node flags (server/config/node-flags.ts): the
 * npm scripts, the cluster and the benchmarks. A flag Node refused would stop the process at start.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_NODE_FLAGS, WORKER_NODE_FLAGS } from '../../../server/config/node-flags.ts';

const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;

/** new_space's size after allocating two million small objects under `flags` */
function youngGeneration(flags: readonly string[]) {
  const run = spawnSync(
    process.execPath,
    [
      ...flags,
      '-e',
      `const a = []; for (let i = 0; i < 2e6; i++) a.push({ i }); console.log(require('v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size)`,
    ],
    { encoding: 'utf8' },
  );
  return { stderr: run.stderr, status: run.status, bytes: Number(run.stdout.trim()) };
}

describe('API Node flags', () => {
  it('npm start and npm run start:api pass them to node before tsx loads the server', () => {
    const command = `node ${API_NODE_FLAGS.join(' ')} --import tsx server/main.ts`;
    expect(scripts['start:api']).toBe(command);
    expect(scripts.start).toBe(`npm run build && ${command}`);
  });

  it('Node accepts them and keeps the young generation small', () => {
    const run = youngGeneration(API_NODE_FLAGS);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    // two semi-spaces of at most 4 MB
    expect(run.bytes).toBeLessThanOrEqual(2 * 4 * 1024 * 1024);
  });
});

describe('worker Node flags', () => {
  it('npm run worker passes them to node before tsx loads the worker', () => {
    expect(scripts.worker).toBe(`node ${WORKER_NODE_FLAGS.join(' ')} --import tsx server/worker.ts`);
  });

  it('Node accepts them and caps the young generation', () => {
    const run = youngGeneration(WORKER_NODE_FLAGS);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    // two semi-spaces of at most 16 MB
    expect(run.bytes).toBeLessThanOrEqual(2 * 16 * 1024 * 1024);
  });
});
