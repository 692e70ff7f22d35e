/**
 * The own company's editable attributes (server/schemas/company.ts CompanyEditableAttributes) as a
 * form: values, client-side validation with the server's rules (after the same normalisation:
 * full-width digits and dash look-alikes are accepted for postal code and phone, and 053(433)2681 or
 * +81 for phone: access/phone.ts), and the PUT body.
 */
import type { Company } from '../../api/schema';
import { KANA_PATTERN, normalizeKana } from '../../../access/kana';
import { normalizePhone } from '../../../access/phone';

const KANA = new RegExp(KANA_PATTERN);
import { EMAIL_RE, normalizeDigits, normalizeEmail, PHONE_RE, POSTAL_CODE_RE } from '../format';

export const PROFILE_FIELDS = ['name1', 'name_kana', 'representative', 'email', 'postal_code', 'address', 'phone'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileValues = Record<ProfileField, string>;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

const MAX_LENGTH: Record<ProfileField, number> = {
  name1: 200,
  name_kana: 200,
  representative: 100,
  email: 254,
  postal_code: 8,
  address: 300,
  phone: 15,
};

const str = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

export const valuesOf = (company: Pick<Company, 'attributes'>): ProfileValues =>
  Object.fromEntries(PROFILE_FIELDS.map((f) => [f, str(company.attributes?.[f])])) as ProfileValues;

/** What is sent: trimmed, フリガナ in カタカナ, postal code and phone normalised (the server normalises the same way). */
export const normalizedValues = (values: ProfileValues): ProfileValues => ({
  name1: values.name1.trim(),
  name_kana: normalizeKana(values.name_kana),
  representative: values.representative.trim(),
  email: normalizeEmail(values.email),
  postal_code: normalizeDigits(values.postal_code),
  address: values.address.trim(),
  phone: normalizePhone(values.phone),
});

/** Translation keys (with their `max`) of the broken rules. */
export const validateProfile = (values: ProfileValues): ProfileErrors => {
  const v = normalizedValues(values);
  const errors: ProfileErrors = {};
  if (!v.name1) errors.name1 = 'kaigi.company.profile.validation.required';
  for (const field of PROFILE_FIELDS) {
    if (!errors[field] && v[field].length > MAX_LENGTH[field] && field !== 'postal_code' && field !== 'phone') {
      errors[field] = 'kaigi.company.profile.validation.max_length';
    }
  }
  if (v.email && !EMAIL_RE.test(v.email)) errors.email = 'kaigi.company.profile.validation.email';
  if (v.name_kana && !KANA.test(v.name_kana)) errors.name_kana = 'kaigi.company.profile.validation.kana';
  if (v.postal_code && !POSTAL_CODE_RE.test(v.postal_code)) errors.postal_code = 'kaigi.company.profile.validation.postal_code';
  if (v.phone && (!PHONE_RE.test(v.phone) || v.phone.length > MAX_LENGTH.phone))
    errors.phone = 'kaigi.company.profile.validation.phone';
  return errors;
};

export const maxLengthOf = (field: ProfileField) => MAX_LENGTH[field];

/** PUT /v1/company/companies/{id} body (OwnCompanyUpdateSchema): every editable attribute. */
export const updateBody = (version: number, values: ProfileValues) => ({ version, attributes: normalizedValues(values) });

/** Fields whose typed value differs from the company's stored one. */
export const differingFields = (values: ProfileValues, company: Pick<Company, 'attributes'>): ProfileField[] => {
  const typed = normalizedValues(values);
  const stored = normalizedValues(valuesOf(company));
  return PROFILE_FIELDS.filter((f) => typed[f] !== stored[f]);
};
