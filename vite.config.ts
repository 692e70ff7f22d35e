import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API (and /config.json) runs on 127.0.0.1:8080; the SPA is same-origin in production. */
const API = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // maps for error reporting, not referenced from the served bundle
    sourcemap: 'hidden',
    // budgets are gzip sizes (DESIGN §9: admin ≤ 350 KB, company ≤ 330 KB first load)
    chunkSizeWarningLimit: 1100,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Everything the first page needs in one file instead of ~50 small shared chunks: gzip
        // compresses one file better than many, and the browser makes fewer requests.
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/v1': { target: API, changeOrigin: false },
      '/config.json': { target: API, changeOrigin: false },
      '/health': { target: API, changeOrigin: false },
    },
  },
  preview: {
    host: '127.0.0.1',
    proxy: {
      '/v1': { target: API },
      '/config.json': { target: API },
      '/health': { target: API },
    },
  },
});
