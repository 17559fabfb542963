import { renderFeed, type Engine, type FeedConfig, type FeedItem, type GenerateOptions, type GenerateResult } from '@pagefeed/core';

/**
 * An engine for route tests: the source is a programmable function (items, or a thrown error)
 * instead of a fetched page; rendering is core's real renderer.
 */
export type FakeSource = (config: FeedConfig, options: GenerateOptions | undefined) => FeedItem[] | Promise<FeedItem[]>;

export interface FakeEngine extends Engine {
  /** Calls of `generate` so far. */
  readonly calls: () => number;
  setSource(source: FakeSource): void;
}

export function item(index: number, extra: Partial<FeedItem> = {}): FeedItem {
  return {
    guid: `https://example.com/posts/${index}`,
    guidIsPermalink: true,
    title: `Post ${index}`,
    url: `https://example.com/posts/${index}`,
    description: `<p>Body of post ${index}</p>`,
    published_at: new Date(Date.UTC(2026, 0, index)),
    categories: [],
    ...extra,
  };
}

export function createFakeEngine(initial: FakeSource = () => [item(1), item(2)]): FakeEngine {
  let source = initial;
  let calls = 0;
  return {
    calls: () => calls,
    setSource: (next) => void (source = next),
    async generate(config, options): Promise<GenerateResult> {
      calls += 1;
      const items = await source(config, options);
      return {
        feed: {
          channel: { title: config.channel.title ?? `Feed of ${config.channel.url}`, url: config.channel.url, description: 'test feed', ttl: config.channel.ttl ?? 60, updated_at: new Date() },
          items,
          stylesheets: [],
        },
        warnings: [],
        diagnostics: {
          strategy: config.strategy,
          url: config.channel.url,
          status: 200,
          contentType: 'text/html',
          revalidated: false,
          timings: { fetchMs: 1, extractMs: 1, totalMs: 2 },
          itemCounts: { selectors: 0, autoSource: items.length, total: items.length },
          autoSource: {
            scraper: 'dom-heuristics',
            candidates: [{ scraper: 'dom-heuristics', source: 'main > ul', score: 0.9, itemCount: items.length, features: [], selectors: { items: 'main li', parts: { title: { selector: 'a' }, url: { selector: 'a', extractor: 'href' } } } }],
            nativeFeeds: [],
            steps: [],
          },
        },
      };
    },
    render: renderFeed,
  };
}
