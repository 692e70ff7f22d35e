import { normalizeCode, normalizeDigits, normalizeEmail } from './normalize-input.ts';

type Normalizer = (s: string) => string;

/** Which typed fields are normalised before validation (DESIGN.md §5), wherever they appear. */
const FIELD_NORMALIZERS: Partial<Record<string, Normalizer>> = {
  company_code: normalizeCode,
  master_code: normalizeCode,
  conference_template_code: normalizeCode,
  postal_code: normalizeDigits,
  phone: normalizeDigits,
  email: normalizeEmail,
};

/**
 * A preValidation hook body: normalises code, postal code, phone and e-mail fields at any depth
 * of a JSON body, so full-width input from Japanese IMEs validates and is stored half-width.
 */
export function normalizeBody(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalizeBody);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const normalize = FIELD_NORMALIZERS[key];
    out[key] = normalize && typeof v === 'string' ? normalize(v) : normalizeBody(v);
  }
  return out;
}
