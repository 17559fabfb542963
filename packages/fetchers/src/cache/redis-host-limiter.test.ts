import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireRedis } from '../../../../testing/system.js';
import { createRedisHostLimiter, type RedisHostLimiter, type RedisHostLimiterOptions } from './redis-host-limiter.js';
import type { CacheLogger } from './redis.js';
import { startRedisServer, type RedisServer } from './test-support/redis-server.js';

const redis = requireRedis();

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await sleep(50);
  }
}

function recordingLogger(): CacheLogger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, warn: (message) => void lines.push(`warn ${message}`), info: (message) => void lines.push(`info ${message}`) };
}

/** Generous bound for acquires that must succeed: a hang fails the test instead of stalling it. */
const soon = () => AbortSignal.timeout(10_000);

describe.skipIf(!redis.available)('createRedisHostLimiter against a real redis-server', () => {
  let server: RedisServer;
  let admin: Redis;
  let run = 0;
  let prefix = '';
  const opened: RedisHostLimiter[] = [];

  // One prefix per test; the limiters of one test ("instances") share it, each with its own connection.
  function instance(options: Partial<RedisHostLimiterOptions> = {}): RedisHostLimiter {
    const limiter = createRedisHostLimiter({ url: server.url, keyPrefix: prefix, limit: 2, ...options });
    opened.push(limiter);
    return limiter;
  }
  const slotKey = (host: string) => `${prefix}host-slots:${host}`;

  beforeAll(async () => {
    server = await startRedisServer();
    admin = new Redis(server.url);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((limiter) => limiter.close()));
    prefix = `limits-${(run += 1)}:`;
  });
  afterAll(async () => {
    admin?.disconnect();
    await server?.dispose();
  });
  prefix = `limits-${(run += 1)}:`;

  it('never lets instances together exceed the limit for one host, and serves every waiter', async () => {
    const instances = [instance(), instance(), instance()];
    let active = 0;
    let peak = 0;
    let done = 0;
    const job = async (limiter: RedisHostLimiter) => {
      const release = await limiter.acquire('one.example', soon());
      active += 1;
      peak = Math.max(peak, active);
      expect(await admin.zcard(slotKey('one.example'))).toBeLessThanOrEqual(2);
      await sleep(5 + Math.random() * 20);
      active -= 1;
      done += 1;
      release();
    };
    await Promise.all(instances.flatMap((limiter) => Array.from({ length: 8 }, () => job(limiter))));
    expect(done).toBe(24);
    expect(peak).toBeLessThanOrEqual(2);
    // The key leaves with its last lease: hosts seen once do not pile up in Redis.
    await eventually(async () => (await admin.exists(slotKey('one.example'))) === 0);
  });

  it('does not let a busy host block another one', async () => {
    const [first, second] = [instance(), instance()];
    const held = [await first.acquire('busy.example', soon()), await first.acquire('busy.example', soon())];
    const other = [await second.acquire('quiet.example', soon()), await second.acquire('quiet.example', soon())];
    expect(await admin.zcard(slotKey('busy.example'))).toBe(2);
    expect(await admin.zcard(slotKey('quiet.example'))).toBe(2);
    // Every key carries an expiry.
    expect(await admin.pttl(slotKey('busy.example'))).toBeGreaterThan(0);
    for (const release of [...held, ...other]) release();
  });

  it('rejects a waiter whose signal aborts with its reason and leaves nothing behind', async () => {
    const [holder, waiter] = [instance(), instance()];
    const held = [await holder.acquire('full.example', soon()), await holder.acquire('full.example', soon())];
    const polling = new AbortController();
    const queued = new AbortController();
    // Two waiters poll Redis (the local limit is 2); the third waits in this instance's own queue.
    const first = waiter.acquire('full.example', polling.signal);
    const second = waiter.acquire('full.example', soon());
    const third = waiter.acquire('full.example', queued.signal);
    await sleep(150);
    const reason = new Error('the feed was cancelled');
    polling.abort(reason);
    queued.abort(reason);
    await expect(first).rejects.toBe(reason);
    await expect(third).rejects.toBe(reason);
    await expect(waiter.acquire('full.example', AbortSignal.abort(reason))).rejects.toBe(reason);
    expect(await admin.zcard(slotKey('full.example'))).toBe(2);

    for (const release of held) release();
    const releaseSecond = await second;
    const releaseAnother = await waiter.acquire('full.example', soon());
    // Only the two live leases: the aborted waiters took none.
    expect(await admin.zcard(slotKey('full.example'))).toBe(2);
    releaseSecond();
    releaseAnother();
    await eventually(async () => (await admin.exists(slotKey('full.example'))) === 0);
  });

  it('takes back a lease that Redis granted after the waiter had given up', async () => {
    const limiter = instance();
    (await limiter.acquire('late.example', soon()))();
    const controller = new AbortController();
    server.pause();
    try {
      // The command is on its way when the signal aborts; Redis answers it after the resume.
      const pending = limiter.acquire('late.example', controller.signal);
      await sleep(50);
      controller.abort(new Error('gave up'));
      await expect(pending).rejects.toThrow('gave up');
    } finally {
      server.resume();
    }
    await eventually(async () => (await admin.exists(slotKey('late.example'))) === 0, 5000);
  });

  it('frees the slot of a crashed holder when its lease expires, next to a live one', async () => {
    // The live lease keeps the key alive: the crashed one must be trimmed from it, not expire with it.
    const live = instance();
    const releaseLive = await live.acquire('crash.example', soon());
    const crashing = instance({ leaseMs: 400 });
    await crashing.acquire('crash.example', soon());
    // The holder dies without releasing: its connection and its renewals are gone.
    await crashing.close();
    expect(await admin.zcard(slotKey('crash.example'))).toBe(2);
    const survivor = instance();
    const releaseSurvivor = await survivor.acquire('crash.example', soon());
    expect(await admin.zcard(slotKey('crash.example'))).toBe(2);
    releaseSurvivor();
    releaseLive();
  });

  it('renews leases while they are held, so a long fetch keeps its slot', async () => {
    const holder = instance({ leaseMs: 1500 });
    const held = [await holder.acquire('slow.example', soon()), await holder.acquire('slow.example', soon())];
    const waiter = instance();
    const timeout = AbortSignal.timeout(4500);
    // Three lease lifetimes later the slots are still taken: the waiter gives up.
    await expect(waiter.acquire('slow.example', timeout)).rejects.toHaveProperty('name', 'TimeoutError');
    for (const release of held) release();
    const release = await waiter.acquire('slow.example', soon());
    release();
  });

  it('falls back to the local limit while Redis is down and shares again when it returns', async () => {
    const outageServer = await startRedisServer();
    const logger = recordingLogger();
    const first = createRedisHostLimiter({ url: outageServer.url, limit: 2, logger });
    const second = createRedisHostLimiter({ url: outageServer.url, limit: 2 });
    opened.push(first, second);
    try {
      const before = await first.acquire('down.example', soon());
      expect(first.status()).toBe('ok');

      await outageServer.stop();
      // A lease taken in Redis is released during the outage: no throw, it expires there.
      expect(() => before()).not.toThrow();
      const during = [await first.acquire('down.example', soon()), await first.acquire('down.example', soon())];
      expect(first.status()).toBe('degraded');
      // Still limited, per instance: a third waits for a local slot.
      const blocked = AbortSignal.timeout(300);
      await expect(first.acquire('down.example', blocked)).rejects.toHaveProperty('name', 'TimeoutError');
      const waiting = first.acquire('down.example', soon());
      during[0]?.();
      during[1]?.();
      (await waiting)();

      await outageServer.start();
      await eventually(() => first.status() === 'ok' && second.status() === 'ok');
      const outageAdmin = new Redis(outageServer.url);
      try {
        const shared = [await first.acquire('down.example', soon()), await first.acquire('down.example', soon())];
        expect(await outageAdmin.zcard('pagefeed:host-slots:down.example')).toBe(2);
        const other = second.acquire('down.example', soon());
        let otherDone = false;
        void other.then(() => (otherDone = true));
        await sleep(150);
        expect(otherDone).toBe(false);
        shared[0]?.();
        (await other)();
        shared[1]?.();
      } finally {
        outageAdmin.disconnect();
      }
      expect(logger.lines).toEqual([
        expect.stringMatching(/^warn Redis is unreachable; per-host politeness limits are counted per instance/),
        expect.stringMatching(/^info Redis is reachable again; per-host politeness limits are shared again/),
      ]);
    } finally {
      await first.close();
      await second.close();
      await outageServer.dispose();
    }
  });

  it('admits requests within the command timeout when Redis hangs', async () => {
    const hungServer = await startRedisServer();
    const limiter = createRedisHostLimiter({ url: hungServer.url, limit: 1, commandTimeoutMs: 300 });
    opened.push(limiter);
    try {
      (await limiter.acquire('hung.example', soon()))();
      hungServer.pause();
      const release = await limiter.acquire('hung.example', soon());
      expect(limiter.status()).toBe('degraded');
      hungServer.resume();
      release();
    } finally {
      await limiter.close();
      await hungServer.dispose();
    }
  });

  it('works locally from the start when Redis is not there at all', async () => {
    const limiter = createRedisHostLimiter({ url: 'redis://127.0.0.1:1', limit: 1, connectTimeoutMs: 300 });
    opened.push(limiter);
    const release = await limiter.acquire('alone.example', soon());
    const blocked = AbortSignal.timeout(200);
    await expect(limiter.acquire('alone.example', blocked)).rejects.toHaveProperty('name', 'TimeoutError');
    release();
    (await limiter.acquire('alone.example', soon()))();
    expect(limiter.status()).toBe('degraded');
  });
});
