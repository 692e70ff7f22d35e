/**
 * Local-disk storage (the embedded default, DESIGN.md §3): objects are files under `root`
 * (`.data/objects`), URLs point at the API's own /v1/storage/objects routes and are signed with
 * HMAC and expire (server/storage/local-signature.ts). Files are written to a temporary name and
 * moved into place only once whole, so a reader never sees half a file. Uploads never replace an
 * object (see `write`); the export worker's `putFile` does.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import type { PresignedGet, PresignedPut, StorageDriver } from './driver.ts';
import { isValidKey } from './keys.ts';
import { matchesSignature, signatureLength } from './magic.ts';
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

/** The first bytes of an upload are not those of the type that was signed (server/storage/magic.ts). */
export class ContentMismatchError extends Error {}

/** An upload to a key that already holds an object: stored objects are never replaced by a PUT. */
export class ObjectExistsError extends Error {}

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

  /**
   * Stores an upload of exactly `size` bytes of `contentType` at a key that holds nothing yet.
   * Anything longer or shorter, or whose first bytes are not those of `contentType`
   * (server/storage/magic.ts), is refused and discarded. An object already stored is never
   * replaced (a signed PUT URL stays valid for minutes: replaying it must not swap an attached
   * file for other bytes): the finished temporary file is hard-linked into place, which fails if
   * the name exists, atomically, even for two uploads racing. Temporary files live under `.tmp`,
   * never at a key's path, so an upload that broke off half-way does not count as stored.
   */
  async write(key: string, body: Readable, o: { size: number; contentType: string }): Promise<void> {
    const file = this.pathOf(key);
    const tmp = await this.tmpFile();
    const { size, contentType } = o;
    const needed = Math.min(signatureLength(contentType), size);
    let head = Buffer.alloc(0);
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        received += chunk.length;
        if (received > size) return done(new SizeMismatchError('body larger than signed'));
        if (head.length < needed) {
          head = Buffer.concat([head, chunk.subarray(0, needed - head.length)]);
          if (head.length >= needed && !matchesSignature(contentType, head)) {
            return done(new ContentMismatchError(`upload does not start as ${contentType}`));
          }
        }
        done(null, chunk);
      },
    });
    const stored = pipeline(counter, createWriteStream(tmp, { flags: 'wx' }));
    // The body is piped, not part of the pipeline: refusing an upload must not destroy the request
    // (its socket), or no answer could be sent. What is left of a refused body is discarded.
    const broken = (err: Error) => counter.destroy(err);
    const closed = () => {
      if (!body.readableEnded) counter.destroy(new Error('upload closed before its end'));
    };
    body.once('error', broken);
    body.once('close', closed);
    body.pipe(counter);
    try {
      await stored;
      if (received !== size) throw new SizeMismatchError('body smaller than signed');
      if (!matchesSignature(contentType, head)) throw new ContentMismatchError(`upload does not start as ${contentType}`);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await link(tmp, file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(`object already stored: ${key}`);
        throw err;
      }
    } catch (err) {
      body.unpipe(counter);
      if (!body.destroyed) body.resume();
      throw err;
    } finally {
      body.off('error', broken);
      body.off('close', closed);
      // after link() the file has its own name; the temporary one always goes
      await rm(tmp, { force: true });
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

  async getFile(key: string, filePath: string): Promise<boolean> {
    if (!(await this.exists(key))) return false;
    await copyFile(this.pathOf(key), filePath);
    return true;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private async tmpFile(): Promise<string> {
    await mkdir(this.tmpDir, { recursive: true });
    return path.join(this.tmpDir, randomUUID());
  }
}
