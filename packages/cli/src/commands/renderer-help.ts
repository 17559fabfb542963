/** Kept apart from `renderer.ts` so that listing help never loads the rendering service. */
export const rendererHelp = `pagefeed renderer [options]

Run pagefeed's rendering service: a browserless-compatible websocket endpoint in front of a local
headless Chromium (Debian: apt-get install chromium; or set CHROMIUM_PATH). Chromium starts on the
first page, closes after --idle-seconds without pages, restarts after a crash or past the memory
limit. A pagefeed server uses it with:
  RENDERER_WEBSOCKET_URL=ws://<host>:<port> RENDERER_API_TOKEN=<token>
(\`pnpm start\` runs one itself when RENDERER_WEBSOCKET_URL is not set and Chromium is installed.)

Options:
  --host <address>          address to listen on (default 127.0.0.1; 0.0.0.0 for other hosts)
  --port <number>           port (default 3000)
  --token <token>           token clients must send (default RENDERER_API_TOKEN, else a random one, printed)
  --concurrency <number>    pages at once (default RENDERER_CONCURRENCY or 4)
  --queue <number>          sessions waiting for a page before HTTP 429 (default 16)
  --idle-seconds <number>   close Chromium after this long without pages (default 60)
  --memory-limit-mb <n>     replace Chromium when its processes use more (default RENDERER_MEMORY_LIMIT_MB or 1024)`;
