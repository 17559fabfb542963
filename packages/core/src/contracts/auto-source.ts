import type { FeedConfig } from './config.js';
import type { SourceDocument } from './document.js';
import type { FetchResult } from './fetch.js';
import type { ItemDraft } from './item.js';

/** One named, explainable feature of a candidate's score. */
export interface ScoreFeature {
  readonly name: string;
  readonly value: number;
  /** Contribution to the total score. */
  readonly weight: number;
  readonly note?: string;
}

export interface Candidate {
  readonly scraper: string;
  /** e.g. a CSS-like path of the container, or `json-ld:@graph`. */
  readonly source: string;
  readonly score: number;
  readonly itemCount: number;
  readonly features: readonly ScoreFeature[];
  /** Item selector that reproduces this candidate without auto-source, when there is one. */
  readonly selectors?: { items: string; parts: Record<string, { selector?: string; extractor?: string; attribute?: string }> };
}

export interface AutoSourceDiagnostics {
  readonly scraper?: string;
  readonly candidates: readonly Candidate[];
  /** Why the winner won, in words. */
  readonly reason?: string;
  /** `<link rel=alternate>` feeds the page advertises. */
  readonly nativeFeeds: readonly { url: string; type: string; title?: string }[];
  /** Steps of the cascade and what each found. */
  readonly steps: readonly { scraper: string; found: number; note?: string }[];
}

export interface ScraperContext {
  readonly config: FeedConfig;
  /** For declared follow-ups (WordPress REST). Goes through the same strategy and guard. */
  readonly fetch?: (url: string) => Promise<FetchResult>;
  readonly timeZone?: string;
  /**
   * The feed's extraction budget: long loops call `check()`, which throws `ExtractionTimeout`
   * when it is spent (a scraper must let that error through, never turn it into "found nothing").
   */
  readonly deadline?: { check(): void };
}

export interface ScraperResult {
  readonly items: readonly ItemDraft[];
  readonly candidates: readonly Candidate[];
}

/** One tier of the cascade. Implementations live in `@pagefeed/auto-source`. */
export interface Scraper {
  readonly name: string;
  scrape(document: SourceDocument, context: ScraperContext): ScraperResult | Promise<ScraperResult>;
}

export interface AutoSourceResult {
  readonly items: readonly ItemDraft[];
  readonly diagnostics: AutoSourceDiagnostics;
}

/**
 * Automatic extraction as the engine sees it. Throws `FeedError('NoScrapersFound')` with a
 * failure class when nothing qualifies.
 */
export interface AutoSource {
  extract(document: SourceDocument, context: ScraperContext): Promise<AutoSourceResult>;
}
