import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { FeedError } from '@pagefeed/core';
import { createMemoryCache } from './memory.js';
import { createSingleFlight } from './single-flight.js';

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('createSingleFlight in one process', () => {
  it('shares one execution among concurrent callers of the same key', async () => {
    const flight = createSingleFlight();
    const gate = deferred<string>();
    let calls = 0;
    const work = async () => {
      calls += 1;
      return gate.promise;
    };
    const results = Promise.all(Array.from({ length: 25 }, () => flight.run('feed', work)));
    gate.resolve('built');
    expect(await results).toEqual(Array(25).fill('built'));
    expect(calls).toBe(1);
  });

  it('keeps no lock or result keys in a process-local memory cache (they would evict feeds)', async () => {
    const cache = createMemoryCache({ maxEntries: 3 });
    await cache.set('feed-a', 'a');
    await cache.set('feed-b', 'b');
    const flight = createSingleFlight({ cache });
    const gate = deferred<string>();
    const results = Promise.all([flight.run('feed-c', () => gate.promise), flight.run('feed-c', () => gate.promise)]);
    expect(await cache.get('flight:lock:feed-c')).toBeUndefined();
    gate.resolve('built');
    expect(await results).toEqual(['built', 'built']);
    expect(await cache.get('flight:result:feed-c')).toBeUndefined();
    for (let index = 0; index < 5; index += 1) await flight.run(`other-${index}`, async () => ({ large: 'x'.repeat(1000) }));
    expect([await cache.get('feed-a'), await cache.get('feed-b')]).toEqual(['a', 'b']);
  });

  it('runs different keys separately and runs again once a flight has landed', async () => {
    const flight = createSingleFlight();
    let calls = 0;
    const work = async () => ++calls;
    expect(await Promise.all([flight.run('a', work), flight.run('b', work)])).toEqual([1, 2]);
    expect(await flight.run('a', work)).toBe(3);
  });

  it('gives every caller the same error and lets the next call retry', async () => {
    const flight = createSingleFlight();
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new FeedError('FetchFailed', 'source down');
    };
    const results = await Promise.allSettled([flight.run('feed', failing), flight.run('feed', failing)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    await expect(flight.run('feed', async () => 'recovered')).resolves.toBe('recovered');
  });
});

describe('createSingleFlight across instances sharing a cache', () => {
  it('lets one instance own the work while the others read its result', async () => {
    const shared = createMemoryCache({ standInForSharedCache: true });
    const instances = [1, 2, 3].map(() => createSingleFlight({ cache: shared }));
    const gate = deferred<{ title: string }>();
    let calls = 0;
    const work = async () => {
      calls += 1;
      return gate.promise;
    };
    const results = Promise.all(instances.flatMap((instance) => [instance.run('feed', work), instance.run('feed', work)]));
    await sleep(50);
    gate.resolve({ title: 'News' });
    expect(await results).toEqual(Array(6).fill({ title: 'News' }));
    expect(calls).toBe(1);
    expect(await shared.get('flight:lock:feed')).toBeUndefined();
  });

  it('serves a late arrival the landed result instead of running again', async () => {
    const shared = createMemoryCache({ standInForSharedCache: true });
    const [first, second] = [createSingleFlight({ cache: shared }), createSingleFlight({ cache: shared })];
    let calls = 0;
    await first.run('feed', async () => ++calls);
    expect(await second.run('feed', async () => ++calls)).toBe(1);
    expect(calls).toBe(1);
  });

  it('hands the owner error to waiters on other instances', async () => {
    const shared = createMemoryCache({ standInForSharedCache: true });
    const [owner, waiter] = [createSingleFlight({ cache: shared }), createSingleFlight({ cache: shared })];
    const gate = deferred<void>();
    let calls = 0;
    const failing = async () => {
      calls += 1;
      await gate.promise;
      throw new FeedError('UpstreamHttpError', 'source answered 503', { hint: 'retry later' });
    };
    const owned = owner.run('feed', failing);
    await sleep(10);
    const waited = waiter.run('feed', failing);
    gate.resolve();
    await expect(owned).rejects.toThrow('source answered 503');
    await expect(waited).rejects.toMatchObject({ code: 'UpstreamHttpError', hint: 'retry later' });
    expect(calls).toBe(1);
  });

  it('takes over when the owner crashed and its lock expired', async () => {
    const shared = createMemoryCache({ standInForSharedCache: true });
    // A crashed owner: its lock is there, no result will ever come.
    await shared.setIfAbsent('flight:lock:feed', 'dead-owner-token', { ttlSeconds: 0.2 });
    const flight = createSingleFlight({ cache: shared });
    let calls = 0;
    expect(await flight.run('feed', async () => ++calls, { lockTtlMs: 1000, waitTimeoutMs: 3000 })).toBe(1);
    expect(calls).toBe(1);
  });

  it('renews a live owner lock, so slow work is not taken over', async () => {
    const shared = createMemoryCache({ standInForSharedCache: true });
    const [owner, waiter] = [createSingleFlight({ cache: shared }), createSingleFlight({ cache: shared })];
    let calls = 0;
    const slow = async () => {
      calls += 1;
      await sleep(2500);
      return 'built once';
    };
    // Renewed every ~333 ms: generous slack for a busy machine, still far shorter than the work.
    const options = { lockTtlMs: 1000, waitTimeoutMs: 10_000 };
    const owned = owner.run('feed', slow, options);
    await sleep(10);
    const waited = waiter.run('feed', slow, options);
    expect(await Promise.all([owned, waited])).toEqual(['built once', 'built once']);
    expect(calls).toBe(1);
  });

  it('never releases a lock it does not own', async () => {
    const shared = createMemoryCache({ standInForSharedCache: true });
    const flight = createSingleFlight({ cache: shared });
    await flight.run(
      'feed',
      async () => {
        // Our lock expired mid-work and another owner took it; our release must leave theirs.
        await shared.delete('flight:lock:feed');
        await shared.set('flight:lock:feed', 'other-owner', { ttlSeconds: 5 });
        return 'done';
      },
    );
    expect(await shared.get('flight:lock:feed')).toBe('other-owner');
  });

  it('gives up with a FetchTimeout when the owner neither finishes nor lets go', async () => {
    const shared = createMemoryCache({ standInForSharedCache: true });
    await shared.set('flight:lock:feed', 'slow-owner', { ttlSeconds: 30 });
    const flight = createSingleFlight({ cache: shared });
    await expect(flight.run('feed', async () => 'never', { waitTimeoutMs: 200 })).rejects.toMatchObject({ code: 'FetchTimeout' });
  });
});

describe('createSingleFlight when the result cannot be shared', () => {
  it('still answers the owner and lets the lock go', async () => {
    const shared = createMemoryCache({ standInForSharedCache: true });
    const flight = createSingleFlight({ cache: shared });
    const circular: Record<string, unknown> = { name: 'loop' };
    circular['self'] = circular;
    expect(await flight.run('feed', async () => circular)).toBe(circular);
    expect(await shared.get('flight:lock:feed')).toBeUndefined();
  });
});
