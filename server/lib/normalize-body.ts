import { foldCode } from '../../access/codes.ts';
import { normalizeKana } from '../../access/kana.ts';
import { normalizePhone } from '../../access/phone.ts';
import type { FieldNormalizers } from './inspect-input.ts';
import { normalizeCode, normalizeEmail, normalizePostalCode, normalizeText } from './normalize-input.ts';

/**
 * Typed fields of a JSON body normalised before validation (DESIGN.md §5), wherever they appear,
 * so full-width input from Japanese IMEs validates and is stored half-width. Applied by
 * inspectInput in its one pass over the body (plugins/app/input-normalizer.ts), hence on every
 * write path (console, portal, API) alike; imports use the same functions (issue 15 §4).
 */
export const BODY_FIELD_NORMALIZERS: FieldNormalizers = {
  // one code whatever its case and width (issue 15 §4, issue 18 §7; docs/decisions/0012)
  company_code: foldCode,
  master_code: normalizeCode,
  conference_template_code: foldCode,
  postal_code: normalizePostalCode,
  phone: normalizePhone,
  email: normalizeEmail,
  mail_reply_to: normalizeEmail,
  name_kana: normalizeKana,
  address: normalizeText,
};
