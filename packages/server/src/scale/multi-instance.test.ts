import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireRedis } from '../../../../testing/system.js';
import { ACCESS_TOKEN, HEALTH_CHECK_TOKEN, listingPage, PUBLIC_HOST, startCluster, type Cluster } from './test-support/cluster.js';
import { MAIN_SCRIPT, REPOSITORY_ROOT } from './test-support/instances.js';
import { createAgent, request, runBounded, type Reply } from './test-support/load.js';

/**
 * Issue #7: three real server processes sharing one redis-server behave as one service.
 */
const redis = requireRedis();
const serverExists = existsSync(join(REPOSITORY_ROOT, MAIN_SCRIPT));
if (!serverExists) process.stderr.write(`\n*** scale test: ${MAIN_SCRIPT} does not exist yet; SKIPPED.\n\n`);

describe.skipIf(!redis.available || !serverExists)('three instances sharing Redis', () => {
  let cluster: Cluster;
  const agent = createAgent(32);

  function get(instanceIndex: number, path: string, headers: Record<string, string> = {}): Promise<Reply> {
    const instance = cluster.instances[instanceIndex % cluster.instances.length]!;
    return request(`${instance.origin}${path}`, { agent, headers: { host: PUBLIC_HOST, ...headers } });
  }

  interface HealthReport {
    status: string;
    checks: { cache: { status: string; driver: string } };
  }

  async function health(instanceIndex: number): Promise<HealthReport> {
    const reply = await get(instanceIndex, '/api/v1/health', { authorization: `Bearer ${HEALTH_CHECK_TOKEN}` });
    return JSON.parse(reply.body) as HealthReport;
  }

  beforeAll(async () => {
    cluster = await startCluster({
      instances: 3,
      feeds: ['news', 'sports', 'weather'],
      // The test sends hundreds of requests from one address: the per-client limit is not under test.
      env: { RATE_LIMIT_PER_MINUTE: '0' },
    });
  }, 180_000);

  afterAll(async () => {
    agent.destroy();
    await cluster?.dispose();
  }, 60_000);

  it('answers 300 concurrent requests for one cold feed, spread over three instances, with one upstream fetch', async () => {
    const replies = await runBounded(300, 120, (index) => get(index, '/api/v1/feeds/news'));
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status !== 200), cluster.instances[0]!.output()).toEqual([]);
    expect(replies.every((reply) => reply.body.includes('news headline number 8'))).toBe(true);
    expect(cluster.source.hits.get('/news')).toBe(1);
    for (let index = 0; index < 3; index += 1) {
      expect((await health(index)).checks.cache).toEqual({ status: 'ok', driver: 'redis' });
    }
  });

  it('serves a feed created on instance A from instance B without fetching again', async () => {
    const created = await request(`${cluster.instances[0]!.origin}/api/v1/feeds`, {
      agent,
      method: 'POST',
      headers: { host: PUBLIC_HOST, authorization: `Bearer ${ACCESS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${cluster.source.origin}/listing` }),
    });
    expect(created.status, created.body).toBe(201);
    const { feed } = JSON.parse(created.body) as { feed: { token: string; links: { rss: string } } };
    expect(cluster.source.hits.get('/listing')).toBe(1);

    const path = new URL(feed.links.rss).pathname;
    const served = await get(1, path);
    expect(served.status, served.body).toBe(200);
    expect(served.body).toContain('listing headline number 3');
    const alsoServed = await get(2, path);
    expect(alsoServed.body).toBe(served.body);
    expect(cluster.source.hits.get('/listing')).toBe(1);
  });

  it('keeps the per-host politeness limit across instances: 12 cold fetches of one site, at most 4 at a time', async () => {
    // Twelve different pages of one host, created as feeds at once, four on each instance. Each
    // instance alone would allow four fetches in flight to the host (twelve together); shared
    // through Redis, the site never sees more than four at a time.
    let inFlight = 0;
    let peak = 0;
    for (let page = 0; page < 12; page += 1) {
      cluster.source.route(`/polite-${page}`, async (_request, response) => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await sleep(250);
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(listingPage(`polite${page}`));
        inFlight -= 1;
      });
    }
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, page) =>
        request(`${cluster.instances[page % 3]!.origin}/api/v1/feeds`, {
          agent,
          method: 'POST',
          headers: { host: PUBLIC_HOST, authorization: `Bearer ${ACCESS_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ url: `${cluster.source.origin}/polite-${page}` }),
        }),
      ),
    );
    expect(created.map((reply) => reply.status), created.map((reply) => reply.body).join('\n')).toEqual(Array(12).fill(201));
    for (let page = 0; page < 12; page += 1) expect(cluster.source.hits.get(`/polite-${page}`)).toBe(1);
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThanOrEqual(4);
  });

  it('loses no request when Redis stops mid-run, reports the cache degraded, and recovers', async () => {
    const paths = ['/api/v1/feeds/news', '/api/v1/feeds/sports', '/api/v1/feeds/weather'];
    const inFlight = runBounded(240, 30, async (index) => {
      // Spread over time, so some requests are answered before, during and after the stop.
      await sleep((index % 40) * 10);
      return get(index, paths[index % paths.length]!);
    });
    await sleep(150);
    await cluster.redis.stop();
    const replies = await inFlight;
    expect(replies.filter((reply) => reply.status !== 200).map((reply) => `${reply.status} ${reply.body.slice(0, 200)}`)).toEqual([]);

    // After the outage every instance still serves every feed, from its local cache or upstream.
    const after = await Promise.all(paths.flatMap((path) => [0, 1, 2].map((index) => get(index, path))));
    expect(after.map((reply) => reply.status)).toEqual(Array(9).fill(200));
    for (let index = 0; index < 3; index += 1) {
      const report = await health(index);
      expect(report.checks.cache.status).toBe('degraded');
      expect(report.status).toBe('degraded');
    }
    // One warning per instance for the whole outage, however many requests met it: the cache's, and
    // the politeness limiter's at most once (it speaks only if a fetch went out during the outage).
    for (const instance of cluster.instances) {
      expect(instance.output().match(/Redis is unreachable; serving from the local cache/g)).toHaveLength(1);
      expect((instance.output().match(/Redis is unreachable; per-host politeness limits/g) ?? []).length).toBeLessThanOrEqual(1);
    }

    await cluster.redis.start();
    const deadline = Date.now() + 15_000;
    let states: string[] = [];
    while (Date.now() < deadline) {
      // Any request that touches the cache proves the connection; ioredis reconnects on its own.
      await Promise.all([0, 1, 2].map((index) => get(index, '/api/v1/feeds/news')));
      states = await Promise.all([0, 1, 2].map(async (index) => (await health(index)).checks.cache.status));
      if (states.every((state) => state === 'ok')) break;
      await sleep(250);
    }
    expect(states).toEqual(['ok', 'ok', 'ok']);
  });
});

describe.skipIf(!redis.available || !serverExists)('rate limits shared through Redis', () => {
  const LIMIT = 10;
  let cluster: Cluster;
  const agent = createAgent(8);

  beforeAll(async () => {
    cluster = await startCluster({ instances: 2, feeds: ['news'], delayMs: 0, env: { RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
  }, 120_000);

  afterAll(async () => {
    agent.destroy();
    await cluster?.dispose();
  }, 60_000);

  async function burst(count: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const instance = cluster.instances[index % 2]!;
      const reply = await request(`${instance.origin}/api/v1/feeds/news`, { agent, headers: { host: PUBLIC_HOST } });
      statuses.push(reply.status);
    }
    return statuses;
  }

  it('counts requests to either instance against one limit per client', async () => {
    // The window slides: a burst across a minute's edge is counted like any other.
    const statuses = await burst(LIMIT + 4);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429, 429]);
  });
});
