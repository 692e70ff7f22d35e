/**
 * Renders one portal page the way App.tsx mounts it (react-admin context with the real providers,
 * MSW behind the HTTP client), without the layout, at `url` matched by `path`.
 * The i18n provider has the portal's messages merged in (App's does once ja.ts imports them).
 */
import { useEffect, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, memoryStore, type TranslationMessages } from 'react-admin';
import { createQueryClient } from '../../providers/queryClient';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { authProvider } from '../../providers/authProvider';
import { dataProvider } from '../../providers/dataProvider';
import { jaMessages } from '../../i18n/ja';
import { setNavigator } from '../../api/navigation';
import { messages } from '../messages';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const merge = (a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) out[key] = isObject(value) && isObject(out[key]) ? merge(out[key], value) : value;
  return out;
};

export const portalMessages = merge(jaMessages, messages);

export const i18nProvider = polyglotI18nProvider(() => portalMessages as unknown as TranslationMessages, 'ja');

export const location: { pathname: string; search: string; state: unknown } = { pathname: '', search: '', state: null };

export const LocationSpy = () => {
  const current = useLocation();
  useEffect(() => {
    Object.assign(location, { pathname: current.pathname, search: current.search, state: current.state });
  }, [current]);
  return null;
};

export const currentPath = () => `${location.pathname}${location.search}`;

/** The page at `path`, plus a placeholder for every other route so navigations are observable. */
export const renderPortal = (page: ReactElement, { url, path }: { url: string; path: string }) => {
  const navigated: string[] = [];
  setNavigator(
    (to) => navigated.push(to),
    () => ({ pathname: location.pathname, search: location.search, hash: '' }),
  );
  const result = render(
    <MemoryRouter initialEntries={[url]}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        queryClient={createQueryClient()}
      >
        <LocationSpy />
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={<p data-testid="elsewhere">elsewhere</p>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
  return { ...result, navigated };
};
