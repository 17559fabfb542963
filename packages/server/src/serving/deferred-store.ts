import type { CacheDriver } from '@pagefeed/core';
import type { Logger } from '../operating/logger.js';
import { encodeCachedFeed, type CachedFeed } from './cached-feed.js';

/**
 * The cache write of a generation (its encoding, the driver's `set`: with Redis a round trip), once
 * the caller has its answer: the entry goes back to the waiting readers at once and the write
 * follows in the event loop's next check phase, after the answer's bytes went to the socket
 * (`setImmediate`: the route answers in the same run of the microtask queue). Until then `entryOf`
 * answers reads from memory, so a read between the answer and the write starts no second
 * generation. A write that fails does not fail the generation whose answer it was: it is logged,
 * and the next read generates again. Each write is added to `background` (`idle()` waits for it).
 */
export interface DeferredStore {
  store(label: string, key: string, entry: CachedFeed, ttlSeconds: number): void;
  /** The entry answered but not written yet under `key`, if any. */
  entryOf(key: string): CachedFeed | undefined;
  /** Resolves once the pending write under `key` (if any) has settled. */
  written(key: string): Promise<void> | undefined;
}

export function createDeferredStore(cache: CacheDriver, logger: Logger, background: Set<Promise<unknown>>): DeferredStore {
  const unstored = new Map<string, { readonly entry: CachedFeed; readonly stored: Promise<void> }>();
  return {
    store(label, key, entry, ttlSeconds) {
      const stored = new Promise<void>((answered) => setImmediate(answered))
        .then(() => cache.set(key, encodeCachedFeed(entry), { ttlSeconds }))
        .catch((error: unknown) => logger.warn('could not store a generated feed in the cache; its next read generates it again', { feed: label, error }))
        .finally(() => {
          if (unstored.get(key)?.entry === entry) unstored.delete(key);
          background.delete(stored);
        });
      unstored.set(key, { entry, stored });
      background.add(stored);
    },
    entryOf: (key) => unstored.get(key)?.entry,
    written: (key) => unstored.get(key)?.stored,
  };
}
