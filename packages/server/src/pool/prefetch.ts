import { applyParameters, type FeedConfig, type FetchContext, type FetchStrategy } from '@pagefeed/core';
import { fetchForWorker } from './fetch-reply.js';
import type { ExtractionTask } from './extraction-pool.js';
import type { Prefetched } from './protocol.js';

/**
 * The task's page, fetched on the main thread while the task waits for a worker (undefined: the
 * worker's engine fetches or refuses it itself, with its usual errors in their usual order).
 */
export async function prefetch(strategies: Readonly<Record<string, FetchStrategy>>, context: FetchContext, task: ExtractionTask): Promise<Prefetched | undefined> {
  if (!needsFetch(task.config)) return undefined;
  let config: FeedConfig;
  try {
    config = task.parameters ? applyParameters(task.config, task.parameters) : task.config;
  } catch {
    return undefined; // The worker's engine reports the parameter error, in its usual order.
  }
  const strategy = Object.hasOwn(strategies, config.strategy) ? strategies[config.strategy] : undefined;
  if (!strategy) return undefined;
  const url = config.channel.url;
  return { url, strategy: config.strategy, ...(await fetchForWorker(strategy, { url, strategy: config.strategy, headers: config.headers, request: config.request }, context)) };
}

/** A config the engine will fetch for (it refuses one with neither selectors nor auto_source first). */
function needsFetch(config: FeedConfig): boolean {
  return config.selectors !== undefined || config.auto_source?.enabled === true;
}
