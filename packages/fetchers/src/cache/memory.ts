import type { CacheDriver, CacheSetOptions } from '@pagefeed/core';
import { ttlToMilliseconds, requireIntegerStep } from './shared.js';

export interface MemoryCacheOptions {
  /** Most entries kept before the least recently used one is evicted (default 5000). */
  readonly maxEntries?: number;
  /** Most bytes of serialised values kept (UTF-16 length × 2, an estimate); default 64 MiB. */
  readonly maxBytes?: number;
  /** Clock in milliseconds, injectable for tests. */
  readonly now?: () => number;
}

/**
 * Beyond the core contract, compare-and-delete and compare-and-expire: single flight releases and
 * renews only its own lock with them.
 */
export interface MemoryCacheDriver extends CacheDriver {
  setIfAbsent(key: string, value: unknown, options?: CacheSetOptions): Promise<boolean>;
  increment(key: string, options?: CacheSetOptions & { readonly by?: number }): Promise<number>;
  deleteIfEquals(key: string, expected: unknown): Promise<boolean>;
  expireIfEquals(key: string, expected: unknown, ttlSeconds: number): Promise<boolean>;
  status(): 'ok';
  close(): Promise<void>;
}

interface Entry {
  readonly text: string;
  readonly expiresAt: number | undefined;
}

/**
 * In-process LRU with expiry. Values are kept as their JSON text, not as the objects given:
 * a caller mutating a returned feed cannot corrupt what the next request gets, `maxBytes` is
 * measured on real sizes, and the driver behaves exactly like Redis (a Date comes back as a
 * string in both), so code tested on memory does not break on Redis. The price is one
 * JSON.parse per read, small next to building a feed.
 */
export function createMemoryCache(options: MemoryCacheOptions = {}): MemoryCacheDriver {
  const maxEntries = options.maxEntries ?? 5000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on read makes the first key the least recent.
  const entries = new Map<string, Entry>();
  let bytes = 0;

  function sizeOf(key: string, entry: Entry): number {
    return (key.length + entry.text.length) * 2;
  }

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= sizeOf(key, entry);
    entries.delete(key);
  }

  function live(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== undefined && entry.expiresAt <= now()) {
      remove(key);
      return undefined;
    }
    return entry;
  }

  function store(key: string, text: string, expiresAt: number | undefined): void {
    remove(key);
    const entry: Entry = { text, expiresAt };
    const size = sizeOf(key, entry);
    // One value larger than the whole budget would evict everything and still not fit.
    if (size > maxBytes) return;
    entries.set(key, entry);
    bytes += size;
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  function expiryOf(cacheOptions: CacheSetOptions | undefined): number | undefined {
    const milliseconds = ttlToMilliseconds(cacheOptions?.ttlSeconds);
    return milliseconds === undefined ? undefined : now() + milliseconds;
  }

  function write(key: string, value: unknown, cacheOptions: CacheSetOptions | undefined): void {
    const text = JSON.stringify(value);
    const expiresAt = expiryOf(cacheOptions);
    // undefined has no JSON form, and an expiry in the past means "already gone".
    if (text === undefined || (expiresAt !== undefined && expiresAt <= now())) remove(key);
    else store(key, text, expiresAt);
  }

  return {
    name: 'memory',
    async get<T = unknown>(key: string): Promise<T | undefined> {
      const entry = live(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return JSON.parse(entry.text) as T;
    },
    async set(key, value, cacheOptions) {
      write(key, value, cacheOptions);
    },
    async delete(key) {
      remove(key);
    },
    async setIfAbsent(key, value, cacheOptions) {
      if (live(key)) return false;
      write(key, value, cacheOptions);
      return live(key) !== undefined;
    },
    async increment(key, cacheOptions = {}) {
      const by = requireIntegerStep(cacheOptions.by);
      const entry = live(key);
      if (!entry) {
        write(key, by, cacheOptions);
        return by;
      }
      const current: unknown = JSON.parse(entry.text);
      if (typeof current !== 'number' || !Number.isInteger(current)) {
        throw new TypeError(`Cannot increment cache key "${key}": it holds a value that is not an integer counter.`);
      }
      // Keeping the first expiry makes a counter a fixed window, as Redis INCRBY does.
      store(key, JSON.stringify(current + by), entry.expiresAt);
      return current + by;
    },
    async deleteIfEquals(key, expected) {
      const entry = live(key);
      if (!entry || entry.text !== JSON.stringify(expected)) return false;
      remove(key);
      return true;
    },
    async expireIfEquals(key, expected, ttlSeconds) {
      const entry = live(key);
      if (!entry || entry.text !== JSON.stringify(expected)) return false;
      write(key, expected, { ttlSeconds });
      return true;
    },
    status: () => 'ok',
    async close() {
      entries.clear();
      bytes = 0;
    },
  };
}
