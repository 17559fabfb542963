import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Everything is bundled into files under `dist/` — no CDN, no inline script or style — so the
 * server's strict Content-Security-Policy (self only) holds.
 */
export default defineConfig({
  root,
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The preload polyfill would add an inline helper; every browser we target has modulepreload.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: {
      input: { index: `${root}index.html`, selectors: `${root}selectors.html` },
    },
  },
  server: {
    // `pnpm --filter @pagefeed/web dev` next to a running server (port 4000 by default).
    proxy: { '/api': process.env['PAGEFEED_API'] ?? 'http://127.0.0.1:4000' },
  },
});
