import type { Feed, GenerateResult } from '@pagefeed/core';
import { reviveFeed, type HashedModel } from '../serving/feed-model.js';

/**
 * A generation's result as it crosses back from a worker when the worker also made the feed's
 * cache model (the feed service's generations): without the feed, which the model already carries
 * as one string (a structured clone of the feed's object graph costs both threads; a string is
 * copied), and without the auto-source diagnostics (the candidates the extractor weighed: about
 * three quarters of the clone's cost on a list page, 0.3 of 0.4 ms, and nothing on this path reads
 * them; previews and snapshots generate without a model and get them). The feed is revived from
 * the model on the main thread only if a caller reads `result.feed` (a created feed's preview).
 */
export type SlimResult = Omit<GenerateResult, 'feed'>;

export function slimResult(result: GenerateResult): SlimResult {
  const { autoSource: _autoSource, ...diagnostics } = result.diagnostics;
  return { warnings: result.warnings, diagnostics };
}

/** The result again, with `feed` revived from `model` when first read (then kept). */
export function withFeedFromModel(slim: SlimResult, model: HashedModel): GenerateResult {
  let feed: Feed | undefined;
  return Object.defineProperty({ ...slim }, 'feed', {
    enumerable: true,
    get: () => (feed ??= reviveFeed(model.model, model.updatedAt)),
  }) as GenerateResult;
}
