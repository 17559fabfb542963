import type { FeedConfig } from '../contracts/config.js';
import { compileSelector } from '../dom/select.js';
import { compileSelectorsConfig } from '../extract/index.js';
import { checkTimeZone } from '../time/time-zone.js';
import { resolveStrategy } from './source.js';

/** The strategies every pagefeed installation has; a custom registry may add more at run time. */
const BUILTIN_STRATEGIES = { plain: true, renderer: true } as const;

/**
 * Everything about a feed configuration that can be checked without fetching: strategy name, time
 * zone, every CSS selector and every post-processor's options. Throws the first problem as a
 * `FeedError` naming its configuration path (`base` prefixes it, e.g. `feeds.news`).
 */
export function validateFeedConfig(config: FeedConfig, base?: string): void {
  const at = (path: string): string => (base ? `${base}.${path}` : path);
  if (!Object.hasOwn(BUILTIN_STRATEGIES, config.strategy)) {
    const names = Object.fromEntries(Object.keys(BUILTIN_STRATEGIES).map((name) => [name, { name, fetch: unreachable }]));
    resolveStrategy(names, config.strategy, at('strategy'));
  }
  if (config.channel.time_zone) checkTimeZone(config.channel.time_zone, at('channel.time_zone'));
  const selectors = config.selectors;
  if (!selectors) return;
  // The extractor's own compilation: selectors, extractors, attributes, post-processor options.
  compileSelectorsConfig(selectors, at('selectors'));
  if (selectors.items.pagination) compileSelector(selectors.items.pagination.selector, at('selectors.items.pagination.selector'));
}

function unreachable(): never {
  throw new Error('validation never fetches');
}
