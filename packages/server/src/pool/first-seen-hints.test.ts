import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCacheFirstSeen, createMemoryFirstSeen, firstSeenKey, loadFeedsFile, type FeedConfig, type FirstSeenStore } from '@pagefeed/core';
import { createFileFirstSeen, createStrategies } from '@pagefeed/fetchers';
import { createRedisCache } from '@pagefeed/fetchers/redis';
import { html, startFixtureServer, type FixtureServer } from '../../../../testing/fixture-server.js';
import { requireRedis } from '../../../../testing/system.js';
import { startRedisServer, type RedisServer } from '../../../fetchers/src/cache/test-support/redis-server.js';
import { silentLogger, type Logger } from '../operating/logger.js';
import { createExtractionPool, type ExtractionPool } from './extraction-pool.js';
import { createFirstSeenHints } from './first-seen-hints.js';

/**
 * First-seen records sent with the task (`first-seen-hints.ts`): the worker merges the GUIDs into
 * the record read before the build, the pool records them after the answer, one build of a feed at
 * a time. The Atom dates must be the ones the store keeps: across rebuilds, concurrent builds,
 * a restart (files) and a second pool sharing Redis.
 */
const PAGE = `<!doctype html><html lang="en"><head><title>Notes</title></head><body><ul id="notes">
${Array.from({ length: 6 }, (_, index) => `<li><a href="/notes/${index}">Note number ${index}, undated</a></li>`).join('\n')}
</ul></body></html>`;

function config(url: string): FeedConfig {
  const yaml = `feeds:\n  notes:\n    channel:\n      url: ${url}\n    selectors:\n      items:\n        selector: '#notes li'\n      title:\n        selector: a\n      url:\n        selector: a\n        extractor: href\n`;
  return loadFeedsFile(yaml, { source: 'test feeds.yml', env: {} }).feeds.notes!;
}

/** The `<updated>` of each Atom entry. */
const updated = (atom: string | undefined) => [...(atom ?? '').matchAll(/<entry>[\s\S]*?<updated>([^<]+)<\/updated>/g)].map((match) => match[1]);
const tick = () => new Promise((done) => setImmediate(done));

function recordingLogger(): Logger & { readonly warnings: string[] } {
  const warnings: string[] = [];
  return { debug: () => {}, info: () => {}, error: () => {}, warn: (message: string) => void warnings.push(message), warnings };
}

/**
 * Waits until the clock's second changes: Atom dates have whole seconds, so a build after this
 * shows a time recorded before it only if the store gave it (not a timing assertion: nothing is
 * measured, the wait only makes a wrong time visible).
 */
async function nextSecond(): Promise<void> {
  const second = Math.floor(Date.now() / 1_000);
  while (Math.floor(Date.now() / 1_000) === second) await new Promise((done) => setTimeout(done, 20));
}

let site: FixtureServer;
const pools: ExtractionPool[] = [];
const folders: string[] = [];
function pool(firstSeen: FirstSeenStore, size = 1): ExtractionPool {
  const created = createExtractionPool({ size, budgetMs: 60_000, strategies: createStrategies({}), context: { allowPrivateNetworks: true }, autoSource: false, shared: { firstSeen } });
  pools.push(created);
  return created;
}

