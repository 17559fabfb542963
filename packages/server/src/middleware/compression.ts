import type { MiddlewareHandler } from 'hono';
import { compress, isCompressibleType, MIN_COMPRESSIBLE_BYTES, negotiateEncoding } from '../serving/content-encoding.js';
import type { AppEnv } from '../types.js';

/**
 * gzip/brotli for API answers and the web UI's files when the client asks. Feed documents are
 * compressed by their route (once per feed and format, kept with the cached entry) and marked
 * `headersComplete`, so this leaves them alone, as it leaves already encoded, small, streamed and
 * binary answers.
 */
export function compression(): MiddlewareHandler<AppEnv> {
  return async function compressResponse(context, next) {
    await next();
    if (context.get('headersComplete')) return;
    const response = context.res;
    if (response.status < 200 || response.status === 204 || response.status === 304 || response.body === null) return;
    if (response.headers.has('content-encoding') || !isCompressibleType(response.headers.get('content-type'))) return;
    const length = Number(response.headers.get('content-length') ?? Number.NaN);
    if (length < MIN_COMPRESSIBLE_BYTES) return;
    // Whether or not this answer gets compressed, caches must keep the variants apart.
    appendVary(response.headers);
    const encoding = negotiateEncoding(context.req.header('accept-encoding'));
    if (encoding === undefined) return;
    const plain = new Uint8Array(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    // Unset first: Hono would otherwise copy the old answer's headers (its length) onto the new one.
    context.res = undefined;
    if (plain.byteLength < MIN_COMPRESSIBLE_BYTES) {
      context.res = new Response(plain, { status: response.status, headers });
      return;
    }
    const body = compress(plain, encoding);
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(body.byteLength));
    const etag = headers.get('etag');
    if (etag) headers.set('ETag', etag.replace(/"$/, `-${encoding}"`));
    context.res = new Response(body, { status: response.status, headers });
  };
}

function appendVary(headers: Headers): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/\baccept-encoding\b/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}
