import type { CacheDriver, CacheSetOptions } from '@pagefeed/core';
import { ttlToMilliseconds, requireIntegerStep } from './shared.js';

export interface MemoryCacheOptions {
  /** Most entries kept before the least recently used one is evicted (default 5000). */
  readonly maxEntries?: number;
  /** Most bytes of keys and serialised values kept (one byte per Latin-1 character, else two); default 64 MiB. */
  readonly maxBytes?: number;
  /** Clock in milliseconds, injectable for tests. */
  readonly now?: () => number;
  /**
   * Tests only: let this in-process driver stand in for a cache shared between instances (Redis),
   * so several single flights in one process coordinate through it. Default false: single flight
   * then keeps no lock or result keys here, which would only crowd out the real entries.
   */
  readonly standInForSharedCache?: boolean;
}

/**
 * Beyond the core contract, compare-and-delete and compare-and-expire: single flight releases and
 * renews only its own lock with them.
 */
export interface MemoryCacheDriver extends CacheDriver {
  /**
   * `get` without the promise: the same value, the same expiry and recency effects. For a caller
   * that answers a hot read synchronously (the server's cached-read fast path): awaiting `get`
   * alone costs a turn of the microtask queue per request.
   */
  getNow<T = unknown>(key: string): T | undefined;
  setIfAbsent(key: string, value: unknown, options?: CacheSetOptions): Promise<boolean>;
  increment(key: string, options?: CacheSetOptions & { readonly by?: number }): Promise<number>;
  deleteIfEquals(key: string, expected: unknown): Promise<boolean>;
  expireIfEquals(key: string, expected: unknown, ttlSeconds: number): Promise<boolean>;
  status(): 'ok';
  close(): Promise<void>;
  /** True: only this process sees the entries (see `standInForSharedCache`). */
  readonly processLocal: boolean;
}

interface Entry {
  /** The JSON text, or the string value itself when `raw` (strings need no copy to stay safe). */
  readonly text: string;
  readonly raw: boolean;
  readonly expiresAt: number | undefined;
}

/**
 * What V8 keeps for a string: one byte per character when every character is Latin-1, else two.
 * (Counting two for every string made the 64 MiB default hold half the feeds it can.)
 */
const BEYOND_LATIN1 = /[^\u0000-\u00ff]/;

function bytesOf(text: string): number {
  return BEYOND_LATIN1.test(text) ? text.length * 2 : text.length;
}

/** Expired entries are swept before live ones are evicted, at most this often. */
const SWEEP_INTERVAL_MS = 1000;

/**
 * In-process LRU with expiry. Values are kept as their JSON text, not as the objects given:
 * a caller mutating a returned feed cannot corrupt what the next request gets, `maxBytes` is
 * measured on real sizes, and the driver behaves exactly like Redis (a Date comes back as a
 * string in both), so code tested on memory does not break on Redis. A string value is kept as
 * itself (JavaScript strings are immutable, so it is as safe as the text and needs no escaping,
 * no parsing per read): large rendered documents cost a map lookup. Other values cost one
 * JSON.parse per read.
 */
export function createMemoryCache(options: MemoryCacheOptions = {}): MemoryCacheDriver {
  const maxEntries = options.maxEntries ?? 5000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on read makes the first key the least recent.
  const entries = new Map<string, Entry>();
  // The key inserted or read last, which a Map keeps last: reading it again needs no reordering
  // (a hot feed read over and over skipped a delete and an insert per read).
  let newestKey: string | undefined;
  let bytes = 0;
  let sweptAt = Number.NEGATIVE_INFINITY;

  function sizeOf(key: string, entry: Entry): number {
    return bytesOf(key) + bytesOf(entry.text);
  }

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= sizeOf(key, entry);
    entries.delete(key);
    if (key === newestKey) newestKey = undefined;
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

  /** Drops every expired entry, so entries nobody reads again do not push live ones out. */
  function sweep(): void {
    const current = now();
    if (current - sweptAt < SWEEP_INTERVAL_MS) return;
    sweptAt = current;
    for (const [key, entry] of entries) {
      if (entry.expiresAt !== undefined && entry.expiresAt <= current) remove(key);
    }
  }

  function store(key: string, text: string, raw: boolean, expiresAt: number | undefined): void {
    remove(key);
    const entry: Entry = { text, raw, expiresAt };
    const size = sizeOf(key, entry);
    // One value larger than the whole budget would evict everything and still not fit.
    if (size > maxBytes) return;
    entries.set(key, entry);
    newestKey = key;
    bytes += size;
    if (entries.size > maxEntries || bytes > maxBytes) sweep();
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
    const raw = typeof value === 'string';
    const text = raw ? value : JSON.stringify(value);
    const expiresAt = expiryOf(cacheOptions);
    // undefined has no JSON form, and an expiry in the past means "already gone".
    if (text === undefined || (expiresAt !== undefined && expiresAt <= now())) remove(key);
    else store(key, text, raw, expiresAt);
  }

  function valueOf(entry: Entry): unknown {
    return entry.raw ? entry.text : JSON.parse(entry.text);
  }

  function holds(entry: Entry, expected: unknown): boolean {
    return typeof expected === 'string' ? entry.raw && entry.text === expected : !entry.raw && entry.text === JSON.stringify(expected);
  }

  function read<T>(key: string): T | undefined {
    const entry = live(key);
    if (!entry) return undefined;
    if (key !== newestKey) {
      entries.delete(key);
      entries.set(key, entry);
      newestKey = key;
    }
    return valueOf(entry) as T;
  }

  return {
    name: 'memory',
    async get<T = unknown>(key: string): Promise<T | undefined> {
      return read<T>(key);
    },
    getNow: read,
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
      const current: unknown = valueOf(entry);
      if (typeof current !== 'number' || !Number.isInteger(current)) {
        throw new TypeError(`Cannot increment cache key "${key}": it holds a value that is not an integer counter.`);
      }
      // Keeping the first expiry makes a counter a fixed window, as Redis INCRBY does.
      store(key, JSON.stringify(current + by), false, entry.expiresAt);
      return current + by;
    },
    async deleteIfEquals(key, expected) {
      const entry = live(key);
      if (!entry || !holds(entry, expected)) return false;
      remove(key);
      return true;
    },
    async expireIfEquals(key, expected, ttlSeconds) {
      const entry = live(key);
      if (!entry || !holds(entry, expected)) return false;
      write(key, expected, { ttlSeconds });
      return true;
    },
    status: () => 'ok',
    processLocal: options.standInForSharedCache !== true,
    async close() {
      entries.clear();
      newestKey = undefined;
      bytes = 0;
    },
  };
}
