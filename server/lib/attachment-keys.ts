/**
 * Conference attachments may only name objects uploaded for the caller's chamber through
 * POST /v1/cci/{cci_code}/common/s3/put_object_url (issue 6): keys under
 * `{cci_code}/attachments/` (server/storage/keys.ts). Anything else — another chamber's key, an
 * export file, a path with `..` — would let a company download it through the company
 * get_object_url (which trusts the conference's attachments), so it is a 400 naming each field.
 */
import type { Attachment } from '../db/schema.ts';
import { Problem, type ProblemField } from '../plugins/app/problem.ts';
import { isChamberKey } from '../storage/keys.ts';

/** Is `key` an attachment key of the chamber (`{cci_code}/attachments/…`, a valid object key)? */
export const isAttachmentKey = (cciCode: string, key: string): boolean =>
  isChamberKey(cciCode, key) && key.startsWith(`${cciCode}/attachments/`);

/**
 * 400 `invalid_attachment_key` when any attachment of the given lists names a key outside the
 * chamber's attachments; `path` is where the list sits in the body (`body`, `body.sub_conferences.0`).
 */
export function assertAttachmentKeys(cciCode: string, lists: Array<[Attachment[] | undefined, string]>): void {
  const errors: ProblemField[] = [];
  for (const [attachments, path] of lists) {
    (attachments ?? []).forEach((attachment, i) => {
      if (!isAttachmentKey(cciCode, attachment.key)) {
        errors.push({
          field: `${path}.attachments.${i}.key`,
          code: 'invalid_attachment_key',
          message: 'この会議所にアップロードされたファイルではありません',
        });
      }
    });
  }
  if (errors.length > 0) {
    throw new Problem(
      400,
      'invalid_attachment_key',
      '添付資料に、この会議所でアップロードされていないファイルが指定されています。ファイルをアップロードし直してください。',
      errors,
    );
  }
}
