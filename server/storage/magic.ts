/**
 * The first bytes ("magic numbers") each uploadable type starts with (issue 6 types, see
 * server/schemas/storage.ts). The local-disk driver checks an upload's first bytes against the type
 * the URL was signed for, so a file renamed to .pdf is refused rather than served as a PDF.
 * Office Open XML files (xlsx, docx, pptx) are ZIP archives: a local file header, `PK\x03\x04`.
 */
const ZIP = Buffer.from('PK\x03\x04', 'latin1');

export const FILE_SIGNATURES: Readonly<Record<string, readonly Buffer[]>> = {
  'application/pdf': [Buffer.from('%PDF-', 'latin1')],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': [ZIP],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': [ZIP],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': [ZIP],
  'image/png': [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  'image/jpeg': [Buffer.from([0xff, 0xd8, 0xff])],
};

/** How many leading bytes decide the type of `contentType` (0: a type without a known signature). */
export function signatureLength(contentType: string): number {
  return Math.max(0, ...(FILE_SIGNATURES[contentType.toLowerCase()] ?? []).map((s) => s.length));
}

/**
 * Whether `head` (the file's first bytes, at least signatureLength(contentType) of them unless the
 * file is shorter) starts as a file of `contentType` does. Types without a signature always match.
 */
export function matchesSignature(contentType: string, head: Buffer): boolean {
  const signatures = FILE_SIGNATURES[contentType.toLowerCase()];
  if (!signatures) return true;
  return signatures.some((s) => head.length >= s.length && head.subarray(0, s.length).equals(s));
}
