import { Type, type Static } from 'typebox';
import { RequiredText } from './common.ts';

/** issue 6: attachments up to 20 MB. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** issue 6: pdf, xlsx, docx, pptx, png, jpeg — each content type with the extensions it may carry. */
export const UPLOAD_TYPES: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
};

/** What an upload is for; decides the key's folder under the chamber's prefix. */
export const UPLOAD_PURPOSES = ['conference_attachment', 'import'] as const;

/** DESIGN.md §11.4: an import's file is a CSV or an XLSX, at most 20 MB (as any upload). */
export const IMPORT_UPLOAD_TYPES: Readonly<Record<string, readonly string[]>> = {
  'text/csv': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

/**
 * POST /v1/cci/{cci_code}/common/s3/put_object_url. `content_type` is checked by the handler rather
 * than as an enum, so a wrong type gets its own code (`unsupported_file_type`) and message.
 */
export const PutObjectUrlBodySchema = Type.Object(
  {
    file_name: RequiredText(255),
    content_type: Type.String({ minLength: 1, maxLength: 200 }),
    size: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    purpose: Type.Enum(UPLOAD_PURPOSES),
  },
  { additionalProperties: false },
);
export type PutObjectUrlBody = Static<typeof PutObjectUrlBodySchema>;

export const PutObjectUrlSchema = Type.Object({
  /** PUT the file's bytes here, with `headers`, before `expires_at` */
  url: Type.String(),
  method: Type.Literal('PUT'),
  headers: Type.Record(Type.String(), Type.String()),
  /** the object key: store it in the conference's attachments ({ key, name, size }) */
  key: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
});
export type PutObjectUrl = Static<typeof PutObjectUrlSchema>;

/** GET …/common/s3/get_object_url?path= (spec §7): `path` is an object key. */
export const GetObjectUrlQuerySchema = Type.Object(
  { path: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);

export const GetObjectUrlSchema = Type.Object({
  url: Type.String(),
  file_name: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
});
export type GetObjectUrl = Static<typeof GetObjectUrlSchema>;

/** The local driver's signed URLs (routes/storage/objects.ts, hidden from the document): the key, and the signature. */
export const LocalObjectParamsSchema = Type.Object(
  { '*': Type.String({ minLength: 1, maxLength: 1100 }) },
  { additionalProperties: false },
);
const Signed = {
  exp: Type.Integer({ minimum: 0, maximum: 99_999_999_999 }),
  sig: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
};
export const LocalObjectGetQuerySchema = Type.Object(Signed, { additionalProperties: false });
export const LocalObjectPutQuerySchema = Type.Object(
  { ...Signed, ct: Type.String({ minLength: 1, maxLength: 200 }), size: Type.Integer({ minimum: 1, maximum: MAX_UPLOAD_BYTES }) },
  { additionalProperties: false },
);
