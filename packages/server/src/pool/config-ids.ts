import type { FeedConfig } from '@pagefeed/core';
import type { TaskMessage } from './protocol.js';

/**
 * A feed's config crosses to a worker once: the pool numbers each config object it sees (a
 * predefined feed's is one object for the life of its feeds.yml), sends it whole with the first task
 * a worker gets for it, and only its number after that; the worker keeps what it was sent. Saves the
 * config's structured clone on the main thread, and its rebuilding in the worker, for every task of
 * a feed the worker has built before (BENCHMARKS.md §7, "Seventh session: benchmark 4").
 *
 * Bounded on both sides alike: when a worker has been sent `limit` configs, the pool forgets them
 * and the next task tells the worker to do the same (`resetConfigs`), then sends its config whole.
 * A config object made per request (a created feed read from storage) gets a new number each time,
 * and so is always sent whole, as before.
 */
export const CONFIGS_PER_WORKER = 1024;

export interface ConfigIds {
  /** What to post to a worker that has been sent the configs in `sent` (updated here). */
  outgoing(sent: Set<number>, message: TaskMessage): TaskMessage;
}

export function createConfigIds(limit = CONFIGS_PER_WORKER): ConfigIds {
  const ids = new WeakMap<FeedConfig, number>();
  let next = 0;
  return {
    outgoing(sent, message) {
      const config = message.config!;
      let id = ids.get(config);
      if (id === undefined) {
        next += 1;
        id = next;
        ids.set(config, id);
      }
      if (sent.has(id)) {
        const { config: _known, ...rest } = message;
        return { ...rest, configId: id };
      }
      const reset = sent.size >= limit;
      if (reset) sent.clear();
      sent.add(id);
      return { ...message, configId: id, ...(reset ? { resetConfigs: true } : {}) };
    },
  };
}

/** The worker's side: the configs it was sent, by number. */
export interface KnownConfigs {
  /** The task's config: sent with it (then kept), or kept from an earlier task. */
  configOf(message: TaskMessage): FeedConfig;
}

export function createKnownConfigs(): KnownConfigs {
  const known = new Map<number, FeedConfig>();
  return {
    configOf(message) {
      if (message.resetConfigs) known.clear();
      if (message.config) {
        if (message.configId !== undefined) known.set(message.configId, message.config);
        return message.config;
      }
      const config = message.configId === undefined ? undefined : known.get(message.configId);
      if (!config) throw new Error(`The extraction worker was not sent the feed config numbered ${message.configId} (a pool bug); the worker is replaced`);
      return config;
    },
  };
}
