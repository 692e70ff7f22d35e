/**
 * The local mail server of embedded mode and tests (DESIGN.md §3 mail row): a real SMTP server
 * (smtp-server) on 127.0.0.1 that saves every message it accepts as an `.eml` file in `dir`.
 *
 * The file is named after the message's Message-ID, so a message sent again with the same
 * Message-ID (the mail worker's resend after a crash, server/jobs/mail-worker.ts) keeps the first
 * file and is counted in `stats().duplicates` — as a recipient's mail system would drop it.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, link, unlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';

export interface SmtpSinkStats {
  /** messages accepted, duplicates included */
  received: number;
  /** messages whose Message-ID had been received before (not saved again) */
  duplicates: number;
}

export interface SmtpSink {
  port: number;
  dir: string;
  /** smtp://127.0.0.1:port, for nodemailer */
  url: string;
  stats(): SmtpSinkStats;
  stop(): Promise<void>;
}

export interface SmtpSinkOptions {
  dir: string;
  /** 0: any free port */
  port?: number;
  /** accept each message only after this long (tests: a slow server, to stop a worker mid-batch) */
  delayMs?: number;
  /** answer every message with this SMTP error instead (tests: a failing server) */
  reject?: { code: number; message: string };
  /**
   * Called after a message is saved and before the server answers 250 for it (tests: to kill a
   * sender at the exact moment the message is delivered but the sender cannot yet know it).
   */
  beforeReply?: (raw: Buffer) => Promise<void> | void;
}

const MAX_MESSAGE_BYTES = 30 * 1024 * 1024;

/** The file name a message is saved under: its Message-ID, made safe; a random name without one. */
export function emlFileName(raw: Buffer): string {
  const end = raw.indexOf('\r\n\r\n');
  const header = raw.subarray(0, end < 0 ? raw.length : end).toString('latin1');
  const id = /^message-id:[ \t]*((?:.|\r\n[ \t])*)/im
    .exec(header)?.[1]
    .replace(/\r\n[ \t]/g, ' ')
    .trim();
  const safe = id
    ?.replace(/^<|>$/g, '')
    .replace(/[^A-Za-z0-9._@+-]/g, '_')
    .slice(0, 200);
  return `${safe || `no-message-id-${randomUUID()}`}.eml`;
}

export async function startSmtpSink(opts: SmtpSinkOptions): Promise<SmtpSink> {
  await mkdir(opts.dir, { recursive: true });
  const stats: SmtpSinkStats = { received: 0, duplicates: 0 };

  /** Saved whole or not at all (readers never see half a file); never replaces a saved message. */
  const save = async (raw: Buffer) => {
    const tmp = path.join(opts.dir, `.${randomUUID()}.part`);
    await writeFile(tmp, raw);
    try {
      await link(tmp, path.join(opts.dir, emlFileName(raw)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      stats.duplicates += 1;
    } finally {
      await unlink(tmp);
    }
    stats.received += 1;
  };

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    banner: 'Kaigi local mail sink',
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // a client that disconnects in the middle of DATA destroys the stream: no 'end', nothing saved
      stream.on('end', () => {
        void (async () => {
          if (opts.delayMs) await sleep(opts.delayMs);
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error('Message exceeds the size limit'), { responseCode: 552 }));
            return;
          }
          if (opts.reject) {
            callback(Object.assign(new Error(opts.reject.message), { responseCode: opts.reject.code }));
            return;
          }
          const raw = Buffer.concat(chunks);
          await save(raw);
          await opts.beforeReply?.(raw);
          callback();
        })().catch((err: Error) => callback(err));
      });
    },
  });
  // a client's broken connection is its problem, not a reason to stop the sink
  server.on('error', () => {});

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    dir: opts.dir,
    url: `smtp://127.0.0.1:${port}`,
    stats: () => ({ ...stats }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
