import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server } from './server';
import { amplify } from './amplifyMock';
import { resetSession } from '../session/sessionStore';
import { inflight } from '../api/inflight';
import { setNavigator } from '../api/navigation';
import { setDefaultRetrySleep } from '../api/httpClient';
import { clearSessionLoss } from '../session/sessionLoss';
import { connectHttpClientToSession } from '../session/httpSession';
import { resetAfterFile } from './fileReset';

vi.mock('aws-amplify/auth', () => import('./amplifyMock'));

// the app's composition (main.tsx): the HTTP client's session callbacks
connectHttpClientToSession();

// findBy*/waitFor wait up to 5 s (Testing Library's 1 s default is too short for lazy screens on a
// loaded 2-core CI machine); a test still fails at once on a wrong value once the screen is there
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));

beforeEach(() => {
  amplify.reset();
  // react-admin keeps list filters and preferences in localStorage between renders
  localStorage.clear();
  sessionStorage.clear();
  clearSessionLoss();
  // Screens' tests keep the spec §9 retries but not their real back-off waits.
  setDefaultRetrySleep(async () => undefined);
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  resetSession();
  inflight.reset();
  setNavigator(null);
  vi.useRealTimers();
});

afterAll(() => {
  server.close();
  resetAfterFile();
});
