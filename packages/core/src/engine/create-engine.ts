import { applyParameters } from '../config/index.js';
import type { FeedConfig } from '../contracts/config.js';
import type { Feed, FeedFormat } from '../contracts/item.js';
import { createCacheFirstSeen, createMemoryFirstSeen, stampFirstSeen } from '../items/first-seen.js';
import { renderFeed } from '../render/index.js';
import { articleMemoryCache } from './article-memory.js';
import { DEFAULT_EXTRACTION_TIMEOUT_MS } from './extraction-deadline.js';
import { generateFeed } from './generate.js';
import { checkSource, resolveStrategy } from './source.js';
import { extractArticle } from '../article/extract-article.js';
import type { Engine, EngineOptions, FeedWarning, GenerateOptions, GenerateResult } from './types.js';

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
  const firstSeen = engineOptions.firstSeen
    ?? (engineOptions.cache ? createCacheFirstSeen(engineOptions.cache) : createMemoryFirstSeen());

  const articleCache = engineOptions.cache ?? articleMemoryCache();

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
      ...(config.full_text
        ? {
            fullText: {
              config: config.full_text,
              source: { config, strategy: resolveStrategy(engineOptions.strategies, config.full_text.strategy ?? config.strategy, 'full_text.strategy'), context, signal: options.signal },
              cache: articleCache,
            },
          }
        : {}),
    });
    const stamped = await stampFirstSeen(result.feed.items, firstSeen, result.feed.channel.url, options.now ?? Date.now());
    if (stamped.error !== undefined) {
      const reason = stamped.error instanceof Error ? stamped.error.message : String(stamped.error);
      engineOptions.logger?.warn('first-seen store unavailable: undated Atom entries carry this build time', { store: firstSeen.name, error: reason });
      (result.warnings as FeedWarning[]).push({
        code: 'FirstSeenUnavailable',
        message: `The first-seen store (${firstSeen.name}) failed: ${reason}. Undated Atom entries carry this build's time until it is back`,
      });
    }
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

  async function article(url: string, options: { readonly strategy?: string; readonly selector?: string; readonly signal?: AbortSignal } = {}) {
    const name = options.strategy ?? 'plain';
    const strategy = resolveStrategy(engineOptions.strategies, name);
    const page = checkSource(await strategy.fetch({ url, strategy: name, headers: {}, request: {}, ...(options.signal ? { signal: options.signal } : {}) }, context));
    return { url: page.url, ...extractArticle(page.body, { url: page.url, ...(options.selector === undefined ? {} : { selector: options.selector }) }) };
  }

  return { generate, render, article };
}
