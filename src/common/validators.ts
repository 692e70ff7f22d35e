/**
 * Client-side validation for comfort, with the server's rules (server/schemas/*.ts). Input typed
 * with a Japanese IME may be full-width: the server NFKC-normalises codes, postal codes, phones and
 * e-mails (DESIGN §5), so these validators check the NFKC form too and accept what the server will.
 * Each returns a translation key (react-admin translates validation messages).
 */
import type { Validator } from 'react-admin';
import { foldCode } from '../../access/codes';
import { KANA_PATTERN, normalizeKana } from '../../access/kana';
import { normalizePhone, PHONE_PATTERN } from '../../access/phone';

const KANA = new RegExp(KANA_PATTERN);

/** NFKC, as the server applies it (全角 １２３ → 123, ＠ → @). */
export const nfkc = (value: unknown): string => (typeof value === 'string' ? value.normalize('NFKC').trim() : '');

/** Postal codes as the server reads them: NFKC, dash look-alikes (ー too) as '-', no spaces. */
const digits = (value: unknown): string =>
  nfkc(value)
    .replace(/[\u2010-\u2015\u2212\u30FC\uFE58\uFE63]/g, '-')
    .replace(/\s+/g, '');

const byPattern =
  (pattern: RegExp, message: string, normalize: (value: unknown) => string = nfkc): Validator =>
  (value: unknown) => {
    const v = normalize(value);
    return v === '' || pattern.test(v) ? undefined : message;
  };

/** Server: format email (Ajv's). A pragmatic equivalent. */
export const emailFormat = byPattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'kaigi.common.validation.email');
/** Server: 7 digits, stored 123-4567 (a leading 〒 dropped). */
export const postalCode = byPattern(/^〒?[0-9]{3}-?[0-9]{4}$/, 'kaigi.common.validation.postal_code', digits);
/** Server: PHONE_PATTERN after normalizePhone, the one rule (053(433)2681, +81 3-…, 全角 all pass). */
export const phone = byPattern(new RegExp(PHONE_PATTERN), 'kaigi.common.validation.phone', (value) =>
  typeof value === 'string' ? normalizePhone(value) : '',
);
/** Server: カタカナ after ひらがな → カタカナ (issue 15 §4): ひらがな and 半角カナ pass, kanji and Latin letters do not. */
export const kana = byPattern(KANA, 'kaigi.common.validation.kana', (value) =>
  typeof value === 'string' ? normalizeKana(value) : '',
);
/** Server: ^[0-9A-Za-z_-]+$ (company codes, template codes) after foldCode: ｗ１ is W1 (issue 15 §4). */
export const code = byPattern(/^[0-9A-Za-z_-]+$/, 'kaigi.common.validation.code', (value) =>
  typeof value === 'string' ? foldCode(value) : '',
);

/** An end date ('YYYY-MM-DD') not before the `startField` of the same form. */
export const notBefore =
  (startField: string): Validator =>
  (value: unknown, values: Record<string, unknown>) => {
    const start = startField
      .split('.')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], values);
    return typeof value === 'string' && value !== '' && typeof start === 'string' && start !== '' && value < start
      ? 'kaigi.common.validation.period'
      : undefined;
  };

/** A whole number ≥ 0 (ranks). */
export const nonNegativeInteger: Validator = (value: unknown) =>
  value === null || value === undefined || value === '' || (Number.isInteger(Number(value)) && Number(value) >= 0)
    ? undefined
    : 'kaigi.common.validation.integer';

/**
 * required() whose message names the field (「子会議名を入力してください」): in a repeated row
 * (sub-conferences, rules) a bare 「必須」 does not say what is missing (issue 18 item 7).
 * `field` is the label already translated: react-admin passes validation args through as they are.
 * Not react-admin's required(message): it memoises on the message, so two of them would share one.
 */
const namedRequired = new Map<string, Validator>();
/** One validator per label and kind, the same function on every render (as react-admin memoises its own). */
export const requiredNamed = (field: string, kind: 'typed' | 'chosen' = 'typed'): Validator => {
  const key = `${kind}:${field}`;
  let validator = namedRequired.get(key);
  if (!validator) {
    validator = Object.assign(
      (value: unknown) =>
        value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
          ? { message: `kaigi.common.validation.required_${kind}`, args: { field } }
          : undefined,
      { isRequired: true },
    );
    namedRequired.set(key, validator);
  }
  return validator;
};
