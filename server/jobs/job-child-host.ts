/**
 * The embedded default's heavy jobs in a process of their own (DESIGN.md §10, issue 29): the API
 * forks job-child.ts, with the worker's Node flags and an old-generation limit, and forks it again
 * if it dies (a crash, the memory limit), after which pg-boss retries the job it had. A child
 * process rather than a worker thread: a thread's `resourceLimits` bound its heap but not the
 * buffers of an inflating file, and a thread that runs out takes the API's process with it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { WORKER_NODE_FLAGS } from '../config/node-flags.ts';
import { JOB_CHILD_CONFIG_ENV, type JobChildConfig, type JobChildMessage } from './job-child-config.ts';

/** the child's heap: an 80 000-row import peaks near 190 MB RSS, a 100 000-row export stays flat */
export const JOB_CHILD_MAX_OLD_SPACE_MB = 512;
const ENTRY = fileURLToPath(new URL('./job-child.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
/**
 * The child's niceness: the jobs get the CPU the room leaves. With both wanting a core, the kernel
 * gives a process at nice 10 about a tenth of what one at 0 gets, so on a two-core `npm start`
 * machine an export or an import slows down while the room is busy instead of the room waiting.
 */
export const JOB_CHILD_NICE = 10;
const RESTART_DELAY_MS = 1_000;
/** the child finishes the job in hand for up to 30 s (job-child.ts), then is killed */
const STOP_TIMEOUT_MS = 40_000;

export interface JobChild {
  /** the running child's process id */
  readonly pid: number | undefined;
  /** finishes (or hands back) the job in hand and stops the child */
  stop(): Promise<void>;
}

export async function startJobChild(config: JobChildConfig, log: (message: string) => void): Promise<JobChild> {
  let child: ChildProcess;
  let stopping = false;

  const spawn = async () => {
    const c = fork(ENTRY, [], {
      execArgv: [...WORKER_NODE_FLAGS, `--max-old-space-size=${JOB_CHILD_MAX_OLD_SPACE_MB}`, '--import', TSX],
      env: { ...process.env, [JOB_CHILD_CONFIG_ENV]: JSON.stringify(config) },
    });
    child = c;
    // never below the API's own (a process may not raise its children's priority)
    if (c.pid) os.setPriority(c.pid, Math.max(os.getPriority(), JOB_CHILD_NICE));
    const exited = once(c, 'exit');
    const ready = new Promise<void>((resolve) => c.on('message', (m: JobChildMessage) => m.type === 'ready' && resolve()));
    const first = await Promise.race([ready.then(() => 'ready' as const), exited.then(() => 'exited' as const)]);
    if (first === 'exited') throw new Error(`the jobs process exited while starting (${c.exitCode ?? c.signalCode})`);
    c.on('exit', (code, signal) => {
      // 0: it stopped on a signal of its own (Ctrl-C reaches the whole process group)
      if (stopping || code === 0) return;
      log(`the jobs process stopped (${code ?? signal}); starting it again`);
      const again = () => spawn().catch((err: unknown) => log(`the jobs process did not start again: ${String(err)}`));
      setTimeout(() => void (stopping ? undefined : again()), RESTART_DELAY_MS);
    });
  };
  await spawn();

  return {
    get pid() {
      return child.pid;
    },
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
