import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFeed } from '../../../../testing/check-feed.js';
import { html, startFixtureServer, type FixtureServer } from '../../../../testing/fixture-server.js';
import { requireFeedparser } from '../../../../testing/system.js';
import { spawnServer } from '../test-support/server-process.js';

/**
 * The real server process (the same entry point as production, from TypeScript sources) on a
 * free port, with a local fixture site as the source, driven over HTTP.
 */
const FIXTURES = new URL('./__fixtures__/', import.meta.url);
const ACCESS_TOKEN = 'process-test-access-token';
const SECRET = 'process-test-secret-key-0123456789abcdef';
const feedparser = requireFeedparser();

interface Started {
  readonly child: ChildProcess;
  readonly origin: string;
  output(): string;
}

async function startServer(env: Record<string, string>): Promise<Started> {
  const { child, output, exited } = spawnServer(env);
  const port = await new Promise<number>((resolve, reject) => {
    const check = () => {
      const match = /"message":"listening","port":(\d+)/.exec(output());
      if (match) resolve(Number(match[1]));
    };
    child.stdout?.on('data', check);
    void exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${output()}`)));
  });
  return { child, origin: `http://127.0.0.1:${port}`, output };
}

describe('the server process', () => {
  let site: FixtureServer;
  let server: Started;

  beforeAll(async () => {
    const page = readFileSync(new URL('news.html', FIXTURES), 'utf8');
    site = await startFixtureServer({
      '/news': html(page),
      '/about': html('<!doctype html><html><head><title>About us</title></head><body><main><h1>About us</h1><p>We are a small team that makes things.</p></main></body></html>'),
      '/logo.png': (_request, response) => {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      },
      '/slow': async (request, response) => {
        await sleep(1000);
        await html(page)(request, response);
      },
    });
    server = await startServer({
      NODE_ENV: 'production',
      SERVICE_SECRET_KEY: SECRET,
      ACCESS_TOKEN,
      HEALTH_CHECK_TOKEN: 'process-health-token',
      ALLOW_PRIVATE_NETWORKS: 'true',
      FEEDS_FILE: fileURLToPath(new URL('feeds.yml', FIXTURES)),
      FIXTURE_ORIGIN: site.origin,
    });
  }, 60_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await site?.close();
  });

  it('logs the bound port and answers the probes', async () => {
    expect(server.output()).toMatch(/"message":"listening","port":\d+/);
    expect((await fetch(`${server.origin}/api/v1/health/live`)).status).toBe(200);
    expect((await fetch(`${server.origin}/api/v1/health/ready`)).status).toBe(200);
    const health = await fetch(`${server.origin}/api/v1/health`, { headers: { authorization: 'Bearer process-health-token' } });
    expect(await health.json()).toMatchObject({ status: 'ok', environment: 'production', checks: { config: { status: 'ok', feeds: 1 } } });
  });

  it('creates a feed and serves it in all three formats, each valid for a real feed reader; 304 on revalidation', async () => {
    const created = await fetch(`${server.origin}/api/v1/feeds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ACCESS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${site.origin}/news` }),
    });
    const body = (await created.json()) as { feed: { links: Record<'rss' | 'atom' | 'json', string>; title: string }; preview: { items: { title?: string }[] } };
    expect(created.status, JSON.stringify(body)).toBe(201);
    expect(body.preview.items.length).toBeGreaterThanOrEqual(5);
    expect(body.preview.items.map((item) => item.title)).toContain('Solar plant opens in the north');
    for (const format of ['rss', 'atom', 'json'] as const) {
      const response = await fetch(body.feed.links[format]);
      expect(response.status).toBe(200);
      const document = await response.text();
      expect(document).toContain('Quarterly results beat expectations');
      if (feedparser.available) {
        const checked = checkFeed(document);
        expect(checked.ok, checked.output).toBe(true);
      }
      const etag = response.headers.get('etag')!;
      const revalidated = await fetch(body.feed.links[format], { headers: { 'if-none-match': etag } });
      expect(revalidated.status).toBe(304);
    }
    // One fetch at creation; the reads came from the cache.
    expect(site.hits.get('/news')).toBe(1);
  });

  it('serves the predefined feed of feeds.yml', async () => {
    const response = await fetch(`${server.origin}/api/v1/feeds/newsroom`, { headers: { accept: 'application/atom+xml' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/atom+xml');
    const document = await response.text();
    expect(document).toContain('Fixture newsroom');
    if (feedparser.available) expect(checkFeed(document).ok).toBe(true);
  });

  it('reports extraction failures as 422 with the code, class and hint', async () => {
    const create = async (path: string) => {
      const response = await fetch(`${server.origin}/api/v1/feeds`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ACCESS_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${site.origin}${path}` }),
      });
      return { status: response.status, error: ((await response.json()) as { error: Record<string, string> }).error };
    };
    const noItems = await create('/about');
    expect(noItems.status).toBe(422);
    expect(noItems.error).toMatchObject({ code: 'NoScrapersFound', class: 'unsupported_surface' });
    expect(noItems.error['message']).toMatch(/^No scrapers found/);
    expect(noItems.error['hint']).toContain('listing, changelog or category URLs');
    const image = await create('/logo.png');
    expect(image.status).toBe(422);
    expect(image.error['code']).toBe('UnsupportedResponseContentType');
  });

  it('refuses a URL outside the account patterns (403) and a missing token (401)', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${server.origin}/api/v1/feeds`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ url: 'https://example.org/' }) });
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: 'Bearer fixture-account-token-0123456789' })).status).toBe(403);
  });

  it('never loads @sentry/node or ioredis when ERROR_TRACKING_DSN and REDIS_URL are unset', () => {
    expect(server.output()).not.toContain('pagefeed-trace: import');
  });

  it('on SIGTERM finishes the request in flight, then exits 0', async () => {
    const inFlight = fetch(`${server.origin}/api/v1/preview`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ACCESS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${site.origin}/slow` }),
    });
    // The source answers slowly; stop the server while it waits for it.
    while (!site.hits.get('/slow')) await sleep(20);
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { items: unknown[] }).items.length).toBeGreaterThanOrEqual(5);
    expect(await exited).toBe(0);
    expect(server.output()).toContain('"message":"stopped"');
  });
});

describe('a second process: invalid feeds.yml, ERROR_TRACKING_DSN set', () => {
  it('stays live but not ready, says why, and loads @sentry/node (the control for the test above)', async () => {
    const started = await startServer({
      ERROR_TRACKING_DSN: 'http://public@127.0.0.1:9/1',
      FEEDS_FILE: fileURLToPath(new URL('invalid-feeds.yml', FIXTURES)),
    });
    try {
      expect((await fetch(`${started.origin}/api/v1/health/live`)).status).toBe(200);
      const ready = await fetch(`${started.origin}/api/v1/health/ready`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { message: string }).message).toContain('browserless');
      expect(started.output()).toContain('pagefeed-trace: import @sentry/node');
    } finally {
      started.child.kill('SIGTERM');
    }
  });
});

describe('the production secret check', () => {
  it.each([
    ['missing', {}, 'SERVICE_SECRET_KEY is not set'],
    ['too short', { SERVICE_SECRET_KEY: 'short-key' }, 'SERVICE_SECRET_KEY is too short'],
  ])('exits non-zero at start when SERVICE_SECRET_KEY is %s', async (_label, env, message) => {
    const { exited, output } = spawnServer({ NODE_ENV: 'production', ...env });
    expect(await exited).not.toBe(0);
    expect(output()).toContain(message);
  });
});

describe('a process behind a trusted proxy (TRUSTED_PROXIES)', () => {
  it('counts each forwarded client on its own and says at start whom it trusts', async () => {
    const started = await startServer({ TRUSTED_PROXIES: 'loopback', RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const read = async (forwardedFor: string) => (await fetch(`${started.origin}/api/v1/feeds`, { headers: { 'x-forwarded-for': forwardedFor } })).status;
      const seen = [];
      for (const client of ['198.51.100.1', '198.51.100.1', '198.51.100.2', '198.51.100.1', '192.0.2.9, 198.51.100.2', '198.51.100.2']) seen.push(await read(client));
      expect(seen).toEqual([200, 200, 200, 429, 200, 429]);
      expect(started.output()).toContain('"message":"client addresses: X-Forwarded-For of trusted proxies","trusted_proxies":"127.0.0.0/8,::1"');
    } finally {
      started.child.kill('SIGTERM');
    }
  });

  it('exits non-zero at start on a wrong entry, naming the variable, the entry and the fix, without a stack trace', async () => {
    const { exited, output } = spawnServer({ TRUSTED_PROXIES: '127.0.0.1,10.0.0.0/33' });
    expect(await exited).toBe(1);
    expect(output()).toContain(
      "pagefeed: cannot start: ConfigurationInvalid: TRUSTED_PROXIES: the prefix length of an IPv4 range must be a whole number from 0 to 32, not '33' (in '10.0.0.0/33') Fix: list IP addresses and CIDR ranges separated by commas",
    );
    expect(output()).not.toMatch(/^\s+at /m);
  });
});

/** A GET with a Host header of our choosing (fetch sends the URL's own). */
function getWithHost(origin: string, path: string, host: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${origin}${path}`, { headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('a process with PUBLIC_URL', () => {
  it('writes it into self links and API links whatever the Host, and reads one cache entry for every Host', async () => {
    const page = readFileSync(new URL('news.html', FIXTURES), 'utf8');
    const site = await startFixtureServer({ '/news': html(page) });
    const started = await startServer({
      PUBLIC_URL: 'https://feeds.example.com/',
      ALLOW_PRIVATE_NETWORKS: 'true',
      FEEDS_FILE: fileURLToPath(new URL('feeds.yml', FIXTURES)),
      FIXTURE_ORIGIN: site.origin,
    });
    try {
      expect(started.output()).toContain('"message":"public URL: feed self links and API links use it, whatever the request Host","public_url":"https://feeds.example.com"');
      const port = new URL(started.origin).port;
      const hosts = [`127.0.0.1:${port}`, 'evil.test', 'feeds.example.com', `localhost:${port}`, 'evil.test'];
      const states = [];
      for (const host of hosts) {
        const response = await getWithHost(started.origin, '/api/v1/feeds/newsroom.rss', host);
        expect(response.status).toBe(200);
        expect(response.body).toContain('<atom:link href="https://feeds.example.com/api/v1/feeds/newsroom.rss" rel="self"');
        // (The items link to the fixture site, on 127.0.0.1 too, but another port.)
        for (const other of hosts) expect(response.body).not.toContain(`http://${other}/`);
        states.push(response.headers['x-cache']);
      }
      expect(states).toEqual(['miss', 'fresh', 'fresh', 'fresh', 'fresh']);
      expect(site.hits.get('/news')).toBe(1);
      const list = JSON.parse((await getWithHost(started.origin, '/api/v1/feeds', 'evil.test')).body) as { feeds: { links: Record<string, string> }[] };
      expect(list.feeds[0]?.links['json']).toBe('https://feeds.example.com/api/v1/feeds/newsroom.json');
    } finally {
      started.child.kill('SIGTERM');
      await site.close();
    }
  });

  it('exits 1 at start when PUBLIC_URL is not an origin, naming the variable, the value and the fix, without a stack trace', async () => {
    const { exited, output } = spawnServer({ PUBLIC_URL: 'https://feeds.example.com/pagefeed' });
    expect(await exited).toBe(1);
    expect(output()).toContain(
      "pagefeed: cannot start: ConfigurationInvalid: PUBLIC_URL must be an origin (scheme, host and optional port) without a path, not 'https://feeds.example.com/pagefeed': serving under a path prefix is not supported Fix: write PUBLIC_URL=https://feeds.example.com and serve pagefeed at the root of that host.",
    );
    expect(output()).not.toMatch(/^\s+at /m);
  });
});
