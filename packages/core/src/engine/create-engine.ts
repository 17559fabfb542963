import { applyParameters } from '../config/index.js';
import type { FeedConfig } from '../contracts/config.js';
import type { Feed, FeedFormat } from '../contracts/item.js';
import { renderFeed } from '../render/index.js';
import { DEFAULT_EXTRACTION_TIMEOUT_MS } from './extraction-deadline.js';
import { generateFeed } from './generate.js';
import { resolveStrategy } from './source.js';
import type { Engine, EngineOptions, GenerateOptions, GenerateResult } from './types.js';

/**
 * The engine with its plugins injected: fetch strategies, auto-source and cache come from the
 * packages above core (`@pagefeed/fetchers`, `@pagefeed/auto-source`), so core loads nothing heavy.
 */
export function createEngine(engineOptions: EngineOptions): Engine {
  const context = {
    ...(engineOptions.cache ? { cache: engineOptions.cache } : {}),
    ...(engineOptions.allowPrivateNetworks === undefined ? {} : { allowPrivateNetworks: engineOptions.allowPrivateNetworks }),
    ...(engineOptions.logger ? { logger: engineOptions.logger } : {}),
  };

  async function generate(declared: FeedConfig, options: GenerateOptions = {}): Promise<GenerateResult> {
    const config = options.parameters ? applyParameters(declared, options.parameters) : declared;
    // Resolved even when the page is given: an unknown strategy is a configuration error either way.
    const strategy = resolveStrategy(engineOptions.strategies, config.strategy);
    const result = await generateFeed({
      config,
      options,
      extractionTimeoutMs: options.extractionTimeoutMs ?? engineOptions.extractionTimeoutMs ?? DEFAULT_EXTRACTION_TIMEOUT_MS,
      ...(engineOptions.monotonicNow ? { monotonicNow: engineOptions.monotonicNow } : {}),
      source: { config, strategy, context, signal: options.signal },
      autoSource: engineOptions.autoSource,
    });
    engineOptions.logger?.debug('feed generated', {
      url: result.diagnostics.url,
      strategy: result.diagnostics.strategy,
      items: result.diagnostics.itemCounts,
      warnings: result.warnings.length,
      totalMs: Math.round(result.diagnostics.timings.totalMs),
    });
    return result;
  }

  function render(feed: Feed, format: FeedFormat): string {
    return renderFeed(feed, format);
  }

  return { generate, render };
}
