import type { CacheLogger } from './redis.js';

/**
 * Remembers whether the shared store is usable, so an outage is logged once when it starts and
 * once when it ends, however many operations fail in between. A command that succeeds ends the
 * outage only after a quiet second without failures: when Redis still answers reads but refuses
 * writes (out of memory), state and logs must not flip on every request.
 */
export interface OutageTracker {
  readonly down: boolean;
  fail(error: unknown): void;
  /** `connected`: a fresh connection is ready, which ends the outage at once. */
  recover(connected?: boolean): void;
}

/** What is logged when an outage starts and ends: says what the fallback does meanwhile. */
export interface OutageMessages {
  readonly down: string;
  readonly up: string;
}

const QUIET_MS = 1000;

export function createOutageTracker(
  name: string,
  logger: CacheLogger | undefined,
  now: () => number = Date.now,
  messages: OutageMessages = {
    down: `${name} is unreachable; serving from the local cache until it returns`,
    up: `${name} is reachable again; the shared cache is back in use`,
  },
): OutageTracker {
  let down = false;
  let lastFailure = 0;
  return {
    get down() {
      return down;
    },
    fail(error) {
      lastFailure = now();
      if (down) return;
      down = true;
      logger?.warn(messages.down, {
        error: error instanceof Error ? error.message : String(error),
      });
    },
    recover(connected = false) {
      if (!down || (!connected && now() - lastFailure < QUIET_MS)) return;
      down = false;
      (logger?.info ?? logger?.warn)?.call(logger, messages.up);
    },
  };
}
