import type { CacheDriver, FirstSeenStore } from '@pagefeed/core';
import type { StateCall } from './protocol.js';

/** The main thread's stores that workers reach through `call` messages (see `StateCall`). */
export interface SharedState {
  readonly firstSeen?: FirstSeenStore | undefined;
  readonly cache?: CacheDriver | undefined;
}

/** Runs a worker's state call against the main thread's stores. */
export async function answerStateCall(state: SharedState, call: StateCall): Promise<unknown> {
  if (call.op === 'firstSeen.remember') {
    if (!state.firstSeen) throw new Error('the extraction pool was made without a first-seen store');
    return state.firstSeen.remember(call.feedKey, call.guids, call.now);
  }
  const cache = state.cache;
  if (!cache) throw new Error('the extraction pool was made without a cache');
  if (call.op === 'cache.get') return cache.get(call.key);
  if (call.op === 'cache.set') return cache.set(call.key, call.value, call.options);
  return cache.delete(call.key);
}

/** The worker's side: stores whose every operation is a call to the main thread. */
export function stateProxies(call: (request: StateCall) => Promise<unknown>, present: { readonly firstSeen: boolean; readonly cache: boolean }): {
  firstSeen?: FirstSeenStore;
  cache?: CacheDriver;
} {
  const firstSeen: FirstSeenStore = {
    name: 'main thread',
    remember: (feedKey, guids, now) => call({ op: 'firstSeen.remember', feedKey, guids: [...guids], now }) as Promise<ReadonlyMap<string, number>>,
  };
  const cache: CacheDriver = {
    name: 'main thread',
    get: <T>(key: string) => call({ op: 'cache.get', key }) as Promise<T | undefined>,
    set: async (key, value, options) => {
      await call({ op: 'cache.set', key, value, options });
    },
    delete: async (key) => {
      await call({ op: 'cache.delete', key });
    },
  };
  return { ...(present.firstSeen ? { firstSeen } : {}), ...(present.cache ? { cache } : {}) };
}
