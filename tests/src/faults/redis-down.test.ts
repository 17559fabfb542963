import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, startFixtureServer, type FixtureServer } from '../../../testing/fixture-server.js';
import { requireRedis } from '../../../testing/system.js';
// The cache engineer's throwaway redis-server (free port, stop/start on the same port).
import { startRedisServer, type RedisServer } from '../../../packages/fetchers/src/cache/test-support/redis-server.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { startTcpRelay, type TcpRelay } from '../support/tcp-relay.js';

/**
 * Redis configured (REDIS_URL) and then gone: the real server process keeps answering feed reads
 * and feed creation, serves what it cached during the outage even when the source goes down too,
 * reports the cache as not ok in the health report, and returns to `ok` by itself when Redis
 * comes back on the same address.
 */
const redisComponent = requireRedis();
const ACCESS_TOKEN = 'redis-fault-access-token';
const HEALTH_TOKEN = 'redis-fault-health-token';
let redis: RedisServer;
let site: FixtureServer;
let relay: TcpRelay;
let server: ServerProcess;
let directory: string;

interface Health {
  status: string;
  checks: { cache: { status: string; driver: string } };
}

describe.skipIf(!redisComponent.available)('Redis down', () => {
  beforeAll(async () => {
    redis = await startRedisServer();
    const page = `<!doctype html><html><head><title>Redis news</title></head><body>${[1, 2, 3].map((n) => `<article><h2><a href="/p/${n}">Redis post ${n} with a title</a></h2><p>Text</p></article>`).join('')}</body></html>`;
    site = await startFixtureServer({ '/news': html(page), '/other': html(page.replace(/Redis post/g, 'Other post')) });
    relay = await startTcpRelay(site.port);
    directory = mkdtempSync(join(tmpdir(), 'pagefeed-redis-fault-'));
    const feedsFile = join(directory, 'feeds.yml');
    writeFileSync(
      feedsFile,
      `feeds:\n  news:\n    channel:\n      url: http://127.0.0.1:${relay.port}/news\n      ttl: 1\n    selectors:\n      items:\n        selector: article\n      title:\n        selector: h2 a\n      url:\n        selector: h2 a\n        extractor: href\n`,
    );
    server = await startServerProcess({
      SERVICE_SECRET_KEY: 'redis-fault-secret-key-0123456789abcdef',
      ACCESS_TOKEN,
      HEALTH_CHECK_TOKEN: HEALTH_TOKEN,
      REDIS_URL: redis.url,
      ALLOW_PRIVATE_NETWORKS: 'true',
      RATE_LIMIT_PER_MINUTE: '0',
      FEEDS_FILE: feedsFile,
    });
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await redis?.dispose();
    await relay?.down();
    await site?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  async function health(): Promise<{ status: number; body: Health }> {
    const response = await fetch(`${server.origin}/api/v1/health`, { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } });
    return { status: response.status, body: (await response.json()) as Health };
  }

  async function waitForCache(wanted: (status: string) => boolean, seconds: number): Promise<Health> {
    let last: Health | undefined;
    for (let attempt = 0; attempt < seconds * 4; attempt += 1) {
      // Traffic, so the driver notices the outage (or the recovery) through real commands.
      await fetch(`${server.origin}/api/v1/feeds/news.rss`).then((response) => response.arrayBuffer());
      last = (await health()).body;
      if (wanted(last.checks.cache.status)) return last;
      await sleep(250);
    }
    throw new Error(`cache status never matched; last health: ${JSON.stringify(last)}`);
  }

  it('keeps serving and creating feeds while Redis is down, reports it, and recovers when it returns', async () => {
    const before = await fetch(`${server.origin}/api/v1/feeds/news.rss`);
    expect(before.status).toBe(200);
    const body = await before.text();
    expect(body).toContain('Redis post 1');
    expect((await health()).body.checks.cache).toEqual({ status: 'ok', driver: 'redis' });

    await redis.stop();
    const during = await waitForCache((status) => status !== 'ok', 15);
    expect(during.status).not.toBe('ok');

    for (let request = 0; request < 5; request += 1) {
      const response = await fetch(`${server.origin}/api/v1/feeds/news.rss`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Redis post 1');
    }
    const created = await fetch(`${server.origin}/api/v1/feeds`, {
      method: 'POST',
      body: JSON.stringify({ url: `${site.origin}/other` }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ACCESS_TOKEN}` },
    });
    expect(created.status).toBe(201);
    const token = ((await created.json()) as { feed: { token: string } }).feed.token;
    expect((await fetch(`${server.origin}/api/v1/feeds/${token}.atom`)).status).toBe(200);
    expect((await health()).status).toBe(200);

    // Redis and the source down together: what this instance cached during the outage is served.
    await relay.down();
    for (let request = 0; request < 3; request += 1) {
      const response = await fetch(`${server.origin}/api/v1/feeds/news.rss`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Redis post 1');
    }
    await relay.up();

    await redis.start();
    const after = await waitForCache((status) => status === 'ok', 20);
    expect(after.status).toBe('ok');
    expect((await fetch(`${server.origin}/api/v1/feeds/news.rss`)).status).toBe(200);
    expect(server.output()).not.toContain('unexpected failure');
  }, 90_000);

  it('a hung Redis (SIGSTOP: connected, answering nothing) does not hang reads', async () => {
    redis.pause();
    try {
      const started = performance.now();
      const responses = await Promise.all(Array.from({ length: 5 }, () => fetch(`${server.origin}/api/v1/feeds/news.rss`, { signal: AbortSignal.timeout(30_000) })));
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
      // Bounded by the cache's command timeout, far below a client's patience.
      expect(performance.now() - started).toBeLessThan(15_000);
    } finally {
      redis.resume();
    }
  }, 60_000);
});
