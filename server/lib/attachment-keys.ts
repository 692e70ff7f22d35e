/**
 * Conference attachments may only name objects uploaded for the caller's chamber through
 * POST /v1/cci/{cci_code}/common/s3/put_object_url (issue 6): keys under
 * `{cci_code}/attachments/` (server/storage/keys.ts). Anything else — another chamber's key, an
 * export file, a path with `..` — would let a company download it through the company
 * get_object_url (which trusts the conference's attachments), so it is a 400 naming each field.
 * A key newly attached must also be a recorded upload (the `upload` table) that the hourly
 * clean-up has not removed (server/jobs/upload-cleanup.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { upload, type Attachment } from '../db/schema.ts';
import type { Executor } from './audit.ts';
import { Problem, type ProblemField } from './problem.ts';
import { isChamberKey } from '../storage/keys.ts';

/** Attachment lists of a request body with where each sits (`body`, `body.sub_conferences.0`). */
export type AttachmentLists = Array<[Attachment[] | undefined, string]>;

/** A new conference's lists: its own and each sub-conference's. */
export const createAttachmentLists = (body: {
  attachments?: Attachment[];
  sub_conferences?: Array<{ attachments?: Attachment[] }>;
}): AttachmentLists => [
  [body.attachments, 'body'],
  ...(body.sub_conferences ?? []).map((sub, i): [Attachment[] | undefined, string] => [
    sub.attachments,
    `body.sub_conferences.${i}`,
  ]),
];

const refuse = (errors: ProblemField[]): never => {
  throw new Problem(
    400,
    'invalid_attachment_key',
    '添付資料に、この会議所でアップロードされていないファイルが指定されています。ファイルをアップロードし直してください。',
    errors,
  );
};

/** The field errors for every attachment `bad(key)` says is not acceptable. */
function badKeys(lists: AttachmentLists, bad: (key: string) => boolean): ProblemField[] {
  const errors: ProblemField[] = [];
  for (const [attachments, path] of lists) {
    (attachments ?? []).forEach((attachment, i) => {
      if (bad(attachment.key)) {
        errors.push({
          field: `${path}.attachments.${i}.key`,
          code: 'invalid_attachment_key',
          message: 'この会議所にアップロードされたファイルではありません',
        });
      }
    });
  }
  return errors;
}

/** Is `key` an attachment key of the chamber (`{cci_code}/attachments/…`, a valid object key)? */
export const isAttachmentKey = (cciCode: string, key: string): boolean =>
  isChamberKey(cciCode, key) && key.startsWith(`${cciCode}/attachments/`);

/**
 * 400 `invalid_attachment_key` when any attachment of the given lists names a key outside the
 * chamber's attachments.
 */
export function assertAttachmentKeys(cciCode: string, lists: AttachmentLists): void {
  const errors = badKeys(lists, (key) => !isAttachmentKey(cciCode, key));
  if (errors.length > 0) refuse(errors);
}

/**
 * 400 `invalid_attachment_key` when a key not in `kept` (the conference's attachments before this
 * write) is not a recorded upload of the chamber. Run inside the write's transaction: the upload
 * rows are locked FOR KEY SHARE until it commits, and the clean-up skips locked rows, so a file
 * cannot be deleted between this check and the save that references it.
 */
export async function assertUploaded(tx: Executor, cciCode: string, lists: AttachmentLists, kept: readonly Attachment[] = []) {
  const keptKeys = new Set(kept.map((a) => a.key));
  const added = [...new Set(lists.flatMap(([attachments]) => (attachments ?? []).map((a) => a.key)))].filter(
    (k) => !keptKeys.has(k),
  );
  if (added.length === 0) return;
  const found = await tx
    .select({ key: upload.key })
    .from(upload)
    .where(and(eq(upload.cci_code, cciCode), inArray(upload.key, added)))
    .for('key share');
  const recorded = new Set(found.map((row) => row.key));
  const errors = badKeys(lists, (key) => !keptKeys.has(key) && !recorded.has(key));
  if (errors.length > 0) refuse(errors);
}
