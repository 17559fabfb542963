import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchContext, FetchRequest, FetchStrategy, RequestConfig } from '@pagefeed/core';
import { readFileSync } from 'node:fs';
import { startFixtureServer, html, json, type FixtureServer } from '../../../../testing/fixture-server.js';
import { PAGEFEED_VERSION } from '../version.js';
import {
  CHARSET_CASES, LIST_PAGE, charsetRoute, compressed, endless, redirect, reset, resetMidBody, revalidating, slowBody, slowHeaders, typed,
} from './contract-routes.js';
import { createTestCache } from './memory-cache.js';

const NATIVE_RSS = '<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><item><title>Feed item</title><link>https://example.com/1</link></item></channel></rss>';

export interface ContractCapabilities {
  /** False for the renderer: a rendered page is not the HTTP body, so a 304 cannot stand in for it. */
  readonly conditionalRequests: boolean;
}

/**
 * The contract every fetch strategy runs, against a local fixture server. Private networks are
 * allowed here because the fixture server is on loopback; the guard tests prove the refusal.
 */
export function describeStrategyContract(name: string, create: () => FetchStrategy | Promise<FetchStrategy>, capabilities: ContractCapabilities): void {
  describe(`strategy contract: ${name}`, () => {
    let server: FixtureServer;
    let strategy: FetchStrategy;
    const seenHeaders: Record<string, string | string[] | undefined>[] = [];
    const challenge = readFileSync(new URL('../__fixtures__/cloudflare-challenge.html', import.meta.url), 'utf8');
    const etagRoute = revalidating('"v1"');

    beforeAll(async () => {
      strategy = await create();
      server = await startFixtureServer({
        '/list': (request, response) => {
          seenHeaders.push(request.headers);
          html(LIST_PAGE)(request, response);
        },
        '/hop-1': redirect('/hop-2', 301),
        '/hop-2': redirect('/list', 302),
        '/loop-a': redirect('/loop-b'),
        '/loop-b': redirect('/loop-a'),
        ...Object.fromEntries(Array.from({ length: 8 }, (_, index) => [`/chain-${index}`, redirect(`/chain-${index + 1}`)])),
        '/missing': html('<h1>Not here</h1>', 404),
        '/broken': html('<h1>Oops</h1>', 500),
        '/slow-headers': slowHeaders,
        '/slow-body': slowBody,
        '/reset': reset,
        '/reset-mid-body': resetMidBody,
        '/gzip': compressed('gzip', LIST_PAGE),
        '/brotli': compressed('br', LIST_PAGE),
        '/big': html(`<!doctype html><html><body>${'<p>big page</p>'.repeat(40_000)}</body></html>`),
        '/bomb': compressed('gzip', `<!doctype html><html><body>${'0'.repeat(20 * 1024 * 1024)}</body></html>`),
        '/endless': endless,
        '/data.json': json({ items: [{ title: 'one' }] }),
        '/image.png': typed('image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47])),
        '/file.pdf': typed('application/pdf', '%PDF-1.4\n%%EOF'),
        '/notes.txt': typed('text/plain; charset=utf-8', 'just text'),
        '/blob': typed('application/octet-stream', Buffer.from([0, 1, 2, 3])),
        '/feed.xml': typed('application/rss+xml', NATIVE_RSS),
        '/feed-as-xml': typed('text/xml; charset=utf-8', NATIVE_RSS),
        '/atom.xml': typed('application/atom+xml', '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><entry><title>Atom entry</title><id>urn:x:1</id></entry></feed>'),
        '/sitemap.xml': typed('application/xml', '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc></url></urlset>'),
        '/challenge': html(challenge, 403, { 'cf-ray': '1234-FRA', server: 'cloudflare' }),
        '/etag': etagRoute,
        ...Object.fromEntries(CHARSET_CASES.map((entry, index) => [`/charset-${index}`, charsetRoute(entry)])),
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    const context: FetchContext = { allowPrivateNetworks: true };
    const fetchPath = (path: string, request: RequestConfig = {}, extra: Partial<FetchRequest> = {}, fetchContext = context) =>
      strategy.fetch({ url: `${server.origin}${path}`, strategy: name, headers: {}, request, ...extra }, fetchContext);
    const failure = async (promise: Promise<unknown>) => {
      const error = await promise.then(() => undefined, (caught: unknown) => caught);
      expect(error, 'the fetch should have failed').toBeDefined();
      return error as { code: string; message: string; details?: Record<string, unknown> };
    };

    it('fetches an HTML page with a User-Agent naming pagefeed and the feed headers', async () => {
      const result = await fetchPath('/list', {}, { headers: { 'X-Feed-Token': 'secret-1' } });
      expect(result.status).toBe(200);
      expect(result.contentType).toBe('text/html');
      expect(result.body).toContain('Second item');
      const sent = seenHeaders.at(-1) ?? {};
      expect(sent['user-agent']).toContain(`pagefeed/${PAGEFEED_VERSION}`);
      expect(sent['x-feed-token']).toBe('secret-1');
      expect(String(sent['accept'])).toContain('text/html');
    });

    it('follows redirects and reports the final URL', async () => {
      const result = await fetchPath('/hop-1');
      expect(result.url).toBe(`${server.origin}/list`);
      expect(result.body).toContain('First item');
    });

    it('stops a redirect loop with TooManyRedirects', async () => {
      expect((await failure(fetchPath('/loop-a'))).code).toBe('TooManyRedirects');
    });

    it('stops after max_redirects hops', async () => {
      const error = await failure(fetchPath('/chain-0', { max_redirects: 3 }));
      expect(error.code).toBe('TooManyRedirects');
    });

    it.each([
      ['/missing', 404],
      ['/broken', 500],
    ])('reports %s as UpstreamHttpError %i', async (path, status) => {
      const error = await failure(fetchPath(path));
      expect(error.code).toBe('UpstreamHttpError');
      expect(error.details?.['status']).toBe(status);
      expect(error.message).toContain(`HTTP ${status}`);
    });

    it('gives up on slow headers within the budget', async () => {
      const error = await failure(fetchPath('/slow-headers', { timeout_seconds: 1 }));
      expect(error.code).toBe('FetchTimeout');
    });

    it('gives up on a slow body within the budget', async () => {
      const error = await failure(fetchPath('/slow-body', { timeout_seconds: 1 }));
      expect(error.code).toBe('FetchTimeout');
    });

    it.each(['/reset', '/reset-mid-body'])('reports a connection reset at %s as FetchFailed', async (path) => {
      const error = await failure(fetchPath(path));
      expect(error.code).toBe('FetchFailed');
    });

    it.each(['/gzip', '/brotli'])('decompresses %s', async (path) => {
      const result = await fetchPath(path);
      expect(result.body).toContain('Second item');
    });

    it.each([
      ['a body over the limit', '/big'],
      ['a compression bomb', '/bomb'],
      ['an endless chunked body', '/endless'],
    ])('cuts off %s with ResponseTooLarge', async (_label, path) => {
      const error = await failure(fetchPath(path, { max_bytes: 200_000, timeout_seconds: 15 }));
      expect(error.code).toBe('ResponseTooLarge');
      expect(error.message).toContain('request.max_bytes');
    });

    it('passes JSON', async () => {
      const result = await fetchPath('/data.json');
      expect(result.contentType).toBe('application/json');
      expect(JSON.parse(result.body)).toEqual({ items: [{ title: 'one' }] });
    });

    it.each([
      ['/image.png', 'image/png'],
      ['/file.pdf', 'application/pdf'],
      ['/notes.txt', 'text/plain'],
      ['/blob', 'application/octet-stream'],
      ['/sitemap.xml', 'application/xml'],
    ])('refuses %s as UnsupportedResponseContentType naming %s', async (path, type) => {
      const error = await failure(fetchPath(path));
      expect(error.code).toBe('UnsupportedResponseContentType');
      expect(error.message).toContain(type);
    });

    // The engine passes native feeds through (core `feeds/`); every strategy hands them on as sent
    // (the renderer reads the body of the main response, not what Chromium shows).
    it.each([
      ['/feed.xml', 'application/rss+xml', 'Feed item'],
      ['/feed-as-xml', 'text/xml', 'Feed item'],
      ['/atom.xml', 'application/atom+xml', 'Atom entry'],
    ])('passes the native feed %s (%s)', async (path, type, text) => {
      const result = await fetchPath(path);
      expect(result.contentType).toBe(type);
      expect(result.body).toContain(text);
    });

    it.each(CHARSET_CASES.map((entry, index) => [entry.name, index, entry.text] as const))('decodes %s', async (_label, index, text) => {
      const result = await fetchPath(`/charset-${index}`);
      expect(result.body).toContain(text);
    });

    it('reports an anti-bot challenge as BlockedSurface, not as an HTTP error', async () => {
      const error = await failure(fetchPath('/challenge'));
      expect(error.code).toBe('BlockedSurface');
      expect(error.message).toMatch(/^Blocked surface likely: Cloudflare/);
    });

    it('refuses the loopback fixture when private networks are not allowed, before connecting', async () => {
      const before = server.connections();
      const error = await failure(fetchPath('/list', {}, {}, { allowPrivateNetworks: false }));
      expect(error.code).toBe('NetworkAddressRefused');
      expect(server.connections()).toBe(before);
    });

    if (capabilities.conditionalRequests) {
      it('revalidates with If-None-Match and reuses the stored body on 304', async () => {
        const cache = createTestCache();
        const first = await fetchPath('/etag', {}, {}, { ...context, cache });
        expect(first.revalidated).toBeUndefined();
        const second = await fetchPath('/etag', {}, {}, { ...context, cache });
        expect(second.revalidated).toBe(true);
        expect(second.body).toBe(first.body);
        expect(etagRoute.conditionalHits()).toBe(1);
      });
    } else {
      it('does not revalidate: a rendered page is built from many requests, so a 304 for the HTML cannot stand in for it', async () => {
        const cache = createTestCache();
        await fetchPath('/etag', {}, {}, { ...context, cache });
        const second = await fetchPath('/etag', {}, {}, { ...context, cache });
        expect(second.revalidated).toBeUndefined();
        expect(second.body).toContain('Second item');
        expect(etagRoute.conditionalHits()).toBe(0);
      });
    }
  });
}
