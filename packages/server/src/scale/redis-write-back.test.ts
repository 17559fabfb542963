import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireRedis } from '../../../../testing/system.js';
import { HEALTH_CHECK_TOKEN, PUBLIC_HOST, startCluster, type Cluster } from './test-support/cluster.js';
import { MAIN_SCRIPT, REPOSITORY_ROOT } from './test-support/instances.js';
import { createAgent, request, type Reply } from './test-support/load.js';

/**
 * Issue #18: a Redis outage costs at most one fetch per feed per instance. Two real server
 * processes share a redis-server; it is stopped, every feed is read on both instances, and it is
 * started again empty. Before, the instances fetched every feed a third time when Redis returned;
 * now they write back what they hold.
 */
const redis = requireRedis();
const serverExists = existsSync(join(REPOSITORY_ROOT, MAIN_SCRIPT));
const FEEDS = Array.from({ length: 12 }, (_unused, index) => `feed${index}`);

describe.skipIf(!redis.available || !serverExists)('a Redis outage and an empty restart', () => {
  let cluster: Cluster;
  const agent = createAgent(8);

  function get(instanceIndex: number, path: string, headers: Record<string, string> = {}): Promise<Reply> {
    const instance = cluster.instances[instanceIndex]!;
    return request(`${instance.origin}${path}`, { agent, headers: { host: PUBLIC_HOST, ...headers } });
  }

  async function cacheStatus(index: number): Promise<string> {
    const reply = await get(index, '/api/v1/health', { authorization: `Bearer ${HEALTH_CHECK_TOKEN}` });
    return (JSON.parse(reply.body) as { checks: { cache: { status: string } } }).checks.cache.status;
  }

  async function readAll(): Promise<void> {
    for (const name of FEEDS) {
      for (const index of [0, 1]) {
        const reply = await get(index, `/api/v1/feeds/${name}.rss`);
        expect(reply.status, reply.body.slice(0, 200)).toBe(200);
      }
    }
  }

  const fetches = (): number => FEEDS.reduce((sum, name) => sum + (cluster.source.hits.get(`/${name}`) ?? 0), 0);

  beforeAll(async () => {
    cluster = await startCluster({ instances: 2, feeds: FEEDS, delayMs: 0, env: { RATE_LIMIT_PER_MINUTE: '0' } });
  }, 180_000);

  afterAll(async () => {
    agent.destroy();
    await cluster?.dispose();
  }, 60_000);

  it('costs at most one fetch per feed per instance, and none when Redis returns empty', async () => {
    await readAll();
    expect(fetches()).toBe(FEEDS.length);

    await cluster.redis.stop();
    await readAll();
    // Each instance fetched each feed at most once during the outage.
    const duringOutage = fetches();
    expect(duringOutage).toBeLessThanOrEqual(FEEDS.length * 3);

    await cluster.redis.start();
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      await Promise.all([0, 1].map((index) => get(index, `/api/v1/feeds/${FEEDS[0]}.rss`)));
      if ((await cacheStatus(0)) === 'ok' && (await cacheStatus(1)) === 'ok') break;
      await sleep(250);
    }
    await readAll();
    await readAll();
    expect(fetches()).toBe(duringOutage);
  }, 240_000);
});
