import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireRedis } from '../../../../testing/system.js';
import { runCacheDriverContract } from './contract.js';
import { createMemoryCache } from './memory.js';
import { createRedisCache, type CacheLogger, type RedisCacheDriver } from './redis.js';
import { createSingleFlight } from './single-flight.js';
import { startRedisServer, type RedisServer } from './test-support/redis-server.js';

const redis = requireRedis();

function recordingLogger(): CacheLogger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, warn: (message) => void lines.push(`warn ${message}`), info: (message) => void lines.push(`info ${message}`) };
}

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await sleep(50);
  }
}

describe.skipIf(!redis.available)('createRedisCache against a real redis-server', () => {
  let server: RedisServer;
  let run = 0;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await server?.dispose();
  });

  // Each driver gets its own key prefix, so contract cases never see each other's keys.
  runCacheDriverContract('redis', () => createRedisCache({ url: server.url, keyPrefix: `contract-${(run += 1)}:` }));

  it('shares entries between two clients with the same prefix and isolates other prefixes', async () => {
    const first = createRedisCache({ url: server.url, keyPrefix: 'shared:' });
    const second = createRedisCache({ url: server.url, keyPrefix: 'shared:' });
    const other = createRedisCache({ url: server.url, keyPrefix: 'other:' });
    await first.set('feed', { title: 'News' }, { ttlSeconds: 60 });
    expect(await second.get('feed')).toEqual({ title: 'News' });
    expect(await other.get('feed')).toBeUndefined();
    await Promise.all([first.close(), second.close(), other.close()]);
  });

  it('releases a lock only for its owner and lets a crashed owner lock expire', async () => {
    const owner = createRedisCache({ url: server.url, keyPrefix: 'locks:' });
    const intruder = createRedisCache({ url: server.url, keyPrefix: 'locks:' });
    expect(await owner.setIfAbsent('lock', 'token-owner', { ttlSeconds: 1 })).toBe(true);
    expect(await intruder.setIfAbsent('lock', 'token-intruder', { ttlSeconds: 5 })).toBe(false);
    expect(await intruder.deleteIfEquals('lock', 'token-intruder')).toBe(false);
    expect(await owner.get('lock')).toBe('token-owner');
    // The owner "crashes": it never releases; the expiry frees the lock for the next one.
    await sleep(1300);
    expect(await intruder.setIfAbsent('lock', 'token-intruder', { ttlSeconds: 5 })).toBe(true);
    expect(await owner.deleteIfEquals('lock', 'token-owner')).toBe(false);
    expect(await intruder.deleteIfEquals('lock', 'token-intruder')).toBe(true);
    expect(await owner.get('lock')).toBeUndefined();

    // Renewal works for the owner only.
    expect(await owner.setIfAbsent('renewed', 'token-owner', { ttlSeconds: 1 })).toBe(true);
    expect(await intruder.expireIfEquals('renewed', 'token-intruder', 0.01)).toBe(false);
    expect(await owner.expireIfEquals('renewed', 'token-owner', 5)).toBe(true);
    await sleep(1300);
    expect(await intruder.get('renewed')).toBe('token-owner');
    await Promise.all([owner.close(), intruder.close()]);
  });

  it('runs work once across three single flights sharing Redis', async () => {
    const drivers = [1, 2, 3].map(() => createRedisCache({ url: server.url, keyPrefix: 'flight-test:' }));
    const flights = drivers.map((cache) => createSingleFlight({ cache }));
    let calls = 0;
    const work = async () => {
      calls += 1;
      await sleep(100);
      return { built: calls };
    };
    const results = await Promise.all(flights.flatMap((flight) => Array.from({ length: 10 }, () => flight.run('feed', work))));
    expect(calls).toBe(1);
    expect(results).toEqual(Array(30).fill({ built: 1 }));
    await Promise.all(drivers.map((driver) => driver.close()));
  });

  it('degrades to its fallback while Redis is down, logs once, and recovers when it returns', async () => {
    const outageServer = await startRedisServer();
    const logger = recordingLogger();
    const fallback = createMemoryCache();
    const cache = createRedisCache({ url: outageServer.url, fallback, logger });
    try {
      await cache.set('before', 'in redis');
      expect(cache.status()).toBe('ok');

      await outageServer.stop();
      await cache.set('during', 'in fallback', { ttlSeconds: 60 });
      expect(await cache.get('during')).toBe('in fallback');
      expect(await fallback.get('during')).toBe('in fallback');
      expect(await cache.get('before')).toBeUndefined();
      expect(await cache.setIfAbsent('lock', 'token')).toBe(true);
      expect(await cache.increment('counter')).toBe(1);
      expect(cache.status()).toBe('degraded');
      expect(logger.lines.filter((line) => line.startsWith('warn'))).toHaveLength(1);

      await outageServer.start();
      await eventually(async () => (await cache.get('during')) === undefined && cache.status() === 'ok');
      await cache.set('after', 'in redis again');
      expect(await cache.get('after')).toBe('in redis again');
      expect(logger.lines).toEqual([expect.stringMatching(/^warn Redis is unreachable/), expect.stringMatching(/^info Redis is reachable again/)]);
    } finally {
      await cache.close();
      await outageServer.dispose();
    }
  });

  it('answers from the fallback within the command timeout when Redis hangs', async () => {
    const hungServer = await startRedisServer();
    const logger = recordingLogger();
    const cache = createRedisCache({ url: hungServer.url, logger, commandTimeoutMs: 500 });
    try {
      await cache.set('feed', 'in redis');
      hungServer.pause();
      await cache.set('during', 'in fallback');
      expect(await cache.get('during')).toBe('in fallback');
      expect(cache.status()).toBe('degraded');
      hungServer.resume();
      // The connection never dropped: the first answers after a quiet second end the outage.
      await eventually(async () => (await cache.get('feed')) === 'in redis' && cache.status() === 'ok');
      expect(logger.lines).toEqual([expect.stringMatching(/^warn Redis is unreachable/), expect.stringMatching(/^info Redis is reachable again/)]);
    } finally {
      await cache.close();
      await hungServer.dispose();
    }
  });

  it('degrades when Redis refuses writes for its own reasons (out of memory)', async () => {
    const fullServer = await startRedisServer();
    const admin = new Redis(fullServer.url);
    const logger = recordingLogger();
    const cache = createRedisCache({ url: fullServer.url, logger });
    try {
      await admin.config('SET', 'maxmemory-policy', 'noeviction');
      await admin.config('SET', 'maxmemory', '1');
      // Reads still succeed and writes still fail: state and log must not flip on every request.
      for (let round = 0; round < 5; round += 1) {
        await cache.set('feed', { title: 'News', round });
        expect(await cache.get('feed')).toEqual({ title: 'News', round });
        expect(cache.status()).toBe('degraded');
      }
      expect(logger.lines).toEqual([expect.stringMatching(/^warn Redis is unreachable/)]);
    } finally {
      admin.disconnect();
      await cache.close();
      await fullServer.dispose();
    }
  });

  it('starts degraded, without failing, when Redis is not there at all', async () => {
    const logger = recordingLogger();
    const cache = createRedisCache({ url: 'redis://127.0.0.1:1', logger, connectTimeoutMs: 300 });
    await cache.set('key', 'value');
    expect(await cache.get('key')).toBe('value');
    expect(cache.status()).toBe('degraded');
    expect(logger.lines).toHaveLength(1);
    await cache.close();
  });
});
