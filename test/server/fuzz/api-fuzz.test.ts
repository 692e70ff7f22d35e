/**
 * Property-based fuzzing of the whole API (issue 11, DESIGN.md §5, §10): for every operation of the
 * OpenAPI document, as each role and signed out, fast-check generates parameters and bodies —
 * mostly schema-shaped with real ids, mixed with hostile values — and sends them to the real app
 * (real PostgreSQL, cognito-local, local-disk storage, pg-boss). Every answer must be below 500,
 * and every 4xx a problem+json with `code` and `status`.
 *
 * FUZZ_RUNS (default 10 000) requests in all, spread evenly over the operations; FUZZ_SEED (fixed
 * default) makes a run repeatable. A failure prints the request and the command that replays it
 * (FUZZ_SEED, FUZZ_PATH and the operation's test name).
 *
 * Writes land in the fuzzer's own chamber (fuzz-chamber.ts): tenancy refuses the demo ids it also
 * tries, and PUT /users/{username} only names spare logins, so no demo row other files read and
 * none of the fuzzer's own sign-ins is disabled or re-roled.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { startExportTestEnv, type ExportTestEnv } from '../../helpers/export-app.ts';
import { EXPORT_QUEUE } from '../../../server/jobs/boss.ts';
import { createFuzzChamber, FUZZ_CCI, type FuzzChamber } from './fuzz-chamber.ts';
import { loadIdPools, type IdPools } from './id-pools.ts';
import { operationName, operationsOf, type Operation } from './openapi-operations.ts';
import { signedUrls, storageRequestOf, type SignedUrls } from './storage-requests.ts';
import { CALLERS, requestOf, type Caller, type FuzzRequest } from './fuzz-requests.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const PATH = process.env.FUZZ_PATH;

let chamber: FuzzChamber;
let pools: IdPools;
let urls: SignedUrls;
/** per operation: requests by caller and answers by status, printed at the end */
const tally = new Map<string, Map<string, number>>();

/** What a request got back: an inject's response, or the listening server's (event streams). */
type Answer = Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body' | 'json'>;

/** A readable account of a request and its answer, for the failure message. */
function describeExchange(req: FuzzRequest, res: Answer): string {
  const cut = (s: string | undefined) => (s && s.length > 2_000 ? `${s.slice(0, 2_000)}… (${s.length} chars)` : s);
  return [
    `${req.method} ${cut(req.url)} as ${req.caller}${req.authorization ? ` (Authorization: ${cut(req.authorization)})` : ''}`,
    req.payload !== undefined ? `Content-Type: ${req.contentType}\n${cut(req.payload)}` : '(no body)',
    `→ ${res.statusCode} ${res.headers['content-type'] ?? ''}\n${cut(res.body)}`,
  ].join('\n');
}

/**
 * The room's event streams (issue 12, `…/events`): an admitted request is answered with a stream
 * that never ends, so inject would wait forever. They are sent to the listening server instead and
 * cut once the status line and headers are in; a refusal is read whole like any other answer.
 */
const isStream = (op: Operation) => op.method === 'GET' && /\/room(\/\{token\})?\/events$/.test(op.path);

