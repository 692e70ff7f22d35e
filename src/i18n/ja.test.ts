import Cookies from 'js-cookie';
import { keepLocaleCookie } from '../auth/cookies';
import { jaMessages } from './ja';
import { i18nProvider } from '../providers/i18nProvider';

describe('Japanese messages (spec §1)', () => {
  it('§1: react-admin messages are Japanese and ours are merged in', () => {
    expect(i18nProvider.getLocale()).toBe('ja');
    expect(i18nProvider.translate('ra.auth.logout')).toBe('ログアウト');
    expect(i18nProvider.translate('ra.auth.user_menu')).toBe('プロフィール');
    expect(i18nProvider.translate('kaigi.session.user_info_error')).toBe('ユーザ情報取得時にエラーが発生しました。');
    expect((jaMessages as { ra?: unknown }).ra).toBeDefined();
  });
});

describe('locale cookie (spec §1, §3)', () => {
  it('§3: NEXT_LOCALE is kept at ja', () => {
    Cookies.set('NEXT_LOCALE', 'en');
    keepLocaleCookie();
    expect(Cookies.get('NEXT_LOCALE')).toBe('ja');
  });
});
