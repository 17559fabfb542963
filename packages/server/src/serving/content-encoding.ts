import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Response compression (gzip, brotli) shared by the feed route, the fast path and the middleware
 * for API answers and the web UI. node:zlib: both encodings, no dependency.
 */
export type ContentEncoding = 'br' | 'gzip';

/** Below this, compression saves less than the headers it adds. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

/**
 * Brotli at quality 5: within a few per cent of quality 11's size on feed XML at a small part of
 * its time, because the first request for a feed pays it (later ones get the cached bytes).
 */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

/**
 * Recent headers' answers: clients send a handful of distinct `Accept-Encoding` values, and each
 * request asks up to twice (the route and the compression middleware); parsing one cost 0.03 ms of a
 * cold feed's main-thread time (fifth session's profile). Bounded: a header is client input.
 */
const NEGOTIATED_KEPT = 64;
const negotiated = new Map<string, ContentEncoding | undefined>();

/** The encoding to answer with for an `Accept-Encoding` header: brotli, then gzip, honouring q=0. */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  if (negotiated.has(acceptEncoding)) return negotiated.get(acceptEncoding);
  const encoding = parseAcceptEncoding(acceptEncoding);
  if (negotiated.size >= NEGOTIATED_KEPT) negotiated.clear();
  negotiated.set(acceptEncoding, encoding);
  return encoding;
}

function parseAcceptEncoding(acceptEncoding: string): ContentEncoding | undefined {
  let br: number | undefined;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const qualityText = parameters.map((value) => /^\s*q=([0-9.]+)/.exec(value)?.[1]).find((value) => value !== undefined);
    const quality = qualityText === undefined ? 1 : Number(qualityText);
    const coding = name.trim();
    if (coding === 'br') br = quality;
    else if (coding === 'gzip' || coding === 'x-gzip') gzip = quality;
    else if (coding === '*') any = quality;
  }
  const brQuality = br ?? any ?? 0;
  const gzipQuality = gzip ?? any ?? 0;
  if (brQuality > 0 && brQuality >= gzipQuality) return 'br';
  if (gzipQuality > 0) return 'gzip';
  return undefined;
}

export function compress(bytes: Uint8Array, encoding: ContentEncoding): Uint8Array<ArrayBuffer> {
  const compressed = encoding === 'br' ? brotliCompressSync(bytes, BROTLI_OPTIONS) : gzipSync(bytes, { level: 6 });
  return new Uint8Array(compressed.buffer as ArrayBuffer, compressed.byteOffset, compressed.byteLength);
}

/**
 * A compressed answer is another representation of the resource, so its strong ETag differs:
 * `"abc"` becomes `"abc-br"` / `"abc-gzip"` (as Apache and nginx do). Revalidation accepts any
 * of them (`isNotModified` strips the suffix).
 */
export function encodedEtag(etag: string, encoding: ContentEncoding | undefined): string {
  return encoding === undefined ? etag : etag.replace(/"$/, `-${encoding}"`);
}

export function withoutEncodingSuffix(tag: string): string {
  return tag.replace(/-(br|gzip)"$/, '"');
}

const COMPRESSIBLE = /^(text\/|application\/(json|[a-z.+-]*\+json|[a-z.+-]*\+xml|xml|javascript|manifest\+json)|image\/svg\+xml)/i;

export function isCompressibleType(contentType: string | null | undefined): boolean {
  return contentType !== null && contentType !== undefined && COMPRESSIBLE.test(contentType);
}
