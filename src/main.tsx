/**
 * Boot: load /config.json, configure Amplify (and Sentry when a DSN is set), then render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadRuntimeConfig } from './config/runtimeConfig';
import { configureAmplify } from './providers/amplify';
import { keepLocaleCookie } from './auth/cookies';
import { initSentry } from './observability/sentry';
import { connectHttpClientToSession } from './session/httpSession';
import { App } from './App';
import { BootError } from './BootError';

const root = createRoot(document.getElementById('root')!);

const boot = async () => {
  keepLocaleCookie();
  connectHttpClientToSession();
  try {
    const config = await loadRuntimeConfig();
    await configureAmplify(config);
    initSentry(config.sentry).catch((error) => console.error('[sentry] init failed', error));
  } catch (error) {
    console.error('[boot] configuration could not be loaded', error);
    root.render(<BootError />);
    return;
  }
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
};

void boot();
