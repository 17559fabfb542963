import type { CacheLogger } from './redis.js';

/**
 * Remembers whether the shared store is reachable, so an outage is logged once when it starts
 * and once when it ends, however many operations fail in between.
 */
export interface OutageTracker {
  readonly down: boolean;
  fail(error: unknown): void;
  recover(): void;
}

export function createOutageTracker(name: string, logger: CacheLogger | undefined): OutageTracker {
  let down = false;
  return {
    get down() {
      return down;
    },
    fail(error) {
      if (down) return;
      down = true;
      logger?.warn(`${name} is unreachable; serving from the local cache until it returns`, {
        error: error instanceof Error ? error.message : String(error),
      });
    },
    recover() {
      if (!down) return;
      down = false;
      (logger?.info ?? logger?.warn)?.call(logger, `${name} is reachable again; the shared cache is back in use`);
    },
  };
}
