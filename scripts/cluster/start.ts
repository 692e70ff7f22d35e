/**
 * `npm run start:cluster` (issue 16): `npm start`'s stack, URL and demo accounts, served by nginx in
 * front of two API processes and two worker processes (scripts/cluster/cluster.ts). Ctrl-C or
 * SIGTERM stops nginx, then the processes, then the stack.
 */
import { ConfigError, loadSettings } from '../../server/config/env.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/infra/demo-accounts.ts';
import { freePort } from '../../server/infra/free-port.ts';
import { startCluster } from './cluster.ts';

const say = (line: string) => console.log(`[kaigi-cluster] ${line}`);

let settings;
try {
  settings = loadSettings();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
const verbose = settings.logLevel === 'debug' || settings.logLevel === 'trace';
const cluster = await startCluster({
  settings,
  apiPorts: [await freePort(), await freePort()],
  workers: 2,
  log: say,
  // the processes' own lines (errors always; everything at LOG_LEVEL debug/trace)
  processLog: (name, line) => {
    if (verbose || /error|fatal|failed/i.test(line)) console.log(`[${name}] ${line}`);
  },
}).catch((err: unknown) => {
  console.error('[kaigi-cluster] failed to start:', err);
  process.exit(1);
});

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  say(`${signal}: stopping nginx, the API and worker processes, then the stack…`);
  await cluster.stop();
  say('stopped');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

say(`Kaigi is running behind nginx: ${cluster.url}/login`);
say(`API processes on 127.0.0.1:${cluster.apiPorts.join(', 127.0.0.1:')}, 2 worker processes`);
if (cluster.stack.mailSink) say(`mail is not sent out: every message is saved in ${cluster.stack.mailSink.dir}/*.eml`);
say(`demo accounts (password ${DEMO_PASSWORD}):`);
for (const a of DEMO_ACCOUNTS) say(`  ${a.email.padEnd(28)} ${a.userType}`);
