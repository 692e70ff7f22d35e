/**
 * Where a sample's time goes: the group of its leaf frame (self time) and the request stages its
 * stack is inside (inclusive time). The rules below are printed in every report's header
 * (GROUP_RULES, STAGES[].rule), so a reader can check what a number counts.
 */
import type { CallFrame } from './read.ts';

/** the V8 pseudo-frame of a sample taken while the event loop waited (not busy) */
export const IDLE = '(idle)';

/** Native functions whose self time is the system call they make (socket writes and reads). */
const SYSCALLS = new Set([
  'writev',
  'writeBuffer',
  'writeUtf8String',
  'writeLatin1String',
  'writeAsciiString',
  'writeUcs2String',
  'readStart',
  'readStop',
  'shutdown',
]);

/** the package a node_modules url belongs to: `@scope/name` or `name`, after its last node_modules/ */
export function packageOf(url: string): string | null {
  const m = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  return m ? m[1]! : null;
}

/** a file of the repository itself (server/…, bench/…), relative to the repository's root */
export function ownFileOf(url: string): string | null {
  if (!url.startsWith('file://') || url.includes('/node_modules/')) return null;
  const m = /\/((?:server|access|bench|scripts|src|shared)\/.+)$/.exec(url);
  return m ? m[1]! : url.replace(/^file:\/\//, '');
}

export const GROUP_RULES = [
  'Self time, by the sample\'s leaf frame: `(garbage collector)`, `(idle)` (the event loop waiting; left out of "busy"),',
  '`(program)` and native built-ins without a url (`(program) and native`);',
  `the system calls \`${[...SYSCALLS].join('`, `')}\` (\`socket writes and reads (syscalls)\`: they include the`,
  'loopback delivery and any wait for a CPU on a busy machine);',
  "`node:` urls (`node internals`); an npm package by the name after the url's last `node_modules/`;",
  "the repository's own files by path (`Kaigi: server/…`); code generated with `new Function` (no url,",
  "a line number) goes to `ajv` when the nearest frame with a url is fastify's validation.js or ajv,",
  "to `fast-json-stringify` when it is fastify's reply.js, fast-json-stringify or a serialiser file,",
  'else `generated code`.',
];

/** The self-time group of a sample whose stack (root first) ends in `stack[stack.length - 1]`. */
export function selfGroup(stack: readonly CallFrame[]): string {
  const leaf = stack[stack.length - 1];
  if (!leaf) return '(program) and native';
  const name = leaf.functionName;
  if (name === '(garbage collector)' || name === IDLE) return name;
  if (leaf.url === '') {
    if (SYSCALLS.has(name)) return 'socket writes and reads (syscalls)';
    if (leaf.lineNumber < 0) return '(program) and native';
    return generatedGroup(stack);
  }
  if (leaf.url.startsWith('node:')) return 'node internals';
  const pkg = packageOf(leaf.url);
  if (pkg) return pkg;
  const own = ownFileOf(leaf.url);
  return own ? `Kaigi: ${own}` : 'other';
}

function generatedGroup(stack: readonly CallFrame[]): string {
  for (let i = stack.length - 1; i >= 0; i--) {
    const url = stack[i]!.url;
    if (url === '') continue;
    if (/\/fastify\/lib\/validation\.js$|\/node_modules\/ajv\//.test(url)) return 'ajv';
    if (/\/fastify\/lib\/reply\.js$|\/node_modules\/fast-json-stringify\/|serializ/.test(url)) return 'fast-json-stringify';
    break;
  }
  return 'generated code';
}

export interface Stage {
  name: string;
  /** how it is found, for the report's header */
  rule: string;
  matches: (stack: readonly CallFrame[]) => boolean;
}

const url = (pattern: RegExp) => (f: CallFrame) => pattern.test(f.url);
const fn = (name: string, file: RegExp) => (f: CallFrame) => f.functionName === name && file.test(f.url);
const has = (stack: readonly CallFrame[], ...tests: ((f: CallFrame) => boolean)[]) => stack.some((f) => tests.some((t) => t(f)));

const REPLY_JS = /\/fastify\/lib\/reply\.js$/;
const inSerialisation = [fn('preSerializationHook', REPLY_JS), fn('preSerializationHookEnd', REPLY_JS)];

/**
 * The stages every request passes, inclusive: a sample counts for a stage when any frame of its
 * stack matches. A stage holds its own synchronous work and what it calls; the work of an
 * `await`ed query's reply runs later under pg's socket read and counts there, not here. Stages nest
 * (the token check is inside the auth hook), so they do not add up.
 */
/** the hooks and the validation fastify runs before the route's handler */
const BEFORE_HANDLER: Stage[] = [
  {
    name: 'helmet onRequest (security headers)',
    rule: 'a frame of `@fastify/helmet` or `helmet`',
    matches: (s) => has(s, url(/\/node_modules\/(@fastify\/helmet|helmet)\//)),
  },
  {
    name: 'auth onRequest hook',
    rule: 'a frame of `server/plugins/app/auth.ts`',
    matches: (s) => has(s, url(/\/server\/plugins\/app\/auth\.ts$/)),
  },
  {
    name: '— of which the token check',
    rule: '`usernameOfToken` (the verified-token cache) or a frame of `jose`',
    matches: (s) => has(s, (f) => f.functionName === 'usernameOfToken', url(/\/node_modules\/jose\//)),
  },
  {
    name: '— of which the users row (sending its query)',
    rule: '`findByUsername` or a frame of `server/repositories/users.ts`',
    matches: (s) => has(s, (f) => f.functionName === 'findByUsername', url(/\/server\/repositories\/users\.ts$/)),
  },
  {
    name: 'preValidation hooks (input-normalizer)',
    rule: 'a frame of `server/plugins/app/input-normalizer.ts`',
    matches: (s) => has(s, url(/\/server\/plugins\/app\/input-normalizer\.ts$/)),
  },
  {
    name: 'validation (ajv)',
    rule: "a frame of fastify's `lib/validation.js` (it calls the compiled ajv validators) or `ajv`",
    matches: (s) => has(s, url(/\/fastify\/lib\/validation\.js$/), url(/\/node_modules\/ajv\//)),
  },
];

export const STAGES: Stage[] = [
  ...BEFORE_HANDLER,
  {
    name: 'before the handler: helmet, auth, preValidation, validation together',
    rule: 'any of those four rules (they run one after another, none inside another)',
    matches: (s) => BEFORE_HANDLER.some((stage) => stage.matches(s)),
  },
  {
    name: 'route handler',
    rule: 'a frame of `server/routes/…` (the handler and what it calls: repositories, drizzle building SQL)',
    matches: (s) => has(s, url(/\/server\/routes\//)),
  },
  {
    name: 'serialisation (preSerialization hooks, fast-json-stringify)',
    rule: 'fastify reply.js `preSerializationHook` or `preSerializationHookEnd`, not inside its `onSendHook`',
    matches: (s) => has(s, ...inSerialisation) && !has(s, fn('onSendHook', REPLY_JS)),
  },
  {
    name: 'reply write (onSend hooks, headers, socket write)',
    rule: 'fastify reply.js `onSendHook` (onSend hooks, `writeHead`, `res.end` down to the socket write)',
    matches: (s) => has(s, fn('onSendHook', REPLY_JS)),
  },
  {
    name: 'logging',
    rule: "a frame of `pino` or fastify's `lib/logger-*.js` / `lib/log-controller.js`",
    matches: (s) => has(s, url(/\/node_modules\/pino\/|\/fastify\/lib\/(logger-[^/]*|log-controller)\.js$/)),
  },
  {
    name: 'drizzle-orm, wherever it runs',
    rule: "a frame of `drizzle-orm`: building SQL text and mapping rows; a query queued for a pooled connection is built when one frees, under the previous query's reply",
    matches: (s) => has(s, url(/\/node_modules\/drizzle-orm\//)),
  },
  {
    name: 'database replies (pg reading the socket)',
    rule: "a frame of `pg-protocol`'s parser: the replies' rows and what their callbacks run synchronously",
    matches: (s) => has(s, url(/\/node_modules\/pg-protocol\//)),
  },
];
