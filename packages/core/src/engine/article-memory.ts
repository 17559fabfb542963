import type { CacheDriver } from '../contracts/cache.js';

/**
 * The article cache of an engine created without a cache driver (CLI runs, library users): a map
 * of at most `limit` entries with expiry, oldest dropped first. Servers pass their own driver
 * (memory or Redis), so articles are shared by instances.
 */
export function articleMemoryCache(limit = 2000, now: () => number = Date.now): CacheDriver {
  const entries = new Map<string, { value: unknown; expires: number }>();
  return {
    name: 'article-memory',
    get<T>(key: string): Promise<T | undefined> {
      const entry = entries.get(key);
      if (!entry) return Promise.resolve(undefined);
      if (entry.expires <= now()) {
        entries.delete(key);
        return Promise.resolve(undefined);
      }
      return Promise.resolve(entry.value as T);
    },
    set(key, value, options) {
      entries.delete(key);
      if (entries.size >= limit) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expires: options?.ttlSeconds === undefined ? Infinity : now() + options.ttlSeconds * 1000 });
      return Promise.resolve();
    },
    delete(key) {
      entries.delete(key);
      return Promise.resolve();
    },
  };
}
