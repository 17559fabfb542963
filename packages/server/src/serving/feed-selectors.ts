import { FeedError, parseFeedConfig, type FeedConfig, type StrategyName } from '@pagefeed/core';

/**
 * `selectors` and `items` of POST /api/v1/feeds and /preview: a feed made from CSS selectors (the
 * web UI's picker, or a client that has its own), validated exactly like a feed of feeds.yml by
 * core's `parseFeedConfig` (same messages and paths: `selectors.title.extractor`, …).
 *
 * `selectors` is the `selectors` mapping of feeds.yml; `items` may be given beside it instead of as
 * `selectors.items` (the shape `pagefeed capture` and the preview's `capture` use), not both.
 * The checked mapping travels in the created feed's signed token, so it is kept small.
 */
export type SelectorsInput = Readonly<Record<string, unknown>>;

/** Longest `selectors` (with `items`) as JSON; it becomes part of every feed URL of the feed. */
export const MAX_SELECTORS_JSON = 4096;

const isMapping = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The request's `selectors`/`items` as one feeds.yml `selectors` mapping (undefined: neither given). */
export function selectorsOfBody(body: Readonly<Record<string, unknown>>): SelectorsInput | undefined {
  const { selectors, items } = body;
  if (selectors === undefined && items === undefined) return undefined;
  if (selectors !== undefined && !isMapping(selectors)) {
    throw new FeedError('InputInvalid', "'selectors' must be a mapping of part names to selectors, as in feeds.yml", { path: 'selectors', hint: 'send {"selectors": {"title": {"selector": "h2 a"}}, "items": {"selector": "article"}}' });
  }
  if (items !== undefined && !isMapping(items)) {
    throw new FeedError('InputInvalid', "'items' must be a mapping such as {\"selector\": \"article\"}, as selectors.items in feeds.yml", { path: 'items', hint: 'send {"items": {"selector": "article"}}' });
  }
  if (items !== undefined && selectors?.['items'] !== undefined) {
    throw new FeedError('InputInvalid', "'items' is given twice: at the top level and as selectors.items", { path: 'items', hint: 'keep one of them' });
  }
  const merged = { ...selectors, ...(items === undefined ? {} : { items }) };
  if (JSON.stringify(merged).length > MAX_SELECTORS_JSON) {
    throw new FeedError('InputInvalid', `'selectors' with 'items' is longer than ${MAX_SELECTORS_JSON} characters as JSON`, { path: 'selectors', hint: 'use shorter selectors, or define the feed in feeds.yml' });
  }
  return merged;
}

/** The feed configuration of a selectors feed; `ConfigurationInvalid` (400) with paths when it is wrong. */
export function selectorsFeedConfig(url: string, strategy: StrategyName, selectors: SelectorsInput): FeedConfig {
  return parseFeedConfig({ channel: { url }, strategy, selectors });
}
