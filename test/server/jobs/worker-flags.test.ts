/**
 * Every way a worker starts uses the same Node flags (server/jobs/worker-flags.ts): the npm script,
 * the cluster and bench:import. A flag Node refused would stop every worker at start.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WORKER_NODE_FLAGS } from '../../../server/jobs/worker-flags.ts';

describe('worker Node flags', () => {
  it('npm run worker passes them to node before tsx loads the worker', () => {
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    expect(scripts.worker).toBe(`node ${WORKER_NODE_FLAGS.join(' ')} --import tsx server/worker.ts`);
  });

  it('Node accepts them and caps the young generation', () => {
    const run = spawnSync(
      process.execPath,
      [
        ...WORKER_NODE_FLAGS,
        '-e',
        `const a = []; for (let i = 0; i < 2e6; i++) a.push({ i }); console.log(require('v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size)`,
      ],
      { encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    // two semi-spaces of at most 16 MB
    expect(Number(run.stdout.trim())).toBeLessThanOrEqual(2 * 16 * 1024 * 1024);
  });
});
