/**
 * Tests only: the app's Japanese messages (src/i18n/ja.ts) plus src/common/messages.ts, for as
 * long as ja.ts does not merge the latter itself (then this equals providers/i18nProvider).
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { jaMessages } from '../../i18n/ja';
import { messages as commonMessages } from '../messages';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const deepMerge = (a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    out[key] = isObject(value) && isObject(out[key]) ? deepMerge(out[key], value) : value;
  }
  return out;
};

export const testMessages = deepMerge(commonMessages, jaMessages);

export const testI18nProvider = polyglotI18nProvider(() => testMessages as unknown as TranslationMessages, 'ja', [
  { locale: 'ja', name: '日本語' },
]);
