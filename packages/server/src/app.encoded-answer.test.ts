import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { FetchStrategy } from '@pagefeed/core';
import { createPooledEngine, type PooledEngine } from './pool/pooled-engine.js';
import { createHarness, feedConfig } from './test-support/app-harness.js';

/**
 * A cold feed through the extraction pool: the worker also makes the first answer's bytes (UTF-8
 * with the reader's origin in the self links, compressed as negotiated) and hands them over as
 * transferred buffers. They are the bytes the main thread would have made: compared here with an
 * answer of the same cached entry for another origin, which the main thread makes itself.
 */
function listPage(items: number): string {
  const entries = Array.from({ length: items }, (_, index) => `<article><h2><a href="/p/${index}">Harbour report number ${index}</a></h2><p>Teaser ${index}</p></article>`);
  return `<!doctype html><html><head><title>Harbour</title></head><body><main>${entries.join('\n')}</main></body></html>`;
}

const PAGE = listPage(30);
const pages: FetchStrategy = { name: 'plain', fetch: async (request) => ({ url: request.url, status: 200, headers: {}, contentType: 'text/html', body: PAGE }) };
const engines: PooledEngine[] = [];
afterAll(() => Promise.all(engines.map((engine) => engine.close())));

function harness() {
  const engine = createPooledEngine({ size: 1, budgetMs: 600_000, strategies: { plain: pages }, autoSource: true });
  engines.push(engine);
  return createHarness({ feeds: { harbour: feedConfig('https://example.com/harbour') }, deps: { engine } });
}

const decoders = { gzip: gunzipSync, br: brotliDecompressSync } as const;

describe('the answer bytes of a cold feed made in the extraction worker', () => {
  it.each(['gzip', 'br'] as const)('are what the main thread makes, %s-compressed', async (encoding) => {
    const { app } = harness();
    const cold = await app.request('http://feeds-a.test/api/v1/feeds/harbour.rss', { headers: { 'accept-encoding': encoding } });
    expect(cold.headers.get('x-cache')).toBe('miss');
    expect(cold.headers.get('content-encoding')).toBe(encoding);
    expect(cold.headers.get('etag')).toMatch(new RegExp(`-${encoding}"$`));
    const fromWorker = decoders[encoding](Buffer.from(await cold.arrayBuffer())).toString('utf8');
    expect(fromWorker).toContain('<atom:link href="http://feeds-a.test/api/v1/feeds/harbour.rss"');
    expect(fromWorker).toContain('Harbour report number 29');
    // The same entry, uncompressed (the worker's plain bytes) and for another origin (made here).
    const plain = await app.request('http://feeds-a.test/api/v1/feeds/harbour.rss', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('x-cache')).toBe('fresh');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(fromWorker);
    const other = await app.request('http://feeds-b.test/api/v1/feeds/harbour.rss', { headers: { 'accept-encoding': encoding } });
    const fromMain = decoders[encoding](Buffer.from(await other.arrayBuffer())).toString('utf8');
    expect(fromMain).toContain('<atom:link href="http://feeds-b.test/api/v1/feeds/harbour.rss"');
    expect(fromMain.replaceAll('http://feeds-b.test', 'http://feeds-a.test')).toBe(fromWorker);
  });

  it('answers a cold feed asked for without compression', async () => {
    const { app } = harness();
    const cold = await app.request('http://feeds-a.test/api/v1/feeds/harbour.json', { headers: { 'accept-encoding': 'identity' } });
    expect(cold.headers.get('x-cache')).toBe('miss');
    expect(cold.headers.get('content-encoding')).toBeNull();
    const body = (await cold.json()) as { feed_url: string; items: unknown[] };
    expect(body.feed_url).toBe('http://feeds-a.test/api/v1/feeds/harbour.json');
    expect(body.items).toHaveLength(30);
  });
});
