import { connect, type AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTrustedProxies } from './client-address/trusted-proxies.js';
import { socketPeerAddress } from './node/socket-peer-address.js';
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

async function listen(options: Parameters<typeof createHarness>[0] = {}, hostname = '127.0.0.1') {
  const harness = createHarness({ feeds, ...options, deps: { clientAddress: socketPeerAddress, ...options.deps } });
  const server = await new Promise<ServerType>((ready) => {
    const started = serve({ fetch: harness.app.fetch, hostname, port: 0 }, () => ready(started));
  });
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return { ...harness, base: `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}` };
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

  it('reads Accept and If-None-Match sent on repeated lines as one list, on a miss and on a cached read', async () => {
    const { base } = await listen();
    const port = Number(new URL(base).port);
    // fetch() joins repeated headers itself; a raw request sends the lines as a client may.
    const raw = (lines: readonly string[]) => new Promise<string>((done, fail) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(`GET /api/v1/feeds/news HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.map((line) => `${line}\r\n`).join('')}Connection: close\r\n\r\n`));
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => done(text));
      socket.on('error', fail);
    });
    const statusOf = (answer: string) => Number(answer.slice(9, 12));
    const headerOf = (answer: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(answer.split('\r\n\r\n')[0]!)?.[1]?.trim();
    // The first read is a miss (the route), the second a fresh cached read (the fast path).
    for (const read of ['miss', 'fresh']) {
      const answer = await raw(['Accept: text/html;q=0.1', 'Accept:  application/atom+xml ']);
      expect(statusOf(answer), read).toBe(200);
      expect(headerOf(answer, 'x-cache'), read).toBe(read);
      expect(headerOf(answer, 'content-type'), read).toContain('application/atom+xml');
    }
    const etag = headerOf(await raw(['Accept: application/atom+xml']), 'etag')!;
    expect(statusOf(await raw(['Accept: application/atom+xml', 'If-None-Match: "other"', `If-None-Match: ${etag}`]))).toBe(304);
    expect(statusOf(await raw(['Accept: application/atom+xml', 'If-None-Match: "other"', 'If-None-Match: "another"']))).toBe(200);
  });

  it('negotiates the format from Accept when the path has no extension', async () => {
    const { base } = await listen();
    const atom = await fetch(`${base}/api/v1/feeds/news`, { headers: { accept: 'application/atom+xml' } });
    expect(atom.headers.get('content-type')).toContain('application/atom+xml');
    expect(atom.headers.get('vary')).toBe('Accept, Accept-Encoding');
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

/**
 * Clients behind a reverse proxy, over real sockets: the test plays the proxy on loopback, sending
 * X-Forwarded-For as nginx's `$proxy_add_x_forwarded_for` does (what the client sent, then the
 * address the proxy saw).
 */
describe('the rate limit behind a proxy (TRUSTED_PROXIES)', () => {
  const statuses = async (base: string, forwardedFor: readonly string[]) => {
    const seen: number[] = [];
    // One request at a time: the order decides which request runs over the limit.
    for (const header of forwardedFor) seen.push((await fetch(`${base}/api/v1/feeds/news.rss`, { headers: { 'x-forwarded-for': header } })).status);
    return seen;
  };
  const ALICE = '198.51.100.1';
  const BOB = '203.0.113.2';

  it('with the proxy trusted, two forwarded clients get a bucket each, and a client cannot pick another', async () => {
    const { base } = await listen({ settings: { rateLimitPerMinute: 2, trustedProxies: parseTrustedProxies('127.0.0.1') } });
    expect(await statuses(base, [ALICE, ALICE, BOB, ALICE, BOB, BOB])).toEqual([200, 200, 200, 429, 200, 429]);
    // Alice's own X-Forwarded-For naming someone new, passed on by the proxy, still counts as Alice.
    expect(await statuses(base, [`192.0.2.99, ${ALICE}`])).toEqual([429]);
  });

  it('without it, every forwarded client shares the proxy\'s bucket (the header is not read)', async () => {
    const { base } = await listen({ settings: { rateLimitPerMinute: 2 } });
    expect(await statuses(base, [ALICE, BOB, ALICE, BOB])).toEqual([200, 200, 429, 429]);
  });

  it('ignores X-Forwarded-For from a peer outside the trusted ranges', async () => {
    const { base } = await listen({ settings: { rateLimitPerMinute: 2, trustedProxies: parseTrustedProxies('10.0.0.0/8,fd00::/8') } });
    expect(await statuses(base, [ALICE, BOB, ALICE])).toEqual([200, 200, 429]);
  });

  it('trusts an IPv6 proxy by its address (::1)', async () => {
    const { base } = await listen({ settings: { rateLimitPerMinute: 1, trustedProxies: parseTrustedProxies('::1') } }, '::1');
    expect(await statuses(base, [ALICE, '2001:db8::1', ALICE, '2001:DB8:0::1'])).toEqual([200, 200, 429, 429]);
  });
});
