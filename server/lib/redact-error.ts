/**
 * Logged database errors never carry bound parameters (DESIGN.md §10): they are personal data
 * (e-mail, phone, names). What carries them, and what is done about it:
 * - drizzle's DrizzleQueryError: `params`, and its message "Failed query: <sql>\nparams: <values>"
 *   (repeated in its stack) → `params` dropped, the message and stack cut before "params:";
 * - node-postgres errors: `detail` ("Key (email)=(a@b.jp) already exists.", "Failing row
 *   contains (…)"), `where` and `internalQuery` (statements with their values) → dropped; data
 *   exceptions (SQLSTATE class 22) quote the offending value in the message ("invalid input
 *   syntax for type integer: \"山田\"") → quoted parts replaced;
 * - anything else in the chain that still contains a bound value verbatim → replaced.
 * The error is copied, never changed: the handler that threw it may still read it.
 */
import { stdSerializers } from 'pino';

const REDACTED = '[redacted]';
/** Properties of database errors that carry the failing statement's values. */
const VALUE_KEYS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);
const FAILED_QUERY = 'Failed query: ';
const PARAMS_LINE = '\nparams: ';

type ErrorLike = Error & Record<string, unknown>;

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/** A PostgreSQL error as node-postgres reports it: a SQLSTATE code and a severity. */
const isPgError = (err: ErrorLike) => typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code) && 'severity' in err;

/**
 * The text values bound to the queries in the chain (DrizzleQueryError.params). Numbers and
 * booleans are ids, counts and flags, and would blot out SQL and line numbers.
 */
function boundValues(err: unknown, seen = new Set<unknown>()): string[] {
  if (!isErrorLike(err) || seen.has(err)) return [];
  seen.add(err);
  const own: unknown[] = Array.isArray(err.params) ? err.params : [];
  const values = own.filter((v): v is string => typeof v === 'string');
  const nested = [err.cause, ...(Array.isArray(err.errors) ? err.errors : [])].flatMap((e) => boundValues(e, seen));
  return [...values, ...nested];
}

function redactText(text: string, err: ErrorLike, values: string[]): string {
  let out = text;
  if (out.startsWith(FAILED_QUERY) && out.includes(PARAMS_LINE)) return out.slice(0, out.indexOf(PARAMS_LINE));
  if (isPgError(err) && String(err.code).startsWith('22')) out = out.replace(/"(?:[^"]|"")*"/g, `"${REDACTED}"`);
  // one-character values would blot out the text without protecting anything
  for (const value of values) if (value.length > 1) out = out.split(value).join(REDACTED);
  return out;
}

/** The stack with its first line (name: message) rebuilt from the redacted message. */
function redactStack(err: ErrorLike, message: string, values: string[]): string | undefined {
  if (typeof err.stack !== 'string') return undefined;
  const frames = err.stack.indexOf('\n    at ');
  const rest = frames >= 0 ? err.stack.slice(frames) : '';
  return `${err.name}: ${message}${redactText(rest, err, values)}`;
}

function redactedCopy(err: ErrorLike, values: string[], seen: Set<unknown>): ErrorLike {
  seen.add(err);
  const copy = Object.create(Object.getPrototypeOf(err) as object) as ErrorLike;
  for (const key of Object.keys(err)) {
    if (VALUE_KEYS.has(key) || key === 'cause' || key === 'errors') continue;
    // `query` is the statement with $n placeholders: kept as it is
    copy[key] = typeof err[key] === 'string' && key !== 'query' ? redactText(err[key], err, values) : err[key];
  }
  const message = redactText(err.message, err, values);
  Object.defineProperty(copy, 'message', { value: message, enumerable: false, writable: true, configurable: true });
  Object.defineProperty(copy, 'stack', {
    value: redactStack(err, message, values),
    enumerable: false,
    writable: true,
    configurable: true,
  });
  if (isErrorLike(err.cause) && !seen.has(err.cause)) copy.cause = redactedCopy(err.cause, values, seen);
  if (Array.isArray(err.errors)) {
    copy.errors = err.errors.map((e: unknown) => (isErrorLike(e) && !seen.has(e) ? redactedCopy(e, values, seen) : e));
  }
  return copy;
}

/** The error without the bound values of any failing query in it. */
export function redactError<T>(err: T): T {
  if (!isErrorLike(err)) return err;
  return redactedCopy(err, boundValues(err), new Set()) as T;
}

/** pino's `err` serializer, on the redacted error: for every logger of the API and the worker. */
export const redactedErrorSerializer = (err: unknown) => stdSerializers.err(redactError(err) as Error);
