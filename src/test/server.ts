/** MSW server for component-level HTTP (setup.ts starts it; tests add handlers with server.use). */
import { setupServer } from 'msw/node';

export const server = setupServer();
