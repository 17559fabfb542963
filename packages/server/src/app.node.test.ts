import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, feedConfig } from './test-support/app-harness.js';

/**
 * The app on @hono/node-server over real sockets, as `start.ts` serves it. Request headers are read
 * from Node's parsed request there when they are absent (`requestHeader`), and the app's own
 * headers are added to the responses @hono/node-server writes on its fast path: app.request()
 * takes neither path, so these answers are checked here.
 */
const feeds = { news: feedConfig('https://example.com/news') };
const servers: ServerType[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

async function listen(options: Parameters<typeof createHarness>[0] = {}) {
  const harness = createHarness({
    feeds,
    ...options,
    deps: { clientAddress: (_request, bindings) => (bindings as { incoming?: { socket: { remoteAddress?: string } } }).incoming?.socket.remoteAddress, ...options.deps },
  });
  const server = await new Promise<ServerType>((ready) => {
    const started = serve({ fetch: harness.app.fetch, hostname: '127.0.0.1', port: 0 }, () => ready(started));
  });
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return { ...harness, base: `http://127.0.0.1:${port}` };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the app on @hono/node-server', () => {
  it('answers a feed with its validators, then 304 to If-None-Match and If-Modified-Since', async () => {
    const { base } = await listen();
    const first = await fetch(`${base}/api/v1/feeds/news.rss`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('application/rss+xml');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('x-request-id')).toMatch(UUID);
    expect(await first.text()).toContain('<rss');
    const etag = first.headers.get('etag')!;
    const byTag = await fetch(`${base}/api/v1/feeds/news.rss`, { headers: { 'if-none-match': `"other", ${etag}` } });
    expect(byTag.status).toBe(304);
    expect(byTag.headers.get('x-request-id')).toMatch(UUID);
    const byDate = await fetch(`${base}/api/v1/feeds/news.rss`, { headers: { 'if-modified-since': first.headers.get('last-modified')! } });
    expect(byDate.status).toBe(304);
    expect((await fetch(`${base}/api/v1/feeds/news.rss`, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });

  it('negotiates the format from Accept when the path has no extension', async () => {
    const { base } = await listen();
    const atom = await fetch(`${base}/api/v1/feeds/news`, { headers: { accept: 'application/atom+xml' } });
    expect(atom.headers.get('content-type')).toContain('application/atom+xml');
    expect(atom.headers.get('vary')).toBe('Accept');
    const plain = await fetch(`${base}/api/v1/feeds/news`);
    expect(plain.headers.get('content-type')).toContain('application/rss+xml');
  });

  it("keeps a client's plain X-Request-Id and replaces any other", async () => {
    const { base, logs } = await listen();
    const kept = await fetch(`${base}/api/v1/feeds/news.rss`, { headers: { 'x-request-id': 'client-id_1=' } });
    expect(kept.headers.get('x-request-id')).toBe('client-id_1=');
    const odd = await fetch(`${base}/api/v1/feeds/news.rss`, { headers: { 'x-request-id': 'has spaces; and more' } });
    expect(odd.headers.get('x-request-id')).toMatch(UUID);
    const long = await fetch(`${base}/api/v1/feeds/news.rss`, { headers: { 'x-request-id': 'a'.repeat(256) } });
    expect(long.headers.get('x-request-id')).toMatch(UUID);
    const missing = await fetch(`${base}/api/v1/feeds/missing.rss`, { headers: { 'x-request-id': 'lost-feed' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toBe('lost-feed');
    expect(((await missing.json()) as { error: { request_id: string } }).error.request_id).toBe('lost-feed');
    expect(logs.filter((line) => line['message'] === 'request').map((line) => line['request_id'])).toContain('client-id_1=');
  });

  it('adds the app headers to routes that build their own answers and to errors', async () => {
    const { base } = await listen();
    for (const path of ['/api/v1/feeds', '/api/v1/no-such-route', '/api/v1/feeds/news.rss?unknown=1', '/api/v1/health/live']) {
      const answer = await fetch(`${base}${path}`);
      expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(answer.headers.get('x-request-id'), path).toMatch(UUID);
    }
  });

  it('limits requests per client address, with Retry-After', async () => {
    const { base } = await listen({ settings: { rateLimitPerMinute: 2 } });
    expect((await fetch(`${base}/api/v1/feeds/news.rss`)).status).toBe(200);
    expect((await fetch(`${base}/api/v1/feeds/news.rss`)).status).toBe(200);
    const limited = await fetch(`${base}/api/v1/feeds/news.rss`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('x-request-id')).toMatch(UUID);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('RateLimited');
  });
});