beforeAll(async () => {
  site = await startFixtureServer({ '/notes': html(PAGE) });
});
afterAll(async () => {
  await Promise.all(pools.map((each) => each.close()));
  await site?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('first-seen hints (main thread)', () => {
  const feed = () => config(`${site.origin}/notes`);

  it("reads the feed's record once the build before it has recorded, and records what the worker merged", async () => {
    const store = createMemoryFirstSeen();
    const hints = createFirstSeenHints(store, silentLogger);
    const first = await hints.claim(feed(), undefined);
    expect(first.hint).toEqual({ feedKey: firstSeenKey(`${site.origin}/notes`), record: undefined });
    let secondClaimed = false;
    const second = hints.claim(feed(), undefined).then((claim) => {
      secondClaimed = true;
      return claim;
    });
    // Another feed is not held up.
    expect((await hints.claim(config(`${site.origin}/other`), undefined)).hint?.record).toBeUndefined();
    for (let index = 0; index < 5; index += 1) await tick();
    expect(secondClaimed).toBe(false);
    first.settle({ feedKey: first.hint!.feedKey, guids: ['a', 'b'], now: 1_000 });
    const claim = await second;
    expect(claim.hint?.record?.seen).toEqual({ a: 1_000, b: 1_000 });
    claim.settle(undefined); // A failed build records nothing and frees the feed.
    expect((await hints.claim(feed(), undefined)).hint?.record?.seen).toEqual({ a: 1_000, b: 1_000 });
  });

  it('records with the store only after the promise steps that follow the task (the answer is written first)', async () => {
    const memory = createMemoryFirstSeen();
    const calls: string[] = [];
    const store: FirstSeenStore = { name: 'watched', peek: memory.peek!, remember: (feedKey, guids, now) => {
      calls.push(guids.join());
      return memory.remember(feedKey, guids, now);
    } };
    const hints = createFirstSeenHints(store, silentLogger);
    const first = await hints.claim(feed(), undefined);
    first.settle({ feedKey: first.hint!.feedKey, guids: ['a'], now: 1 });
    for (let index = 0; index < 50; index += 1) await Promise.resolve();
    expect(calls).toEqual([]);
    await tick();
    expect(calls).toEqual(['a']);
    expect((await hints.claim(feed(), undefined)).hint?.record?.seen).toEqual({ a: 1 });
  });

  it('sends no hint for a store that cannot be read ahead, or a parameter the config does not take', async () => {
    const store: FirstSeenStore = { name: 'no peek', remember: createMemoryFirstSeen().remember };
    expect((await createFirstSeenHints(store, silentLogger).claim(feed(), undefined)).hint).toBeUndefined();
    expect((await createFirstSeenHints(undefined, silentLogger).claim(feed(), undefined)).hint).toBeUndefined();
    expect((await createFirstSeenHints(createMemoryFirstSeen(), silentLogger).claim(feed(), { unknown: 'x' })).hint).toBeUndefined();
  });

  it('says so when the times cannot be recorded after the build, and frees the feed', async () => {
    const memory = createMemoryFirstSeen();
    const store: FirstSeenStore = { name: 'failing', peek: memory.peek!, remember: () => Promise.reject(new Error('disk full')) };
    const logger = recordingLogger();
    const hints = createFirstSeenHints(store, logger);
    const first = await hints.claim(feed(), undefined);
    first.settle({ feedKey: first.hint!.feedKey, guids: ['a'], now: 1 });
    expect((await hints.claim(feed(), undefined)).hint).toBeDefined();
    expect(logger.warnings).toEqual(['could not record first-seen times after a build; its new items get a later time when seen again']);
  });
});

describe('first-seen hints through the pool', () => {
  const feed = () => config(`${site.origin}/notes`);

  it("answers before the store has recorded the build (the worker does not wait for the main thread's store)", async () => {
    const memory = createMemoryFirstSeen();
    let recorded: (() => void) | undefined;
    const store: FirstSeenStore = {
      name: 'held',
      peek: memory.peek!,
      // Records only when the test lets it: a worker that asked the store would never finish.
      remember: (feedKey, guids, now) => new Promise((done) => {
        recorded = () => done(memory.remember(feedKey, guids, now));
      }),
    };
    const subject = pool(store);
    const output = await subject.run({ config: feed(), render: [{ format: 'atom' }] });
    expect(updated(output.documents.atom)).toHaveLength(6);
    // The store is asked once the answer's promise steps have run (`settle`).
    await tick();
    expect(recorded).toBeDefined();
    recorded!();
    await nextSecond();
    const again = await subject.run({ config: feed(), render: [{ format: 'atom' }] });
    expect(updated(again.documents.atom)).toEqual(updated(output.documents.atom));
  });

  it('gives every build of a feed the same times, concurrent builds on two workers included', async () => {
    const store = createMemoryFirstSeen();
    const subject = pool(store, 2);
    const builds = await Promise.all(Array.from({ length: 4 }, () => subject.run({ config: feed(), render: [{ format: 'atom' }] })));
    const dates = updated(builds[0]!.documents.atom);
    expect(dates).toHaveLength(6);
    for (const build of builds) expect(updated(build.documents.atom)).toEqual(dates);
    const guids = builds[0]!.result.feed.items.map((item) => item.guid);
    const kept = await store.remember(firstSeenKey(`${site.origin}/notes`), guids, Date.now() + 86_400_000);
    expect(guids.map((guid) => new Date(kept.get(guid)!).toISOString().slice(0, 19))).toEqual(dates.map((date) => date!.slice(0, 19)));
  });

  it('keeps the times in files across a restart (a new pool and store on the same folder)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'pagefeed-hints-'));
    folders.push(folder);
    const firstStore = createFileFirstSeen({ directory: folder, writeBehind: true });
    const first = pool(firstStore);
    const before = updated((await first.run({ config: feed(), render: [{ format: 'atom' }] })).documents.atom);
    await nextSecond();
    expect(updated((await first.run({ config: feed(), render: [{ format: 'atom' }] })).documents.atom)).toEqual(before);
    await first.close();
    await firstStore.idle();
    const restarted = pool(createFileFirstSeen({ directory: folder, writeBehind: true }));
    expect(updated((await restarted.run({ config: feed(), render: [{ format: 'atom' }] })).documents.atom)).toEqual(before);
  });
});

const redisAvailable = requireRedis().available;
describe.skipIf(!redisAvailable)('first-seen hints with Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.dispose();
  });

  it('gives a second pool sharing the Redis store the times the first recorded', async () => {
    const caches = [createRedisCache({ url: redis.url }), createRedisCache({ url: redis.url })];
    try {
      const feed = config(`${site.origin}/notes`);
      const first = pool(createCacheFirstSeen(caches[0]!));
      const before = updated((await first.run({ config: feed, render: [{ format: 'atom' }] })).documents.atom);
      expect(before).toHaveLength(6);
      await nextSecond();
      // Recorded after the answer: the next build of the feed on this pool waits for it.
      expect(updated((await first.run({ config: feed, render: [{ format: 'atom' }] })).documents.atom)).toEqual(before);
      await nextSecond();
      const second = pool(createCacheFirstSeen(caches[1]!));
      expect(updated((await second.run({ config: feed, render: [{ format: 'atom' }] })).documents.atom)).toEqual(before);
    } finally {
      await Promise.all(caches.map((cache) => cache.close()));
    }
  });
});
