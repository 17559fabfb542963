import type { Hono } from 'hono';
import { ApiError } from '../errors/status.js';
import type { AppEnv } from '../types.js';
import type { RouteContext } from './context.js';

/**
 * The web UI (apps/web/dist) at `/`, under a strict Content-Security-Policy: everything from this
 * origin only, no inline scripts. Unknown page paths get index.html (client-side routing).
 */
export const WEB_UI_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:", // previews show item pictures from the sources, as a reader would
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>pagefeed</title></head>
<body><h1>pagefeed</h1>
<p>The API runs under <a href="/api/v1">/api/v1</a> (<a href="/api/v1/openapi.json">OpenAPI</a>).</p>
<p>The web UI is not built. Build it with <code>pnpm --filter @pagefeed/web build</code> (or <code>pnpm build</code> at the repository root) and restart the server.</p>
</body></html>
`;

const RESERVED = /^\/(api|metrics)(\/|$)/;

export function registerWebUi(app: Hono<AppEnv>, route: RouteContext): void {
  const files = route.deps.staticFiles;
  const headers = { 'Content-Security-Policy': WEB_UI_CSP, 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'no-referrer' };

  app.get('/', async (context) => {
    const index = await files?.read('index.html');
    if (!index) return context.html(NOT_BUILT_PAGE, 200, headers);
    return context.body(index.body as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Type': index.contentType });
  });

  // `/*`, not a pattern with a regular expression (`/:asset{.+}`): Hono's fast RegExpRouter cannot
  // hold such a pattern, and one of them makes every request of the app go through the slower trie
  // router (a few per cent of a cached feed's time). `/` itself is answered by the route above.
  app.get('/*', async (context) => {
    const path = context.req.path;
    if (RESERVED.test(path)) throw new ApiError('NotFound', `No route ${context.req.method} ${path}.`, 'GET /api/v1/openapi.json lists every route');
    const relative = decodePath(path.slice(1));
    if (relative === undefined) throw new ApiError('NotFound', `No file ${path}.`, 'the web UI is served from /');
    const file = (await files?.read(relative)) ?? (/\.[a-z0-9]+$/i.test(relative) ? undefined : await files?.read('index.html'));
    if (!file) throw new ApiError('NotFound', `No file ${path}.`, 'the web UI is served from /');
    return context.body(file.body as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Type': file.contentType });
  });
}

/** A malformed escape (`/%ff`) names no file: a 404, not an unexpected failure. */
function decodePath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}