async function send(req: FuzzRequest, stream: boolean): Promise<Answer> {
  const authorization = req.caller === 'anonymous' ? req.authorization : `Bearer ${chamber.tokens[req.caller]}`;
  const headers = {
    ...(authorization ? { authorization } : {}),
    ...(req.contentType ? { 'content-type': req.contentType } : {}),
  };
  if (stream) return sendToStream(req, headers);
  return env.app.inject({
    method: req.method,
    url: req.url,
    headers,
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
}

async function sendToStream(req: FuzzRequest, headers: Record<string, string>): Promise<Answer> {
  const controller = new AbortController();
  const res = await fetch(`${base}${req.url}`, { method: req.method, headers, signal: controller.signal });
  const answerHeaders = Object.fromEntries(res.headers);
  const streaming = res.status === 200 && String(answerHeaders['content-type']).startsWith('text/event-stream');
  const body = streaming ? '' : await res.text();
  controller.abort();
  return { statusCode: res.status, headers: answerHeaders, body, json: () => JSON.parse(body) };
}

/** The property: no 5xx; a 4xx is problem+json with code and status; must-refuse inputs get a 4xx. */
function check(req: FuzzRequest, res: Answer): void {
  const fail = (why: string) => {
    throw new Error(`${why}\n${describeExchange(req, res)}`);
  };
  if (res.statusCode >= 500) fail('5xx');
  if (res.statusCode >= 400) {
    if (!String(res.headers['content-type']).startsWith('application/problem+json')) fail('4xx without problem+json');
    const problem = res.json() as { code?: unknown; status?: unknown };
    if (typeof problem.code !== 'string' || problem.status !== res.statusCode) fail('4xx problem without code or status');
  } else if (req.mustRefuse.length) {
    fail(`accepted what must be refused (${req.mustRefuse.join(', ')})`);
  }
}

function record(name: string, caller: Caller, status: number) {
  const row = tally.get(name) ?? new Map<string, number>();
  for (const key of [caller, String(status)]) row.set(key, (row.get(key) ?? 0) + 1);
  tally.set(name, row);
}

/** Runs the property for `name`; a failure names the request and the command that replays it. */
async function fuzz(name: string, requests: fc.Arbitrary<FuzzRequest>, seed: number, numRuns: number, stream = false) {
  const details = await fc.check(
    fc.asyncProperty(requests, async (req) => {
      const res = await send(req, stream);
      record(name, req.caller, res.statusCode);
      check(req, res);
    }),
    { seed, numRuns, ...(PATH ? { path: PATH } : {}) },
  );
  if (details.failed) {
    const replay = `FUZZ_SEED=${SEED} FUZZ_PATH=${details.counterexamplePath} npx vitest run --config vitest.server.config.ts test/server/fuzz -t '${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'`;
    throw new Error(`${String(details.errorInstance)}\n\n${fc.defaultReportMessage(details)}\nreplay: ${replay}`);
  }
}

// built while the file is collected: the tests are one per operation of its OpenAPI document
const env: ExportTestEnv = await startExportTestEnv();
const operations: Operation[] = operationsOf(env.app.swagger());
const runsPerOperation = Math.ceil(RUNS / operations.length);
// for the event streams (isStream)
const base = await env.app.listen({ host: '127.0.0.1', port: 0 });

beforeAll(async () => {
  chamber = await createFuzzChamber(env.app.pool);
  // before the fuzzing spends the admin's quota of upload URLs
  urls = await signedUrls(env.app, chamber.tokens.CCI_ADMIN, 10);
});
// fresh ids before each operation: earlier ones created rows (export jobs, uploads, conferences)
beforeEach(async () => {
  pools = await loadIdPools(env.app.pool, chamber.accounts);
});
afterAll(async () => {
  // no export job the fuzzer queued may run later, in another file's worker
  await env.boss.deleteQueuedJobs(EXPORT_QUEUE);
  await env.app.pool.query(`update export_job set status = 'failed', error = 'fuzz' where cci_code = $1 and status = 'queued'`, [
    FUZZ_CCI,
  ]);
  await env.close();
});

describe(`API fuzzing (${RUNS} requests, seed ${SEED})`, () => {
  // each operation its own seed (SEED + its index), so they do not all draw the same callers
  it.each(operations.map((op, index) => [operationName(op), op, SEED + index] as const))(
    '%s answers every role without a 5xx',
    async (_name, op, seed) => {
      await fuzz(operationName(op), requestOf(op, pools), seed, runsPerOperation, isStream(op));
    },
    600_000,
  );

  it('PUT|GET /v1/storage/objects/* (signed URLs, hidden from the document) answers without a 5xx', async () => {
    await fuzz('PUT|GET /v1/storage/objects/*', storageRequestOf(urls), SEED + operations.length, runsPerOperation);
  }, 600_000);

  it(`sent at least ${RUNS} requests`, () => {
    let total = 0;
    const lines = [...tally.entries()].map(([name, row]) => {
      const callers = CALLERS.map((c) => row.get(c) ?? 0);
      total += callers.reduce((a, b) => a + b, 0);
      const statuses = [...row.entries()].filter(([k]) => /^\d+$/.test(k)).sort();
      return `${name}\n    ${CALLERS.map((c, i) => `${c} ${callers[i]}`).join(', ')} | ${statuses.map(([k, n]) => `${k}×${n}`).join(' ')}`;
    });
    console.log(`fuzz: ${total} requests (seed ${SEED})\n${lines.join('\n')}`);
    expect(total).toBeGreaterThanOrEqual(RUNS);
  });
});
