import { describe, expect, it } from 'vitest';
import type { CacheDriver, FetchRequest } from '@pagefeed/core';
import { createHostLimiter } from './host-limiter.js';
import type { GuardedRequest, RawResponse, StrategyCore } from './types.js';
import { withGuard } from './with-guard.js';

const resolver = async () => [{ address: '93.184.216.34', family: 4 as const }];
const request = (url: string, extra: Partial<FetchRequest> = {}): FetchRequest => ({ url, strategy: 'fake', headers: {}, request: {}, ...extra });

function fakeCore(respond: (guarded: GuardedRequest) => Promise<RawResponse>): StrategyCore {
  return { name: 'fake', followsRedirects: false, conditionalRequests: true, load: respond };
}

const ok = (guarded: GuardedRequest): RawResponse => ({
  url: guarded.target.url.href,
  status: 200,
  headers: { 'content-type': 'text/html', etag: '"e"' },
  body: Buffer.from('<p>ok</p>'),
});

describe('withGuard', () => {
  it('runs at most the limit of requests per host at once', async () => {
    let active = 0;
    let peak = 0;
    const strategy = withGuard(
      fakeCore(async (guarded) => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise((resolve) => setTimeout(resolve, 20));
        active -= 1;
        return ok(guarded);
      }),
      { resolver, hostLimiter: createHostLimiter(2) },
    );
    await Promise.all(Array.from({ length: 6 }, (_, index) => strategy.fetch(request(`http://one.example.test/${index}`), {})));
    expect(peak).toBe(2);
  });

  it('turns a spent budget into FetchTimeout and frees the host slot', async () => {
    const limiter = createHostLimiter(1);
    const hanging = withGuard(fakeCore((guarded) => new Promise((_resolve, reject) => guarded.signal.addEventListener('abort', () => reject(new Error('aborted'))))), {
      resolver,
      hostLimiter: limiter,
    });
    await expect(hanging.fetch(request('http://slow.example.test/', { request: { timeout_seconds: 0.2 } }), {})).rejects.toMatchObject({
      code: 'FetchTimeout',
      message: expect.stringContaining('request.timeout_seconds'),
    });
    const quick = withGuard(fakeCore(async (guarded) => ok(guarded)), { resolver, hostLimiter: limiter });
    await expect(quick.fetch(request('http://slow.example.test/'), {})).resolves.toMatchObject({ status: 200 });
  });

  it('keeps fetching when the validator cache fails', async () => {
    const broken: CacheDriver = {
      name: 'broken',
      get: () => Promise.reject(new Error('down')),
      set: () => Promise.reject(new Error('down')),
      delete: () => Promise.resolve(),
    };
    const warnings: string[] = [];
    const strategy = withGuard(fakeCore(async (guarded) => ok(guarded)), { resolver });
    const result = await strategy.fetch(request('http://cache.example.test/'), { cache: broken, logger: { debug: () => undefined, warn: (message) => warnings.push(message) } });
    expect(result.body).toBe('<p>ok</p>');
    expect(warnings).toEqual(['validator cache read failed', 'validator cache write failed']);
  });

  it('passes the caller signal through and reports cancellation', async () => {
    const controller = new AbortController();
    const strategy = withGuard(fakeCore((guarded) => new Promise((_resolve, reject) => guarded.signal.addEventListener('abort', () => reject(new Error('aborted'))))), { resolver });
    const pending = strategy.fetch(request('http://cancel.example.test/', { signal: controller.signal }), {});
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'FetchFailed', message: expect.stringContaining('cancelled') });
  });
});

