/** Japanese only (spec §1): react-admin's messages + ours, dayjs in ja. */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import { jaMessages } from '../i18n/ja';
import { LOCALE } from '../auth/cookies';

dayjs.locale(LOCALE);

export const i18nProvider = polyglotI18nProvider(() => jaMessages as unknown as TranslationMessages, LOCALE, [
  { locale: LOCALE, name: '日本語' },
]);
