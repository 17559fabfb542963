/**
 * A response whose headers are one plain object holding everything the app adds (request id,
 * `X-Content-Type-Options`). Hono turns several headers given to `context.body()` into a web
 * `Headers` object, and @hono/node-server then converts them back header by header; with a plain
 * object it writes them as they are, like a bare app answering one header. Used on the hottest
 * route (cached feeds, also from the fast path); the route marks such a response `headersComplete`
 * so the access log leaves it alone.
 */
export function responseWithAppHeaders(body: Uint8Array<ArrayBuffer> | string | null, status: number, headers: Record<string, string>, requestId: string): Response {
  headers['X-Request-Id'] = requestId;
  headers['X-Content-Type-Options'] = 'nosniff';
  return new Response(body, { status, headers });
}
