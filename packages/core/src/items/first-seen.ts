import type { CacheDriver } from '../contracts/cache.js';
import type { FirstSeenStore } from '../contracts/first-seen.js';
import type { FeedItem } from '../contracts/item.js';
import { sha256Hex } from './guid.js';

/** What a store keeps per feed: first-seen time (ms) by GUID. */
export interface FirstSeenRecord {
  readonly version: 1;
  readonly seen: Record<string, number>;
}

/**
 * A feed keeps the times of at most this many GUIDs: those of the current items always, then the
 * most recently first seen. A page listing 200 items that rotate daily stays within it for weeks.
 */
export const FIRST_SEEN_LIMIT = 5_000;

/** How long a feed's record outlives its last build in a cache (180 days). */
export const FIRST_SEEN_TTL_SECONDS = 180 * 86_400;

/** The store's key for a feed: its page URL (hashed, so any URL makes a safe key or file name). */
export function firstSeenKey(pageUrl: string): string {
  return sha256Hex(`first-seen\n${pageUrl}`);
}

/**
 * Adds the GUIDs not yet in `record` as first seen `now`; keeps the earlier time when a GUID is
 * already there. Returns the new record (undefined when nothing changed) and the times of `guids`.
 */
export function mergeFirstSeen(
  record: FirstSeenRecord | undefined,
  guids: readonly string[],
  now: number,
): { record: FirstSeenRecord | undefined; times: Map<string, number> } {
  // A rebuild of a feed mostly finds every GUID known: read the times from the record as it is
  // instead of copying it first (the copy of a few hundred keys cost more than the rest together).
  const unchanged = isRecord(record) ? knownTimes(record.seen, guids) : undefined;
  if (unchanged) return { record: undefined, times: unchanged };
  const seen: Record<string, number> = { ...(isRecord(record) ? record.seen : {}) };
  const times = new Map<string, number>();
  let changed = !isRecord(record);
  for (const guid of guids) {
    const known = seen[guid];
    if (typeof known === 'number' && Number.isFinite(known)) {
      times.set(guid, known);
    } else {
      seen[guid] = now;
      times.set(guid, now);
      changed = true;
    }
  }
  const keys = Object.keys(seen);
  if (keys.length > FIRST_SEEN_LIMIT) {
    const current = new Set(guids);
    const others = keys.filter((key) => !current.has(key)).sort((a, b) => seen[b]! - seen[a]!);
    for (const key of others.slice(Math.max(0, FIRST_SEEN_LIMIT - current.size))) delete seen[key];
    changed = true;
  }
  return { record: changed ? { version: 1, seen } : undefined, times };
}

/** The times of `guids` when every one is in `seen` and `seen` is within the limit; else undefined. */
function knownTimes(seen: Readonly<Record<string, number>>, guids: readonly string[]): Map<string, number> | undefined {
  const times = new Map<string, number>();
  for (const guid of guids) {
    const known = Object.hasOwn(seen, guid) ? seen[guid] : undefined;
    if (typeof known !== 'number' || !Number.isFinite(known)) return undefined;
    times.set(guid, known);
  }
  let keys = 0;
  for (const key in seen) if (Object.hasOwn(seen, key) && ++keys > FIRST_SEEN_LIMIT) return undefined;
  return times;
}

function isRecord(value: unknown): value is FirstSeenRecord {
  return typeof value === 'object' && value !== null && (value as FirstSeenRecord).version === 1
    && typeof (value as FirstSeenRecord).seen === 'object' && (value as FirstSeenRecord).seen !== null;
}

/**
 * First-seen times kept in a cache driver: in memory for one process, or in Redis, where every
 * instance reads and writes the same record. Two instances seeing a new item in the same instant
 * may each write their own time; the later write wins and the times differ by that instant only.
 */
export function createCacheFirstSeen(cache: CacheDriver): FirstSeenStore {
  return {
    name: `cache:${cache.name}`,
    peek: (feedKey) => cache.get<FirstSeenRecord>(`pagefeed:first-seen:${feedKey}`),
    remember: queuedByFeed(async (feedKey, guids, now) => {
      const key = `pagefeed:first-seen:${feedKey}`;
      const stored = await cache.get<FirstSeenRecord>(key);
      const { record, times } = mergeFirstSeen(stored, guids, now);
      // Written on every build, so a feed still asked for keeps its record and one nobody asks for
      // any more expires instead of filling the cache (feeds can be made from any URL).
      const keep = record ?? stored;
      if (keep) await cache.set(key, keep, { ttlSeconds: FIRST_SEEN_TTL_SECONDS });
      return times;
    }),
  };
}

/**
 * Runs the read-merge-write of one feed's record one call at a time within the process, so two
 * builds of the same feed at once cannot each record a different time for a new item.
 */
export function queuedByFeed(update: FirstSeenStore['remember']): FirstSeenStore['remember'] {
  const queues = new Map<string, Promise<unknown>>();
  return (feedKey, guids, now) => {
    const previous = queues.get(feedKey) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => update(feedKey, guids, now));
    queues.set(feedKey, next);
    void next.catch(() => undefined).finally(() => {
      if (queues.get(feedKey) === next) queues.delete(feedKey);
    });
    return next;
  };
}

/** First-seen times for the life of the process (an engine given neither store nor cache). */
export function createMemoryFirstSeen(): FirstSeenStore {
  const records = new Map<string, FirstSeenRecord>();
  return {
    name: 'memory',
    peek: (feedKey) => Promise.resolve(records.get(feedKey)),
    remember(feedKey, guids, now) {
      const { record, times } = mergeFirstSeen(records.get(feedKey), guids, now);
      if (record) records.set(feedKey, record);
      return Promise.resolve(times);
    },
  };
}

/**
 * Sets `first_seen_at` on every item (a new property on items that `normalizeItems` has just made).
 * Failing stores cost the stable dates, not the feed: the items are stamped `now` and the error is
 * returned for a warning.
 */
export async function stampFirstSeen(
  items: readonly FeedItem[],
  store: FirstSeenStore,
  pageUrl: string,
  now: number,
): Promise<{ error?: unknown }> {
  let times: ReadonlyMap<string, number> | undefined;
  let failure: unknown;
  try {
    times = await store.remember(firstSeenKey(pageUrl), items.map((item) => item.guid), now);
  } catch (error) {
    failure = error;
  }
  for (const item of items) {
    (item as { first_seen_at?: Date }).first_seen_at = new Date(times?.get(item.guid) ?? now);
  }
  return failure === undefined ? {} : { error: failure };
}
