import type { Context } from 'hono';
import type { AppEnv } from '../types.js';

/**
 * A response whose headers are one plain object holding everything the app adds (request id,
 * `X-Content-Type-Options`). Hono turns several headers given to `context.body()` into a web
 * `Headers` object, and @hono/node-server then converts them back header by header; with a plain
 * object it writes them as they are, like a bare app answering one header. Used on the hottest
 * route (cached feeds); the access log leaves such a response alone (`headersComplete`).
 */
export function respondWithHeaders(context: Context<AppEnv>, body: Uint8Array<ArrayBuffer> | string | null, status: number, headers: Record<string, string>): Response {
  headers['X-Request-Id'] = context.get('requestId');
  headers['X-Content-Type-Options'] = 'nosniff';
  context.set('headersComplete', true);
  return new Response(body, { status, headers });
}
