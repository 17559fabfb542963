import { describe, expect, it } from 'vitest';
import { parseTrustedProxies } from '../client-address/trusted-proxies.js';
import { createMetrics } from '../operating/metrics.js';
import { createHarness, feedConfig } from '../test-support/app-harness.js';

/**
 * The cached-read fast path must answer exactly as Hono's middleware and route do: the same
 * scripted session runs against an app with the fast path and one without, and every answer,
 * log line, metric and rate-limit decision must be the same.
 */
const TTL_MINUTES = 10;
const feeds = {
  news: feedConfig('https://example.com/news', { channel: { url: 'https://example.com/news', title: 'News', ttl: TTL_MINUTES } }),
  tagged: feedConfig('https://example.com/tags/%<tag>s', { parameters: { tag: {} } }),
};
const ADDRESS = '192.0.2.7';
/**
 * The fake engine stamps a feed with the real time of its generation; items have fixed dates at
 * midnight. Atom writes a time without milliseconds when they are zero (one generation in a
 * thousand), so both spellings are the build time.
 */
const BUILD_TIME = /\d{4}-\d\d-\d\dT(?!00:00:00(?:\.000)?Z)\d\d:\d\d:\d\d(?:\.\d{3})?Z/g;
const BUILD_DATE = /<lastBuildDate>[^<]*<\/lastBuildDate>/g;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

function createSubject(fastPath: boolean, rateLimitPerMinute: number, trustedProxies?: string, publicUrl?: string) {
  const metrics = createMetrics();
  const settings = { rateLimitPerMinute, trustedProxies: parseTrustedProxies(trustedProxies), publicUrl };
  // With trusted proxies the peer is one of them, and clients are told apart by X-Forwarded-For.
  const peer = trustedProxies === undefined ? ADDRESS : '::ffff:127.0.0.1';
  const harness = createHarness({ feeds, settings, deps: { metrics, cachedReadFastPath: fastPath, clientAddress: () => peer } });
  return { ...harness, metrics };
}

type Subject = ReturnType<typeof createSubject>;
type Step = { readonly path: string; readonly method?: string; readonly headers?: Record<string, string> } | { readonly advanceSeconds: number } | 'idle';

/** Runs `steps` and returns what a client, the log and the metrics saw, with random ids and timings blanked. */
async function transcript(subject: Subject, steps: readonly Step[]) {
  const seen: unknown[] = [];
  let lastEtag = '';
  for (const step of steps) {
    if (step === 'idle') {
      await subject.feedService.idle();
      continue;
    }
    if ('advanceSeconds' in step) {
      subject.advance(step.advanceSeconds);
      continue;
    }
    const headers = Object.fromEntries(Object.entries(step.headers ?? {}).map(([name, value]) => [name, value === '<etag>' ? lastEtag : value]));
    const response = await subject.app.request(step.path, { method: step.method ?? 'GET', headers });
    const answer = Object.fromEntries(response.headers);
    const presented = headers['x-request-id'];
    if (!presented || answer['x-request-id'] !== presented) answer['x-request-id'] = /^[0-9a-f-]{36}$/.test(answer['x-request-id'] ?? '') ? '<uuid>' : `unexpected ${answer['x-request-id']}`;
    lastEtag = answer['etag'] ?? lastEtag;
    seen.push({ step: `${step.method ?? 'GET'} ${step.path}`, status: response.status, headers: answer, body: (await response.text()).replace(UUID, '<uuid>').replace(BUILD_TIME, '<now>').replace(BUILD_DATE, '<lastBuildDate>') });
  }
  const logs = subject.logs.map(({ time: _time, duration_ms: _duration, request_id: requestId, ...rest }) => ({ ...rest, request_id: typeof requestId === 'string' && /^[0-9a-f-]{36}$/.test(requestId) ? '<uuid>' : requestId }));
  return { seen, logs, metrics: subject.metrics.render(), engineCalls: subject.engine.calls() };
}

