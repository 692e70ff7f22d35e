/**
 * Local-disk storage (the embedded default, DESIGN.md §3): objects are files under `root`
 * (`.data/objects`), URLs point at the API's own /v1/storage/objects routes and are signed with
 * HMAC and expire (server/storage/local-signature.ts). Files are written to a temporary name and
 * renamed into place, so a reader never sees half a file.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import type { PresignedGet, PresignedPut, StorageDriver } from './driver.ts';
import { isValidKey } from './keys.ts';
import { objectPath, sign, verify, type SignedFields } from './local-signature.ts';

export interface LocalDiskOptions {
  root: string;
  secret: Buffer;
  /** Absolute origin for the URLs (PUBLIC_ORIGIN); empty → URLs relative to the API's origin. */
  baseUrl?: string;
  /** The clock URLs are signed and checked against (tests move it past an expiry). */
  now?: () => Date;
}

export type UrlCheck = 'ok' | 'expired' | 'invalid';

/** The body of an upload was not the size that was signed. */
export class SizeMismatchError extends Error {}

export class LocalDiskDriver implements StorageDriver {
  readonly kind = 'local';
  readonly connectOrigin: string | undefined;
  private readonly root: string;
  private readonly tmpDir: string;

  constructor(private readonly opts: LocalDiskOptions) {
    this.root = path.resolve(opts.root);
    // inside root so rename() stays on one file system; '.tmp' can never be a key's first segment
    this.tmpDir = path.join(this.root, '.tmp');
    this.connectOrigin = opts.baseUrl ? new URL(opts.baseUrl).origin : undefined;
  }

  private now = () => (this.opts.now ?? (() => new Date()))();

  private url(fields: SignedFields, extra: Record<string, string>): string {
    const query = new URLSearchParams({ ...extra, exp: String(fields.exp), sig: sign(this.opts.secret, fields) });
    return `${this.opts.baseUrl ?? ''}${objectPath(fields.key)}?${query}`;
  }

  private expiry(seconds: number): number {
    return Math.floor(this.now().getTime() / 1000) + seconds;
  }

  /** The file of a key, never outside root (keys are validated, and the resolved path checked again). */
  pathOf(key: string): string {
    if (!isValidKey(key)) throw new Error(`invalid object key: ${key}`);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep) || file.startsWith(this.tmpDir + path.sep)) {
      throw new Error(`object key outside the storage root: ${key}`);
    }
    return file;
  }

  async presignPut(key: string, o: { contentType: string; size: number; expiresInSeconds: number }): Promise<PresignedPut> {
    const exp = this.expiry(o.expiresInSeconds);
    const fields: SignedFields = { method: 'PUT', key, exp, contentType: o.contentType, size: o.size };
    this.pathOf(key);
    return {
      url: this.url(fields, { ct: o.contentType, size: String(o.size) }),
      headers: { 'content-type': o.contentType },
      expiresAt: new Date(exp * 1000),
    };
  }

  async presignGet(key: string, o: { expiresInSeconds: number }): Promise<PresignedGet> {
    const exp = this.expiry(o.expiresInSeconds);
    this.pathOf(key);
    return { url: this.url({ method: 'GET', key, exp }, {}), expiresAt: new Date(exp * 1000) };
  }

  /** Is this the URL we signed, still valid? Checked before the file system is touched. */
  check(fields: SignedFields, signature: string): UrlCheck {
    if (!isValidKey(fields.key) || !verify(this.opts.secret, fields, signature)) return 'invalid';
    return fields.exp * 1000 < this.now().getTime() ? 'expired' : 'ok';
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  /** A regular file's size and stream; null for anything else (missing, a directory: no listing). */
  async open(key: string): Promise<{ size: number; stream: Readable } | null> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { size: info.size, stream: createReadStream(file) };
    } catch {
      return null;
    }
  }

  /** Stores an upload of exactly `size` bytes; anything longer or shorter is refused and discarded. */
  async write(key: string, body: Readable, size: number): Promise<void> {
    const file = this.pathOf(key);
    const tmp = await this.tmpFile();
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        received += chunk.length;
        done(received > size ? new SizeMismatchError('body larger than signed') : null, chunk);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(tmp, { flags: 'wx' }));
      if (received !== size) throw new SizeMismatchError('body smaller than signed');
      await mkdir(path.dirname(file), { recursive: true });
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async putFile(key: string, filePath: string): Promise<void> {
    const file = this.pathOf(key);
    const tmp = await this.tmpFile();
    try {
      await copyFile(filePath, tmp);
      await mkdir(path.dirname(file), { recursive: true });
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private async tmpFile(): Promise<string> {
    await mkdir(this.tmpDir, { recursive: true });
    return path.join(this.tmpDir, randomUUID());
  }
}
