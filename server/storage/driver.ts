/**
 * Object storage behind one interface (DESIGN.md §3): S3 in production, the local disk by default.
 * Browsers never send files through the API's JSON endpoints: they PUT and GET presigned URLs
 * that expire; the export worker writes finished files with `putFile`.
 */
export interface PresignedPut {
  url: string;
  /** headers the upload must send exactly as given (they are part of the signature) */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface PresignedGet {
  url: string;
  expiresAt: Date;
}

export interface StorageDriver {
  readonly kind: 's3' | 'local';
  /** The origin browsers upload to, for the CSP's connect-src (DESIGN.md §10); undefined: the API's own. */
  readonly connectOrigin?: string;
  /** A URL to PUT exactly `size` bytes of `contentType` at `key`, valid for `expiresInSeconds`. */
  presignPut(key: string, opts: { contentType: string; size: number; expiresInSeconds: number }): Promise<PresignedPut>;
  /** A URL to GET `key`, downloaded as the key's last segment (Content-Disposition: attachment). */
  presignGet(key: string, opts: { expiresInSeconds: number }): Promise<PresignedGet>;
  exists(key: string): Promise<boolean>;
  /** Stores a finished local file at `key` in one piece: readers see the old object or the whole new one. */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** Copies the object `key` to the local file `filePath` (an import reads its upload); false when there is no such object. */
  getFile(key: string, filePath: string): Promise<boolean>;
  /** Removes `key`; a missing object is not an error. */
  delete(key: string): Promise<void>;
}