const SESSION: readonly Step[] = [
  { path: '/api/v1/feeds/news.rss' },
  { path: '/api/v1/feeds/news.rss' },
  { path: '/api/v1/feeds/news.rss', headers: { 'if-none-match': '<etag>' } },
  { path: '/api/v1/feeds/news.rss', headers: { 'if-none-match': 'W/<etag>, "other"'.replace('<etag>', '"x"') } },
  { path: '/api/v1/feeds/news.rss', headers: { 'if-modified-since': new Date(Date.UTC(2026, 5, 1, 12, 0, 0)).toUTCString() } },
  { path: '/api/v1/feeds/news.rss', headers: { 'if-modified-since': new Date(Date.UTC(2026, 5, 1, 11, 0, 0)).toUTCString() } },
  { path: '/api/v1/feeds/news.rss', headers: { 'x-request-id': 'client-chosen_id=1' } },
  { path: '/api/v1/feeds/news.rss', headers: { 'x-request-id': 'not plain!' } },
  { path: '/api/v1/feeds/news.rss', method: 'HEAD' },
  { path: '/api/v1/feeds/news.json' },
  { path: '/api/v1/feeds/news.json' },
  { path: '/api/v1/feeds/news', headers: { accept: 'application/atom+xml' } },
  { path: '/api/v1/feeds/news', headers: { accept: 'application/atom+xml' } },
  { path: '/api/v1/feeds/news', headers: { accept: 'application/feed+json;q=0.5, application/rss+xml;q=0.9' } },
  { path: '/api/v1/feeds/news.rss', headers: { authorization: 'Bearer some-token' } },
  { path: '/api/v1/feeds/news.rss', headers: { authorization: 'Bearer some-token' } },
  { path: '/api/v1/feeds/tagged.rss?tag=a' },
  { path: '/api/v1/feeds/tagged.rss?tag=a' },
  { path: '/api/v1/feeds/tagged.rss?tag=b&tag=a' },
  { path: '/api/v1/feeds/tagged.rss?other=1' },
  { path: '/api/v1/feeds/missing.rss' },
  { advanceSeconds: 30 },
  { path: '/api/v1/feeds/news.rss' },
  { advanceSeconds: TTL_MINUTES * 60 },
  { path: '/api/v1/feeds/news.rss' },
  { path: '/api/v1/feeds/news.rss' },
  'idle',
  { path: '/api/v1/feeds/news.rss' },
  { advanceSeconds: TTL_MINUTES * 60 * 3 },
  { path: '/api/v1/feeds/news.rss' },
  { path: '/api/v1/feeds/news.rss' },
  { advanceSeconds: 120 },
  ...Array.from({ length: 8 }, () => ({ path: '/api/v1/feeds/news.rss', headers: { authorization: 'Bearer other-token' } })),
];

/** Clients behind a trusted proxy at 127.0.0.1, with a limit of 3 per minute. */
const forwarded = (forwardedFor: string, path = '/api/v1/feeds/news.rss'): Step => ({ path, headers: { 'x-forwarded-for': forwardedFor } });
const FORWARDED_SESSION: readonly Step[] = [
  forwarded('198.51.100.1'),
  forwarded('198.51.100.1'),
  forwarded('198.51.100.1'),
  // Over the limit: the client, not the proxy, has used its three.
  forwarded('198.51.100.1'),
  // Its own X-Forwarded-For, passed on by the proxy, does not make it someone else.
  forwarded('203.0.113.50, 198.51.100.1'),
  forwarded('198.51.100.2'),
  forwarded('198.51.100.2, 127.0.0.1'),
  forwarded('garbage, 198.51.100.2'),
  forwarded('198.51.100.2'),
  // One client, spelled four ways; then one IPv6 client, spelled four ways.
  forwarded('::ffff:198.51.100.3'),
  forwarded('198.51.100.3'),
  forwarded('198.51.100.3:4711'),
  forwarded('::FFFF:c633:6403'),
  forwarded('[2001:db8::3]:443'),
  forwarded('2001:DB8:0::3'),
  forwarded('2001:db8::3'),
  forwarded('2001:db8::3'),
  // No header, or nothing usable: the proxy's own address, one more bucket.
  { path: '/api/v1/feeds/news.rss' },
  forwarded('unknown'),
  forwarded(''),
  { path: '/api/v1/feeds/news.rss' },
  // A minute on, the three are still within the last 60 seconds (the sliding window); two minutes
  // on, they have left it.
  { advanceSeconds: 60 },
  forwarded('198.51.100.1'),
  { advanceSeconds: 60 },
  forwarded('198.51.100.1'),
  forwarded('198.51.100.1', '/api/v1/feeds/news.json'),
];

/**
 * Reads through different Host headers (`app.request` takes the origin from the URL, as the Node
 * adapter takes it from Host). With PUBLIC_URL set they all read one cache entry.
 */
