/**
 * What the server accepts as an attachment (server/schemas/storage.ts, issue 6), checked in the
 * browser before asking for an upload URL so the user hears at once, in Japanese, why a file is
 * refused. Kept in step with the server by uploadRules.test.ts (the SPA does not bundle the
 * server's TypeBox module).
 */

/** 20 MB (server MAX_UPLOAD_BYTES). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** The conference schema's maxItems. */
export const MAX_ATTACHMENTS = 20;

/** Content types with the extensions each may carry (server UPLOAD_TYPES). */
export const UPLOAD_TYPES: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
};

/** For the file picker's `accept`: extensions and types. */
export const ACCEPT = [...Object.values(UPLOAD_TYPES).flat(), ...Object.keys(UPLOAD_TYPES)].join(',');

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
};

const typeForExtension = (extension: string): string | undefined =>
  Object.entries(UPLOAD_TYPES).find(([, extensions]) => extensions.includes(extension))?.[0];

export type UploadRefusal = 'unsupported_file_type' | 'file_too_large' | 'file_empty';

export type UploadCheck = { ok: true; contentType: string } | { ok: false; reason: UploadRefusal };

/**
 * The content type to declare for `file`, or why it cannot be uploaded. The type follows the
 * extension (the server checks that they agree; browsers report an empty or odd type for Office
 * files on some systems), unless the browser's own type is an allowed one for that extension.
 */
export const checkUpload = (file: Pick<File, 'name' | 'size' | 'type'>): UploadCheck => {
  const extension = extensionOf(file.name);
  const byExtension = typeForExtension(extension);
  if (!byExtension) return { ok: false, reason: 'unsupported_file_type' };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, reason: 'file_too_large' };
  if (file.size <= 0) return { ok: false, reason: 'file_empty' };
  const declared = file.type.trim().toLowerCase();
  const contentType = UPLOAD_TYPES[declared]?.includes(extension) ? declared : byExtension;
  return { ok: true, contentType };
};
