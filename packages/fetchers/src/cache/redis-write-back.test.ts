import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { requireRedis } from '../../../../testing/system.js';
import { createMemoryCache } from './memory.js';
import { createRedisCache } from './redis.js';
import { startRedisServer } from './test-support/redis-server.js';

/**
 * Issue #18: after a Redis outage, instances write back what they hold instead of fetching again.
 * A real redis-server is stopped and started again empty (its data is not kept over a restart).
 */
const redis = requireRedis();

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await sleep(50);
  }
}

describe.skipIf(!redis.available)('write-back after a Redis outage', () => {
  it('writes what two instances held back, once, and not locks', async () => {
    const server = await startRedisServer();
    const writeBack = (key: string) => key.startsWith('feed:');
    const first = createRedisCache({ url: server.url, fallback: createMemoryCache(), writeBack });
    const second = createRedisCache({ url: server.url, fallback: createMemoryCache(), writeBack });
    try {
      await first.set('probe', 1);
      await server.stop();
      // During the outage each instance generates its own copy (one fetch per feed per instance).
      await first.set('feed:a', 'from first', { ttlSeconds: 600 });
      await second.set('feed:a', 'from second', { ttlSeconds: 600 });
      await first.set('feed:b', 'only first', { ttlSeconds: 600 });
      await first.set('lock:feed:a', 'token');
      await server.start();
      await eventually(() => first.status() === 'ok' && second.status() === 'ok');
      await eventually(async () => (await first.get('probe')) === undefined);

      // The restarted Redis is empty; the first read writes the held value back instead of missing.
      expect(await first.get('feed:a')).toBe('from first');
      // The second instance finds the shared value: the first write back wins, no second copy.
      expect(await second.get('feed:a')).toBe('from first');
      // What the first instance held and nobody read yet is written back in the background.
      await eventually(async () => (await second.get('feed:b')) === 'only first');
      // A lock taken during the outage is not written back.
      expect(await first.get('lock:feed:a')).toBeUndefined();
      // Written back with the time it had left.
      const check = createRedisCache({ url: server.url });
      try {
        expect(await check.get('feed:b')).toBe('only first');
      } finally {
        await check.close();
      }
    } finally {
      await first.close();
      await second.close();
      await server.dispose();
    }
  }, 60_000);

  it('without writeBack the behaviour is as before: a miss', async () => {
    const server = await startRedisServer();
    const cache = createRedisCache({ url: server.url, fallback: createMemoryCache() });
    try {
      await cache.set('probe', 1);
      await server.stop();
      await cache.set('feed:a', 'held', { ttlSeconds: 600 });
      await server.start();
      await eventually(() => cache.status() === 'ok');
      await eventually(async () => (await cache.get('probe')) === undefined);
      expect(await cache.get('feed:a')).toBeUndefined();
    } finally {
      await cache.close();
      await server.dispose();
    }
  }, 60_000);
});