const PUBLIC_URL = 'https://feeds.example.com';
const HOSTS = ['a.test', 'b.test:8080', '[::1]:4000', 'A.TEST', 'a.test'];
const viaHost = (host: string, path: string, headers: Record<string, string> = {}): Step => ({ path: `http://${host}${path}`, headers: { host, ...headers } });
const HOSTS_SESSION: readonly Step[] = [
  ...HOSTS.map((host) => viaHost(host, '/api/v1/feeds/news.rss')),
  ...HOSTS.map((host) => viaHost(host, '/api/v1/feeds/news.rss')),
  viaHost('c.test', '/api/v1/feeds/news.rss', { 'if-none-match': '<etag>' }),
  ...HOSTS.map((host) => viaHost(host, '/api/v1/feeds/news.json')),
  ...HOSTS.map((host) => viaHost(host, '/api/v1/feeds/news', { accept: 'application/atom+xml' })),
  ...HOSTS.map((host) => viaHost(host, '/api/v1/feeds/tagged.rss?tag=a')),
  viaHost('d.test', '/api/v1/feeds/tagged.rss?tag=b&tag=a'),
  viaHost('d.test', '/api/v1/feeds/missing.rss'),
  { advanceSeconds: TTL_MINUTES * 60 },
  viaHost('e.test', '/api/v1/feeds/news.rss'),
  'idle',
  ...HOSTS.map((host) => viaHost(host, '/api/v1/feeds/news.rss')),
];

