import { Redis, ReplyError } from 'ioredis';
import type { CacheDriver } from '@pagefeed/core';
import { createOutageTracker, type OutageMessages, type OutageTracker } from './outage.js';
import type { RedisCacheOptions } from './redis.js';
import {
  DELETE_IF_EQUALS_SCRIPT,
  EXPIRE_IF_EQUALS_SCRIPT,
  INCREMENT_SCRIPT,
  RENEW_HOST_SLOT_SCRIPT,
  TAKE_HOST_SLOT_SCRIPT,
  type ScriptCommands,
} from './redis-scripts.js';

/**
 * The ioredis connection with bounded waits, and `attempt`: run a command on Redis, or answer
 * from the fallback when Redis cannot (down, timed out, refusing for its own reasons).
 */
export interface GuardedRedis<Fallback = CacheDriver> {
  readonly client: Redis & ScriptCommands;
  readonly outage: OutageTracker;
  attempt<T>(remote: () => Promise<T>, local: (fallback: Fallback) => Promise<T>): Promise<T>;
}

/** The connection settings the cache and the shared host limiter read alike. */
export type RedisConnectionOptions = Pick<RedisCacheOptions, 'url' | 'logger' | 'commandTimeoutMs' | 'connectTimeoutMs'>;

export function connectRedis<Fallback = CacheDriver>(
  options: RedisConnectionOptions,
  fallback: Fallback,
  messages?: OutageMessages,
): GuardedRedis<Fallback> {
  const outage = createOutageTracker('Redis', options.logger, Date.now, messages);
  const client = new Redis(options.url, {
    commandTimeout: options.commandTimeoutMs ?? 1000,
    connectTimeout: options.connectTimeoutMs ?? 2000,
    maxRetriesPerRequest: 1,
    // Fail fast while disconnected instead of queueing: the fallback answers at once.
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  }) as Redis & ScriptCommands;
  client.defineCommand('pagefeedIncrement', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
  client.defineCommand('pagefeedDeleteIfEquals', { numberOfKeys: 1, lua: DELETE_IF_EQUALS_SCRIPT });
  client.defineCommand('pagefeedExpireIfEquals', { numberOfKeys: 1, lua: EXPIRE_IF_EQUALS_SCRIPT });
  client.defineCommand('pagefeedTakeHostSlot', { numberOfKeys: 1, lua: TAKE_HOST_SLOT_SCRIPT });
  client.defineCommand('pagefeedRenewHostSlot', { numberOfKeys: 1, lua: RENEW_HOST_SLOT_SCRIPT });
  client.on('error', (error: unknown) => outage.fail(error));
  client.on('ready', () => outage.recover(true));

  // Commands sent while the first connection is still opening would fail at once (no offline
  // queue), so they wait for it once, bounded: the first 'ready', the first error, or the timeout.
  let firstConnection: Promise<void> | undefined = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, options.connectTimeoutMs ?? 2000);
    timer.unref();
    const done = (): void => {
      clearTimeout(timer);
      resolve();
    };
    client.once('ready', done);
    client.once('error', done);
  }).then(() => {
    firstConnection = undefined;
  });

  async function attempt<T>(remote: () => Promise<T>, local: (fallback: Fallback) => Promise<T>): Promise<T> {
    if (firstConnection) await firstConnection;
    if (client.status !== 'ready') {
      outage.fail(new Error(`connection is ${client.status}`));
      return local(fallback);
    }
    try {
      const result = await remote();
      outage.recover();
      return result;
    } catch (error) {
      if (isUsageError(error)) throw error;
      outage.fail(error);
      return local(fallback);
    }
  }

  return { client, outage, attempt };
}

/**
 * Redis answered and refused the command because of what was asked (a counter holding text): the
 * caller's mistake, reported as such. Every other failure, including refusals about the server's
 * state (OOM, LOADING, READONLY, NOAUTH), is an outage the fallback covers.
 */
export function isUsageError(error: unknown): boolean {
  return error instanceof ReplyError && /^(WRONGTYPE|ERR value is not an integer)/.test((error as Error).message);
}
