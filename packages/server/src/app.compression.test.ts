import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import * as encoding from './serving/content-encoding.js';
import { createFakeEngine, item } from './test-support/fake-engine.js';
import { createHarness } from './test-support/app-harness.js';

vi.mock('./serving/content-encoding.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./serving/content-encoding.js')>();
  return { ...original, compress: vi.fn(original.compress) };
});

/** Enough items for a document above the compression threshold. */
const manyItems = () => Array.from({ length: 30 }, (_, index) => item(index + 1));

function decode(body: ArrayBuffer, contentEncoding: string | null): Buffer {
  const bytes = Buffer.from(body);
  if (contentEncoding === 'br') return brotliDecompressSync(bytes);
  if (contentEncoding === 'gzip') return gunzipSync(bytes);
  return bytes;
}

describe('compressed answers', () => {
  it.each(['rss', 'atom', 'json'] as const)('a %s feed in brotli and gzip decodes to the same bytes; each encoding is compressed once', async (format) => {
    const { app } = createHarness({ engine: createFakeEngine(manyItems) });
    const compressCalls = () => vi.mocked(encoding.compress).mock.calls.length;
    const get = (acceptEncoding?: string) => app.request(`/api/v1/feeds/news.${format}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    const plain = await get();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    const identity = Buffer.from(await plain.arrayBuffer());
    expect(identity.byteLength).toBeGreaterThan(encoding.MIN_COMPRESSIBLE_BYTES);
    const before = compressCalls();
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['*', 'br'],
    ] as const) {
      for (let round = 0; round < 2; round += 1) {
        const response = await get(accept);
        expect(response.headers.get('content-encoding'), accept).toBe(expected);
        expect(response.headers.get('vary')).toBe('Accept-Encoding');
        const body = await response.arrayBuffer();
        expect(body.byteLength).toBeLessThan(identity.byteLength / 2);
        expect(decode(body, expected).equals(identity)).toBe(true);
        expect(response.headers.get('etag')).toBe(plain.headers.get('etag')!.replace(/"$/, `-${expected}"`));
      }
    }
    // Two encodings, each compressed on its first request only.
    expect(compressCalls() - before).toBe(2);
    // A client that refuses every encoding gets the document as it is.
    expect((await get('gzip;q=0, br;q=0')).headers.get('content-encoding')).toBeNull();
  });

  it('revalidates with the compressed or the plain ETag: 304 either way, naming the representation asked for', async () => {
    const { app } = createHarness({ engine: createFakeEngine(manyItems) });
    const plainEtag = (await app.request('/api/v1/feeds/news.rss')).headers.get('etag')!;
    const gzipped = await app.request('/api/v1/feeds/news.rss', { headers: { 'accept-encoding': 'gzip' } });
    const gzipEtag = gzipped.headers.get('etag')!;
    expect(gzipEtag).not.toBe(plainEtag);
    for (const tag of [gzipEtag, plainEtag, `W/${gzipEtag}`]) {
      const revalidated = await app.request('/api/v1/feeds/news.rss', { headers: { 'accept-encoding': 'gzip', 'if-none-match': tag } });
      expect(revalidated.status, tag).toBe(304);
      expect(revalidated.headers.get('etag')).toBe(gzipEtag);
      expect(revalidated.headers.get('vary')).toBe('Accept-Encoding');
    }
    const changed = await app.request('/api/v1/feeds/news.rss', { headers: { 'accept-encoding': 'gzip', 'if-none-match': '"other-gzip"' } });
    expect(changed.status).toBe(200);
  });

  it('leaves a feed below the threshold uncompressed', async () => {
    const { app } = createHarness({ engine: createFakeEngine(() => []) });
    const response = await app.request('/api/v1/feeds/news.json', { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('compresses API answers and web UI files when asked, and decodes to the same bytes', async () => {
    const script = `console.log(${JSON.stringify('pagefeed '.repeat(400))});\n`;
    const staticFiles = {
      read: async (path: string) =>
        path === 'assets/app.js'
          ? { body: new TextEncoder().encode(script), contentType: 'text/javascript; charset=utf-8' }
          : path === 'index.html'
            ? { body: new TextEncoder().encode('<!doctype html><title>x</title>'), contentType: 'text/html; charset=utf-8' }
            : undefined,
    };
    const { app } = createHarness({ deps: { staticFiles } });
    for (const path of ['/api/v1/openapi.json', '/assets/app.js']) {
      const plain = Buffer.from(await (await app.request(path)).arrayBuffer());
      for (const accept of ['br', 'gzip'] as const) {
        const response = await app.request(path, { headers: { 'accept-encoding': accept } });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-encoding'), path).toBe(accept);
        expect(response.headers.get('vary')).toContain('Accept-Encoding');
        const body = await response.arrayBuffer();
        expect(Number(response.headers.get('content-length'))).toBe(body.byteLength);
        expect(decode(body, accept).equals(plain)).toBe(true);
      }
    }
    // Small answers stay as they are.
    const small = await app.request('/', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});

describe('negotiateEncoding', () => {
  it.each([
    [undefined, undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, br', 'br'],
    ['br;q=0.1, gzip;q=0.9', 'gzip'],
    ['*;q=0.5', 'br'],
    ['br;q=0, *', 'gzip'],
    ['x-gzip', 'gzip'],
  ] as const)('%s → %s', (header, expected) => {
    expect(encoding.negotiateEncoding(header)).toBe(expected);
  });
});
