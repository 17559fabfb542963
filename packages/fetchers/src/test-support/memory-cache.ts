import type { CacheDriver } from '@pagefeed/core';

/** A Map behind the CacheDriver contract, round-tripping JSON as a real driver would. */
export function createTestCache(): CacheDriver & { readonly keys: () => string[] } {
  const entries = new Map<string, string>();
  return {
    name: 'test-memory',
    get: async <T>(key: string) => {
      const value = entries.get(key);
      return value === undefined ? undefined : (JSON.parse(value) as T);
    },
    set: async (key, value) => void entries.set(key, JSON.stringify(value)),
    delete: async (key) => void entries.delete(key),
    keys: () => [...entries.keys()],
  };
}
