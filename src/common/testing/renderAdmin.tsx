/**
 * Tests only: renders an <Admin> with the app's real authProvider, dataProvider and layout (session
 * loading, menu), the Japanese messages including src/common/messages.ts, and just the resources a
 * test passes, at `url` inside a MemoryRouter, with a fresh in-memory store (list filters and
 * sort of one test do not leak into the next). Sign in first (amplify.signInAs) and answer the
 * session call (server.use(cciUserInfoOk())).
 *
 *   renderAdmin('/companies/1', { companies });
 *   renderAdmin('/members', { members }, { theme }); // with the app's theme
 */
import { render } from '@testing-library/react';
import { Admin, Resource, memoryStore, type RaThemeOptions, type ResourceProps } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { authProvider } from '../../providers/authProvider';
import { dataProvider } from '../../providers/dataProvider';
import { createQueryClient } from '../../providers/queryClient';
import { AppLayout } from '../../layout/AppLayout';
import { testI18nProvider } from './i18nProvider';

export type ResourceDefinitions = Record<string, Omit<ResourceProps, 'name'>>;

/** `theme`: the app's (src/theme.ts) where a test looks at colours or MUI's own texts. */
export const renderAdmin = (url: string, resources: ResourceDefinitions, { theme }: { theme?: RaThemeOptions } = {}) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Admin
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={testI18nProvider}
        layout={AppLayout}
        store={memoryStore()}
        queryClient={createQueryClient()}
        theme={theme}
        disableTelemetry
      >
        {Object.entries(resources).map(([name, definition]) => (
          <Resource key={name} name={name} {...definition} />
        ))}
      </Admin>
    </MemoryRouter>,
  );
