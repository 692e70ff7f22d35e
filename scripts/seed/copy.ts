/**
 * COPY … FROM STDIN with node-postgres alone.
 *
 * node-postgres' own Query answers a CopyInResponse with CopyFail ("No source stream defined"),
 * but `client.query()` accepts any Submittable, and the Connection it hands over has
 * sendCopyFromChunk / endCopyFrom — the same two hooks pg-copy-streams is built on. This module
 * is that mechanism in ~100 lines, so no extra dependency is needed.
 *
 * Rows are lines in COPY text format (columns separated by a tab, `\N` for NULL, each line ending
 * with '\n'); use `copyText()` / `copyLine()` to escape values. Lines are batched into ~256 KiB
 * CopyData messages and the socket's back-pressure is honoured, so memory stays flat however many
 * rows a generator yields.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type pg from 'pg';

/** The part of pg's (untyped) Connection this module uses. */
interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
  stream: Writable;
}

const CHUNK_CHARS = 256 * 1024;

class CopyFromQuery {
  readonly text: string;
  connection: CopyConnection | undefined;
  rowCount = 0;
  private error: Error | undefined;
  private copyIn!: { resolve: () => void; reject: (e: Error) => void };
  private finished!: { resolve: (n: number) => void; reject: (e: Error) => void };
  /** resolves when the server is ready to receive rows */
  readonly ready = new Promise<void>((resolve, reject) => (this.copyIn = { resolve, reject }));
  /** resolves with the row count when the command has completed (ReadyForQuery) */
  readonly done = new Promise<number>((resolve, reject) => (this.finished = { resolve, reject }));

  constructor(text: string) {
    this.text = text;
    // Both are awaited by copyFrom; avoid unhandled-rejection noise for the one not reached.
    this.ready.catch(() => {});
    this.done.catch(() => {});
  }

  get failed(): Error | undefined {
    return this.error;
  }

  submit(connection: unknown): void {
    this.connection = connection as CopyConnection;
    this.connection.query(this.text);
  }
  handleCopyInResponse(): void {
    this.copyIn.resolve();
  }
  handleCommandComplete(msg: { text?: string }): void {
    const m = /^COPY (\d+)/.exec(msg.text ?? '');
    if (m) this.rowCount = Number(m[1]);
  }
  handleReadyForQuery(): void {
    if (this.error) this.finished.reject(this.error);
    else this.finished.resolve(this.rowCount);
  }
  handleError(err: Error): void {
    // A server error is followed by ReadyForQuery; a dead socket is not: reject now either way.
    this.error ??= err;
    this.copyIn.reject(err);
    this.finished.reject(err);
  }
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

/**
 * Runs `copySql` (a `COPY table (cols) FROM STDIN …` statement) and streams `lines` into it.
 * Returns the number of rows the server reports. On a generator error the COPY is aborted
 * (CopyFail) and the error rethrown; on a server error (bad value, constraint) that error is thrown.
 */
export async function copyFrom(
  client: pg.ClientBase,
  copySql: string,
  lines: Iterable<string> | AsyncIterable<string>,
): Promise<number> {
  const q = new CopyFromQuery(copySql);
  void client.query(q as unknown as pg.Submittable);
  await q.ready;
  const conn = q.connection!;
  const stream = conn.stream;
  let buf = '';
  const flush = async () => {
    if (buf.length === 0) return;
    conn.sendCopyFromChunk(Buffer.from(buf, 'utf8'));
    buf = '';
    if (stream.writableNeedDrain) await Promise.race([once(stream, 'drain'), q.done.catch(() => undefined)]);
  };
  try {
    if (Symbol.iterator in lines) {
      // sync generators: no per-row await
      for (const line of lines) {
        buf += line;
        if (buf.length >= CHUNK_CHARS) {
          await flush();
          if (q.failed) break;
        }
      }
    } else {
      for await (const line of lines) {
        buf += line;
        if (buf.length >= CHUNK_CHARS) {
          await flush();
          if (q.failed) break;
        }
      }
    }
    if (!q.failed) {
      await flush();
      conn.endCopyFrom();
    }
  } catch (err) {
    if (!q.failed) conn.sendCopyFail(err instanceof Error ? err.message : String(err));
    await q.done.catch(() => undefined);
    throw err;
  }
  return q.done;
}

// ---------------------------------------------------------------------------------------------
// COPY text format
// ---------------------------------------------------------------------------------------------
const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY text format: null/undefined → \N, strings escaped, numbers/booleans as text. */
export function copyText(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'string') return NEEDS_ESCAPE.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : v;
  if (typeof v === 'boolean') return v ? 't' : 'f';
  return String(v);
}

/** A full COPY text line (tab-separated, '\n'-terminated). */
export function copyLine(values: Array<string | number | boolean | null | undefined>): string {
  let s = copyText(values[0]);
  for (let i = 1; i < values.length; i++) s += '\t' + copyText(values[i]);
  return s + '\n';
}
