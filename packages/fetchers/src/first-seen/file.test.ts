import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCacheFirstSeen, firstSeenKey } from '@pagefeed/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireRedis } from '../../../../testing/system.js';
import { createMemoryCache } from '../cache/memory.js';
import { createRedisCache } from '../cache/redis.js';
import { startRedisServer, type RedisServer } from '../cache/test-support/redis-server.js';
import { createFileFirstSeen, dataDirectory, firstSeenDirectory } from './file.js';
import { expectFileExpiry, runContract } from '../test-support/first-seen-contract.js';

const redis = requireRedis();
const KEY = firstSeenKey('https://example.com/news/');
const T1 = Date.parse('2026-03-01T08:00:00Z');
const T2 = Date.parse('2026-03-02T08:00:00Z');

describe('file first-seen store', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'pagefeed-first-seen-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });
  let run = 0;
  runContract('file', () => Promise.resolve(createFileFirstSeen({ directory: join(root, `contract-${(run += 1)}`) })));

  it('survives a restart: a new store on the same folder reads the times the old one wrote', async () => {
    const directory = join(root, 'restart');
    await createFileFirstSeen({ directory }).remember(KEY, ['a'], T1);
    const restarted = createFileFirstSeen({ directory });
    expect((await restarted.remember(KEY, ['a', 'b'], T2)).get('a')).toBe(T1);
    expect(await readdir(directory)).toEqual([`${KEY}.json`]);
  });

  it('keeps an unreadable record aside instead of overwriting it, and starts afresh', async () => {
    const directory = join(root, 'unreadable');
    const store = createFileFirstSeen({ directory });
    await store.remember(KEY, ['a'], T1);
    await writeFile(join(directory, `${KEY}.json`), '{"version":1,"seen":{"a":');
    expect((await store.remember(KEY, ['a'], T2)).get('a')).toBe(T2);
    expect((await readdir(directory)).sort()).toEqual([`${KEY}.json`, `${KEY}.json.unreadable-${T2}`]);
  });

  it('refuses a key that is not a digest (a file name made from a URL) with a clear error', async () => {
    await expect(createFileFirstSeen({ directory: join(root, 'bad') }).remember('../../etc/passwd', ['a'], T1)).rejects.toThrow('is not a SHA-256 hex digest');
  });

  it('says which folder it cannot create and how to fix it', async () => {
    const blocker = join(root, 'blocker');
    await writeFile(blocker, 'a file, not a folder');
    await expect(createFileFirstSeen({ directory: join(blocker, 'first-seen') }).remember(KEY, ['a'], T1)).rejects.toThrow(/cannot create the first-seen folder .*set DATA_DIR/);
  });

  it('expires a feed 180 days after its last build, by the clock it is given (no waiting)', async () => {
    const directory = join(root, 'expiry');
    await expectFileExpiry(createFileFirstSeen({ directory }), directory);
  });

  it('runs the expiry itself from remember, at most once a day of its clock', async () => {
    const directory = join(root, 'expiry-auto');
    const DAY = 86_400_000;
    const OLD = firstSeenKey('https://example.com/old/');
    const store = createFileFirstSeen({ directory, ttlSeconds: 10 * 86_400 });
    await store.remember(OLD, ['a'], T1);
    await store.remember(KEY, ['a'], T1 + 11 * DAY);
    await store.idle();
    expect(await readdir(directory)).toEqual([`${KEY}.json`]);
    // An old record again (written with an old build time); within a day of the last sweep no new
    // sweep runs, a day later one does.
    await store.remember(OLD, ['a'], T1 + 1 * DAY);
    await store.remember(KEY, ['b'], T1 + 11.5 * DAY);
    await store.idle();
    expect((await readdir(directory)).sort()).toEqual([OLD, KEY].map((key) => `${key}.json`).sort());
    await store.remember(KEY, ['b'], T1 + 12 * DAY + 1_000);
    await store.idle();
    expect(await readdir(directory)).toEqual([`${KEY}.json`]);
  });

  it('lives in DATA_DIR/first-seen, ./.pagefeed by default', () => {
    expect(firstSeenDirectory(dataDirectory({}, '/srv/app'))).toBe('/srv/app/.pagefeed/first-seen');
    expect(firstSeenDirectory(dataDirectory({ DATA_DIR: '/var/lib/pagefeed' }, '/srv/app'))).toBe('/var/lib/pagefeed/first-seen');
    expect(dataDirectory({ DATA_DIR: '  ' }, '/srv/app')).toBe('/srv/app/.pagefeed');
  });
});

runContract('memory cache', () => Promise.resolve(createCacheFirstSeen(createMemoryCache())));

describe.skipIf(!redis.available)('first-seen times in Redis, shared by instances', () => {
  let server: RedisServer;
  let run = 0;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await server?.dispose();
  });
  runContract('redis cache', () => Promise.resolve(createCacheFirstSeen(createRedisCache({ url: server.url, keyPrefix: `first-seen-${(run += 1)}:` }))));

  it('gives a second instance the times the first recorded', async () => {
    const first = createRedisCache({ url: server.url, keyPrefix: 'instances:' });
    const second = createRedisCache({ url: server.url, keyPrefix: 'instances:' });
    try {
      await createCacheFirstSeen(first).remember(KEY, ['a'], T1);
      expect((await createCacheFirstSeen(second).remember(KEY, ['a', 'b'], T2))).toEqual(new Map([['a', T1], ['b', T2]]));
    } finally {
      await first.close?.();
      await second.close?.();
    }
  });
});