describe('withGuard conditional requests', () => {
  it('sends If-Modified-Since from a stored Last-Modified and reuses the body on 304', async () => {
    const { createTestCache } = await import('../test-support/memory-cache.js');
    const cache = createTestCache();
    const sent: Array<Readonly<Record<string, string>>> = [];
    const strategy = withGuard(
      fakeCore(async (guarded) => {
        sent.push(guarded.headers);
        if (guarded.headers['if-modified-since'] === 'Tue, 01 Apr 2025 10:00:00 GMT') {
          return { url: guarded.target.url.href, status: 304, headers: {}, body: new Uint8Array() };
        }
        return { url: guarded.target.url.href, status: 200, headers: { 'content-type': 'text/html', 'last-modified': 'Tue, 01 Apr 2025 10:00:00 GMT' }, body: Buffer.from('<p>v1</p>') };
      }),
      { resolver },
    );
    const first = await strategy.fetch(request('http://lm.example.test/'), { cache });
    const second = await strategy.fetch(request('http://lm.example.test/'), { cache });
    expect(sent[0]?.['if-modified-since']).toBeUndefined();
    expect(second).toMatchObject({ body: first.body, revalidated: true, status: 200 });
  });

  it('passes a feed served as generic XML (the engine passes it through) and refuses other XML', async () => {
    const xml = (body: string) =>
      withGuard(fakeCore(async (guarded) => ({ url: guarded.target.url.href, status: 200, headers: { 'content-type': 'text/xml' }, body: Buffer.from(body) })), { resolver });
    const feed = await xml('<?xml version="1.0"?>\n<rss version="2.0"></rss>').fetch(request('http://xml.example.test/feed'), {});
    expect(feed).toMatchObject({ contentType: 'text/xml', body: '<?xml version="1.0"?>\n<rss version="2.0"></rss>' });
    await expect(xml('<?xml version="1.0"?>\n<urlset></urlset>').fetch(request('http://xml.example.test/sitemap'), {})).rejects.toMatchObject({
      code: 'UnsupportedResponseContentType',
      message: expect.stringContaining('returned text/xml;'),
    });
  });

  it('takes a response without Content-Type whose root is a feed for XML, and still refuses unknown bytes', async () => {
    const untyped = (body: string) =>
      withGuard(fakeCore(async (guarded) => ({ url: guarded.target.url.href, status: 200, headers: {}, body: Buffer.from(body) })), { resolver });
    const atom = '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title></feed>';
    await expect(untyped(atom).fetch(request('http://untyped.example.test/atom'), {})).resolves.toMatchObject({ contentType: 'application/xml', body: atom });
    await expect(untyped('<?xml version="1.0"?><urlset></urlset>').fetch(request('http://untyped.example.test/sitemap'), {})).rejects.toMatchObject({
      code: 'UnsupportedResponseContentType',
      message: expect.stringContaining('returned no Content-Type'),
    });
  });
});

describe('withGuard edges', () => {
  it('keeps the budget even when DNS never answers', async () => {
    const strategy = withGuard(fakeCore(async (guarded) => ok(guarded)), { resolver: () => new Promise(() => undefined) });
    await expect(strategy.fetch(request('http://silent-dns.example.test/', { request: { timeout_seconds: 0.2 } }), {})).rejects.toMatchObject({
      code: 'FetchTimeout',
    });
  });

  it("sends the feed's headers within the site only when following redirects", async () => {
    const seen: Array<[string, string | undefined]> = [];
    const strategy = withGuard(
      fakeCore(async (guarded) => {
        const host = guarded.target.url.hostname;
        seen.push([host, guarded.headers['authorization']]);
        const next: Record<string, string> = { 'example.test': 'http://www.example.test/', 'www.example.test': 'http://elsewhere.test/' };
        const location = next[host];
        return location ? { url: guarded.target.url.href, status: 302, headers: { location }, body: new Uint8Array() } : ok(guarded);
      }),
      { resolver },
    );
    await strategy.fetch(request('http://example.test/', { headers: { Authorization: 'Bearer feed' } }), {});
    expect(seen).toEqual([
      ['example.test', 'Bearer feed'],
      ['www.example.test', 'Bearer feed'],
      ['elsewhere.test', undefined],
    ]);
  });
});