describe('cached-read fast path', () => {
  it('answers a fresh cached read synchronously, before Hono', async () => {
    const { app } = createSubject(true, 100);
    await app.request('/api/v1/feeds/news.rss');
    const answer = app.fetch(new Request('http://localhost/api/v1/feeds/news.rss'));
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('x-cache')).toBe('fresh');
    // Without it, Hono answers with a promise.
    const { app: plain } = createSubject(false, 100);
    await plain.request('/api/v1/feeds/news.rss');
    expect(plain.fetch(new Request('http://localhost/api/v1/feeds/news.rss'))).toBeInstanceOf(Promise);
  });

  it('with PUBLIC_URL, answers a read through a new Host once through Hono (a fresh hit), then itself', async () => {
    const { app, engine } = createSubject(true, 100, undefined, PUBLIC_URL);
    await app.request('http://a.test/api/v1/feeds/news.rss');
    const viaHono = app.fetch(new Request('http://b.test/api/v1/feeds/news.rss'));
    expect(viaHono).toBeInstanceOf(Promise);
    expect((await viaHono).headers.get('x-cache')).toBe('fresh');
    const viaFastPath = app.fetch(new Request('http://b.test/api/v1/feeds/news.rss'));
    expect(viaFastPath).toBeInstanceOf(Response);
    expect((viaFastPath as Response).headers.get('x-cache')).toBe('fresh');
    expect(await (viaFastPath as Response).text()).toContain(`${PUBLIC_URL}/api/v1/feeds/news.rss`);
    expect(engine.calls()).toBe(1);
  });

  it('leaves HEAD, created feeds, unresolved URLs and stale entries to Hono', async () => {
    const { app, advance } = createSubject(true, 0);
    expect(app.fetch(new Request('http://localhost/api/v1/feeds/news.rss'))).toBeInstanceOf(Promise);
    await app.request('/api/v1/feeds/news.rss');
    expect(app.fetch(new Request('http://localhost/api/v1/feeds/news.rss', { method: 'HEAD' }))).toBeInstanceOf(Promise);
    advance(TTL_MINUTES * 60 + 1);
    expect(app.fetch(new Request('http://localhost/api/v1/feeds/news.rss'))).toBeInstanceOf(Promise);
  });

  it('leaves a request it fails on to Hono, which answers the failure as usual', async () => {
    const answers = [];
    for (const fastPath of [true, false]) {
      let failing = false;
      const metrics = createMetrics();
      const clientAddress = () => {
        if (failing) throw new Error('no address');
        return ADDRESS;
      };
      const { app } = createHarness({ feeds, settings: { rateLimitPerMinute: 100 }, deps: { metrics, cachedReadFastPath: fastPath, clientAddress } });
      await app.request('/api/v1/feeds/news.rss');
      failing = true;
      const response = await app.request('/api/v1/feeds/news.rss');
      answers.push({ status: response.status, code: ((await response.json()) as { error: { code: string } }).error.code, metrics: metrics.render() });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ status: 500, code: 'InternalError' });
  });

  it.each([0, 12, 1000])('gives the same answers, log lines and metrics as Hono alone (rate limit %i per minute)', async (perMinute) => {
    const fast = await transcript(createSubject(true, perMinute), SESSION);
    const plain = await transcript(createSubject(false, perMinute), SESSION);
    expect(fast).toEqual(plain);
    const statuses = fast.seen.map((answer) => (answer as { status: number }).status);
    expect(statuses).toContain(304);
    // At 12 per minute the session runs into the limit (in both apps at the same request).
    if (perMinute === 12) expect(statuses).toContain(429);
    else expect(statuses).toEqual(expect.arrayContaining([400, 404]));
    expect(fast.metrics).toContain('pagefeed_feed_cache_total{result="fresh"}');
  });

  it('counts clients behind a trusted proxy as Hono alone does, one bucket per forwarded client', async () => {
    const fast = await transcript(createSubject(true, 3, '127.0.0.1'), FORWARDED_SESSION);
    const plain = await transcript(createSubject(false, 3, '127.0.0.1'), FORWARDED_SESSION);
    expect(fast).toEqual(plain);
    const statuses = fast.seen.map((answer) => (answer as { status: number }).status);
    expect(statuses).toEqual([
      ...[200, 200, 200, 429, 429],
      ...[200, 200, 200, 429],
      ...[200, 200, 200, 429],
      ...[200, 200, 200, 429],
      ...[200, 200, 200, 429],
      429,
      ...[200, 200],
    ]);
    // The access log names the client the limit counted (the proxy itself when none was forwarded).
    const clients = (fast.logs as Array<Record<string, unknown>>).filter((line) => line['message'] === 'request').map((line) => line['client']);
    expect(clients).toEqual([
      ...Array.from({ length: 5 }, () => '198.51.100.1'),
      ...Array.from({ length: 4 }, () => '198.51.100.2'),
      ...Array.from({ length: 4 }, () => '198.51.100.3'),
      ...Array.from({ length: 4 }, () => '2001:db8::3'),
      ...Array.from({ length: 4 }, () => '127.0.0.1'),
      ...Array.from({ length: 3 }, () => '198.51.100.1'),
    ]);
  });

  it.each([0, 12, 1000])('with PUBLIC_URL, gives the same answers as Hono alone whatever the Host, and every Host reads one entry (rate limit %i per minute)', async (perMinute) => {
    const fast = await transcript(createSubject(true, perMinute, undefined, PUBLIC_URL), [...HOSTS_SESSION, ...SESSION]);
    const plain = await transcript(createSubject(false, perMinute, undefined, PUBLIC_URL), [...HOSTS_SESSION, ...SESSION]);
    expect(fast).toEqual(plain);
    type Seen = { step: string; status: number; headers: Record<string, string>; body: string };
    const reads = (fast.seen as Seen[]).slice(0, HOSTS.length * 2);
    // One miss, then hits through every Host, with the same self link and ETag (ten reads: within
    // even the limit of 12).
    expect(reads.map((answer) => answer.headers['x-cache'])).toEqual(['miss', ...Array.from({ length: reads.length - 1 }, () => 'fresh')]);
    expect(new Set(reads.map((answer) => answer.headers['etag'])).size).toBe(1);
    if (perMinute === 12) return; // the limit runs out later in the session; the other rates show the rest
    for (const answer of fast.seen as Seen[]) {
      if (answer.status !== 200 || !answer.step.startsWith('GET')) continue;
      expect(answer.body).toContain(PUBLIC_URL);
      expect(answer.body).not.toMatch(/a\.test|b\.test|c\.test|d\.test|e\.test|\[::1\]|localhost/i);
    }
    // Generations whatever the Hosts: news once, then a refresh at each expiry (one in HOSTS_SESSION,
    // two in SESSION); tagged once.
    expect(fast.engineCalls).toBe(5);
    // SESSION's first read, through http://localhost, reads the entry the other Hosts made.
    const firstOfSession = HOSTS_SESSION.filter((step) => step !== 'idle' && !('advanceSeconds' in step)).length;
    expect((fast.seen as Seen[])[firstOfSession]).toMatchObject({ step: 'GET /api/v1/feeds/news.rss', headers: { 'x-cache': 'fresh' } });
  });

  it('without PUBLIC_URL, keeps one entry for every Host, in both apps alike (issue #18)', async () => {
    const fast = await transcript(createSubject(true, 1000), HOSTS_SESSION);
    const plain = await transcript(createSubject(false, 1000), HOSTS_SESSION);
    expect(fast).toEqual(plain);
    const reads = (fast.seen as { headers: Record<string, string> }[]).slice(0, HOSTS.length);
    // a.test (spelled A.TEST too, the URL parser lowercases it), b.test:8080, [::1]:4000.
    expect(reads.map((answer) => answer.headers['x-cache'])).toEqual(['miss', 'fresh', 'fresh', 'fresh', 'fresh']);
  });
});
