/**
 * Object keys: every object lives under its chamber's prefix (`{cci_code}/…`, DESIGN.md §4 tenancy),
 * and a key names the file by its last segment, which is also the download name.
 *
 *   {cci_code}/attachments/{uuid}/{file name}   uploads (conference attachments)
 *   {cci_code}/exports/{export job id}/{file name}   export files
 */
import path from 'node:path';

/** S3's own key limit is 1024 bytes of UTF-8. */
const MAX_KEY_BYTES = 1024;
const MAX_SEGMENTS = 8;
/** Control characters, the path separators of both worlds and what Windows refuses in file names. */
const FORBIDDEN = /[\p{Cc}\\/:*?"<>|]/u;

/**
 * A key safe on both drivers: relative, '/'-separated, no empty, '.' or '..' segment, no control
 * or reserved characters. Anything else could escape the local root or alias another object.
 */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return false;
  const segments = key.split('/');
  if (segments.length > MAX_SEGMENTS) return false;
  return segments.every(
    (s) => s.length > 0 && s.length <= 255 && s !== '.' && s !== '..' && !FORBIDDEN.test(s) && s.trim() === s,
  );
}

/** Whether `key` is a valid key inside the chamber's prefix. */
export const isChamberKey = (cciCode: string, key: string): boolean => isValidKey(key) && key.startsWith(`${cciCode}/`);

/** The file name a key downloads as. */
export const fileNameOf = (key: string): string => key.slice(key.lastIndexOf('/') + 1);

const MAX_NAME_LENGTH = 120;

/**
 * A user's file name made safe as a key segment: NFC (macOS uploads arrive decomposed), reserved
 * characters replaced by '_', trimmed, shortened from the middle so the extension survives.
 */
export function safeFileName(name: string, fallback = 'file'): string {
  let cleaned = name.normalize('NFC').replace(new RegExp(FORBIDDEN.source, 'gu'), '_').trim().replace(/^\.+/, '');
  if (cleaned.length === 0) cleaned = fallback;
  if ([...cleaned].length <= MAX_NAME_LENGTH) return cleaned;
  const ext = path.extname(cleaned).slice(0, 10);
  return [...cleaned.slice(0, cleaned.length - ext.length)].slice(0, MAX_NAME_LENGTH - ext.length).join('') + ext;
}

/**
 * The one rule for a file name in a header (issue 29): every download, export and template goes
 * through here. `attachment` with an ASCII fallback name and the real one as RFC 5987 `filename*`
 * (Japanese names), the name first made a safe file name (safeFileName: no control characters,
 * so no CR/LF, no quote or backslash, at most 120 characters).
 */
export function contentDisposition(fileName: string): string {
  const name = safeFileName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Content types of the files this product stores, by extension (downloads from the local driver). */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.pdf': 'application/pdf',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.csv': 'text/csv',
};

export const contentTypeOf = (key: string): string =>
  CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
