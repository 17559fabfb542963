import { createMemoryCache } from '@pagefeed/fetchers';
import { createRedisCache } from '@pagefeed/fetchers/redis';
import type { CacheDriver } from '@pagefeed/core';
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireRedis } from '../../../../testing/system.js';
import { startRedisServer, type RedisServer } from '../../../fetchers/src/cache/test-support/redis-server.js';
import { createHarness } from '../test-support/app-harness.js';

/**
 * The sliding window through the app, on a fake clock that starts at a window's start (12:00:00),
 * with each scenario run against this process's counter, against a stand-in for a shared cache
 * and against a real redis-server, the last two with two app instances taking turns.
 */
const START = Date.UTC(2026, 5, 1, 12, 0, 0);

interface Client {
  /** Status and Retry-After of one rate-limited request, as `200` or `429 after 5`. */
  send(options?: { readonly address?: string; readonly token?: string }): Promise<string>;
  /** `count` requests, their answers run together: `200×3 429×2`. */
  burst(count: number, options?: { readonly address?: string; readonly token?: string }): Promise<string>;
  /** Sets the clock to `seconds` after 12:00:00. */
  at(seconds: number): void;
}

function createClient(caches: readonly CacheDriver[], perMinute: number): Client {
  let now = START;
  let address = '192.0.2.1';
  let turn = 0;
  const apps = caches.map((cache) => createHarness({ settings: { rateLimitPerMinute: perMinute }, deps: { cache, clock: () => new Date(now), clientAddress: () => address } }).app);
  const send: Client['send'] = async (options = {}) => {
    address = options.address ?? '192.0.2.1';
    const app = apps[turn++ % apps.length]!;
    const response = await app.request('/api/v1/feeds', { headers: options.token ? { authorization: `Bearer ${options.token}` } : {} });
    if (response.status !== 429) return String(response.status);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'RateLimited', message: `Too many requests: the limit is ${perMinute} per minute.` });
    return `429 after ${response.headers.get('retry-after')}`;
  };
  return {
    send,
    async burst(count, options) {
      const answers: string[] = [];
      for (let index = 0; index < count; index += 1) answers.push(await send(options));
      const runs: Array<[string, number]> = [];
      for (const answer of answers.map((text) => text.split(' ')[0]!)) {
        const last = runs.at(-1);
        if (last && last[0] === answer) last[1] += 1;
        else runs.push([answer, 1]);
      }
      return runs.map(([answer, times]) => `${answer}×${times}`).join(' ');
    },
    at: (seconds) => void (now = START + seconds * 1000),
  };
}

function scenarios(name: string, cachesOf: () => CacheDriver[] | Promise<CacheDriver[]>) {
  describe(name, () => {
    const client = async (perMinute: number) => createClient(await cachesOf(), perMinute);

    it('refuses a burst at the start of a window that follows a burst at the end of the last', async () => {
      const subject = await client(10);
      subject.at(59);
      expect(await subject.burst(10)).toBe('200×10');
      // Two seconds later, in the next window: the ten are still within the last minute.
      subject.at(61);
      expect(await subject.burst(10)).toBe('429×10');
      // 10 × (60 − 1) / 60 + 1 > 10 until 10 × 54 / 60 = 9 at 12:01:06: five seconds on.
      expect(await subject.send()).toBe('429 after 5');
      subject.at(65);
      expect(await subject.send()).toBe('429 after 1');
      subject.at(66);
      expect(await subject.send()).toBe('200');
      // One more needs the previous ten at 8: 12 s into the window.
      expect(await subject.send()).toBe('429 after 6');
      subject.at(72);
      expect(await subject.send()).toBe('200');
    });

    it('lets the previous window weigh less as it slides out of the last minute', async () => {
      const subject = await client(10);
      expect(await subject.burst(12)).toBe('200×10 429×2');
      // Half the previous window weighs (5): five more fit.
      subject.at(90);
      expect(await subject.burst(7)).toBe('200×5 429×2');
      // Then those five weigh half (2.5): seven more fit.
      subject.at(150);
      expect(await subject.burst(8)).toBe('200×7 429×1');
      // Two minutes without a request: nothing weighs.
      subject.at(300);
      expect(await subject.burst(11)).toBe('200×10 429×1');
    });

    it('counts only admitted requests: a client that kept asking gets its share again', async () => {
      const subject = await client(2);
      expect(await subject.burst(50)).toBe('200×2 429×48');
      subject.at(90);
      expect(await subject.burst(2)).toBe('200×1 429×1');
    });

    it('counts a token across addresses, and an IPv6 /64 as one client, across the window edge', async () => {
      const subject = await client(2);
      subject.at(58);
      expect(await subject.burst(2, { address: '192.0.2.10', token: 'reader-token' })).toBe('200×2');
      subject.at(62);
      // Another address, the same token: refused for the token (and not counted for the address).
      expect(await subject.send({ address: '192.0.2.20', token: 'reader-token' })).toBe('429 after 28');
      expect(await subject.burst(3, { address: '192.0.2.20' })).toBe('200×2 429×1');
      // The address's own two fill this window: free 30 s into the next (2 × 30 / 60 = 1).
      expect(await subject.send({ address: '192.0.2.20', token: 'other-token' })).toBe('429 after 88');

      subject.at(119);
      expect(await subject.burst(2, { address: '2001:db8:1:2::1' })).toBe('200×2');
      subject.at(121);
      expect(await subject.send({ address: '2001:db8:1:2:ffff::99' })).toBe('429 after 29');
      expect(await subject.send({ address: '2001:db8:1:3::1' })).toBe('200');
    });
  });
}

