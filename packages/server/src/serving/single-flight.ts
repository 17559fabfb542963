/**
 * Concurrent callers with the same key share one running task (one upstream fetch per feed).
 * The shape matches the fetchers' cross-instance `createSingleFlight({ cache })`, so either fits.
 */
export interface SingleFlight {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
}

export function createLocalSingleFlight(): SingleFlight {
  const running = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const existing = running.get(key);
      if (existing) return existing as Promise<T>;
      const promise = task().finally(() => running.delete(key));
      running.set(key, promise);
      return promise;
    },
  };
}
