/** Shown when /config.json cannot be loaded (outside <Admin>, so it translates directly). */
import { i18nProvider } from './providers/i18nProvider';

export const BootError = () => (
  <main style={{ padding: 32, fontFamily: 'sans-serif' }} role="alert">
    <h1>{i18nProvider.translate('kaigi.boot.title')}</h1>
    <p>{i18nProvider.translate('kaigi.boot.message')}</p>
  </main>
);