scenarios('sliding-window rate limit, counted in this process', () => [createMemoryCache()]);
scenarios('sliding-window rate limit, counted in a shared cache (stand-in), two instances', () => {
  const cache = createMemoryCache({ standInForSharedCache: true });
  return [cache, cache];
});

const redis = requireRedis();

/** One command to the server on a connection of its own, its reply as text (`3`, `120000`, or null). */
function redisCommand(port: number, ...words: string[]): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let reply = '';
    socket.once('connect', () => socket.write(`*${words.length}\r\n${words.map((word) => `$${Buffer.byteLength(word)}\r\n${word}\r\n`).join('')}`));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      const complete = /^(?::(-?\d+)|\$-1|\$\d+\r\n(.*))\r\n$/s.exec(reply);
      if (!complete) return;
      socket.destroy();
      resolve(complete[1] ?? complete[2] ?? null);
    });
    socket.once('error', reject);
  });
}

describe.skipIf(!redis.available)('sliding-window rate limit against a real redis-server', () => {
  let server: RedisServer;
  let run = 0;
  const drivers: Array<ReturnType<typeof createRedisCache>> = [];
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(drivers.map((driver) => driver.close()));
    await server?.dispose();
  });
  /** Two instances, each with its own connection, sharing one key prefix per test. */
  const pair = (prefix = `rate-${(run += 1)}:`) => {
    const made = [createRedisCache({ url: server.url, keyPrefix: prefix }), createRedisCache({ url: server.url, keyPrefix: prefix })];
    drivers.push(...made);
    return made;
  };

  scenarios('two instances', () => pair());

  it('keeps a window counter two minutes and a second, and takes back the count of a refused request', async () => {
    const prefix = `rate-ttl-${(run += 1)}:`;
    const subject = createClient(pair(prefix), 3);
    const window = Math.floor(START / 60_000);
    expect(await subject.burst(5)).toBe('200×3 429×2');
    const key = `${prefix}rate:ip:192.0.2.1:${window}`;
    expect(await redisCommand(server.port, 'GET', key)).toBe('3');
    const ttl = Number(await redisCommand(server.port, 'PTTL', key));
    expect(ttl).toBeGreaterThan(119_000);
    expect(ttl).toBeLessThanOrEqual(121_000);
    // Read as the previous window in the next one: 3 × 30 / 60 + 1 fits, one more does not.
    subject.at(90);
    expect(await subject.burst(2)).toBe('200×1 429×1');
    expect(await redisCommand(server.port, 'GET', `${prefix}rate:ip:192.0.2.1:${window + 1}`)).toBe('1');
  });
});
