import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createHostLimiter, type HostLimiter } from '../guard/host-limiter.js';
import { DEFAULT_CONCURRENCY_PER_HOST } from '../guard/with-guard.js';
import { connectRedis, type RedisConnectionOptions } from './redis-client.js';

export interface RedisHostLimiterOptions extends RedisConnectionOptions {
  /** Requests in flight per host across every instance sharing the Redis (default 4). */
  readonly limit?: number;
  /** Prepended to every key, like the cache's (default `pagefeed:`). */
  readonly keyPrefix?: string;
  /** How long a lease lives without renewal (default 15 s); held leases are renewed every third of it. */
  readonly leaseMs?: number;
}

export interface RedisHostLimiter extends HostLimiter {
  status(): 'ok' | 'degraded' | 'down';
  /** Stops renewals and closes the connection; leases still held expire by themselves. */
  close(): Promise<void>;
}

const DEFAULT_LEASE_MS = 15_000;
const FIRST_PAUSE_MS = 20;
const LONGEST_PAUSE_MS = 250;

type Outcome = 'taken' | 'full' | 'unreachable';

/**
 * The per-host politeness limit shared through Redis: at most `limit` requests in flight per host
 * across all instances. A request first takes a slot of this process's own limiter (first come,
 * first served, and at most `limit` waiters per host and process ask Redis), then a lease in Redis.
 * When Redis is unreachable or slow the local slot alone admits it: fetching goes on, limited per
 * process, until Redis answers again.
 */
export function createRedisHostLimiter(options: RedisHostLimiterOptions): RedisHostLimiter {
  const limit = options.limit ?? DEFAULT_CONCURRENCY_PER_HOST;
  const prefix = `${options.keyPrefix ?? 'pagefeed:'}host-slots:`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const local = createHostLimiter(limit);
  const { client, attempt, outage } = connectRedis(options, local, {
    down: 'Redis is unreachable; per-host politeness limits are counted per instance until it returns',
    up: 'Redis is reachable again; per-host politeness limits are shared again',
  });
  const renewals = new Set<NodeJS.Timeout>();
  let closed = false;

  // Best effort: when Redis cannot be told, the lease expires by itself within leaseMs.
  function forget(key: string, leaseId: string): void {
    client.zrem(key, leaseId).catch(() => undefined);
  }

  function take(key: string, leaseId: string): Promise<Outcome> {
    return attempt<Outcome>(
      async () => ((await client.pagefeedTakeHostSlot(key, leaseId, limit, leaseMs)) === 1 ? 'taken' : 'full'),
      async () => {
        // A command that timed out may still run once Redis wakes up: take its lease back then.
        forget(key, leaseId);
        return 'unreachable';
      },
    );
  }

  /** A lease id once Redis granted a slot, undefined when Redis could not be asked. */
  async function takeShared(key: string, signal: AbortSignal): Promise<string | undefined> {
    const leaseId = randomUUID();
    let pause = FIRST_PAUSE_MS;
    for (;;) {
      const outcome = await settleOrAbort(take(key, leaseId), signal, (late) => {
        if (late === 'taken') forget(key, leaseId);
      });
      if (outcome === 'taken') return leaseId;
      if (outcome === 'unreachable') return undefined;
      // Jittered, so waiters on several instances do not knock in step.
      await sleep(pause * (0.75 + Math.random() / 2), undefined, { signal, ref: false }).catch(() => {
        throw signal.reason;
      });
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
  }

  function lease(key: string, leaseId: string | undefined, releaseLocal: () => void): () => void {
    let renewal: NodeJS.Timeout | undefined;
    if (leaseId !== undefined) {
      // A fetch may outlive one lease (timeout_seconds has no upper bound): renew while it runs.
      renewal = setInterval(() => {
        client.pagefeedRenewHostSlot(key, leaseId, leaseMs).catch(() => undefined);
      }, leaseMs / 3);
      renewal.unref();
      renewals.add(renewal);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (renewal) {
        clearInterval(renewal);
        renewals.delete(renewal);
      }
      releaseLocal();
      if (leaseId !== undefined && !closed) forget(key, leaseId);
    };
  }

  return {
    async acquire(host, signal) {
      signal.throwIfAborted();
      const releaseLocal = await local.acquire(host, signal);
      const key = prefix + host;
      try {
        const leaseId = closed ? undefined : await takeShared(key, signal);
        return lease(key, leaseId, releaseLocal);
      } catch (error) {
        releaseLocal();
        throw error;
      }
    },
    status() {
      if (closed) return 'down';
      return client.status === 'ready' && !outage.down ? 'ok' : 'degraded';
    },
    async close() {
      closed = true;
      for (const renewal of renewals) clearInterval(renewal);
      renewals.clear();
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** `work`'s outcome, or the signal's reason as soon as it aborts; a late outcome goes to `late`. */
function settleOrAbort<T>(work: Promise<T>, signal: AbortSignal, late: (outcome: T) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      reject(signal.reason);
      work.then(late, () => undefined);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (outcome) => {
        signal.removeEventListener('abort', onAbort);
        resolve(outcome);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
