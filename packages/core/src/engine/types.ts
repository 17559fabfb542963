import type { AutoSource, AutoSourceDiagnostics } from '../contracts/auto-source.js';
import type { CacheDriver } from '../contracts/cache.js';
import type { FeedConfig } from '../contracts/config.js';
import type { FirstSeenStore } from '../contracts/first-seen.js';
import type { NativeFeedFormat } from '../contracts/document.js';
import type { FetchLogger, FetchResult, FetchStrategy } from '../contracts/fetch.js';
import type { Feed, FeedFormat } from '../contracts/item.js';
import type { Article } from '../article/extract-article.js';

export interface EngineOptions {
  /** Registry of fetch strategies by name (`plain`, `renderer`). */
  readonly strategies: Readonly<Record<string, FetchStrategy>>;
  readonly autoSource?: AutoSource;
  readonly cache?: CacheDriver;
  /**
   * Where the first-seen time of every item is kept (Atom's `updated` of undated items). Default:
   * in `cache` (memory when none is given), so it lasts as long as the cache does.
   */
  readonly firstSeen?: FirstSeenStore;
  readonly allowPrivateNetworks?: boolean;
  readonly logger?: FetchLogger;
  /**
   * Per-feed time budget for extraction in ms (default `DEFAULT_EXTRACTION_TIMEOUT_MS`, 10 s; 0: no
   * budget). Past it the feed fails with `ExtractionTimeout`.
   */
  readonly extractionTimeoutMs?: number;
  /** Monotonic clock in ms for the budget (default `performance.now`; tests pass their own). */
  readonly monotonicNow?: () => number;
}

export interface GenerateOptions {
  /** Values for `%<name>s` placeholders; only names declared in `parameters` are accepted. */
  readonly parameters?: Readonly<Record<string, string>>;
  /** Use this page instead of fetching (CLI `--input`, tests). */
  readonly source?: FetchResult;
  readonly signal?: AbortSignal;
  /** The feed's own URL, for self links. */
  readonly selfUrl?: string;
  /** The build time (ms), recorded as the first-seen time of new items; default `Date.now()`. */
  readonly now?: number;
  /** This feed's extraction budget in ms, instead of the engine's. */
  readonly extractionTimeoutMs?: number;
}

/** Something the caller should know that did not fail the feed. */
export interface FeedWarning {
  readonly code: string;
  readonly message: string;
  /** Configuration path, e.g. `selectors.published_at.post_process[0]`. */
  readonly path?: string;
  /** Index of the item the warning is about. */
  readonly item?: number;
}

export interface GenerateDiagnostics {
  readonly strategy: string;
  readonly url: string;
  readonly status: number;
  readonly contentType: string;
  readonly revalidated: boolean;
  readonly timings: { readonly fetchMs: number; readonly extractMs: number; readonly totalMs: number };
  readonly itemCounts: { readonly selectors: number; readonly autoSource: number; readonly total: number };
  readonly autoSource?: AutoSourceDiagnostics;
  /** Set when the source was an RSS, Atom or JSON feed passed through (entries counted before de-duplication). */
  readonly nativeFeed?: { readonly format: NativeFeedFormat; readonly version: string; readonly entries: number };
}

export interface GenerateResult {
  readonly feed: Feed;
  readonly warnings: readonly FeedWarning[];
  readonly diagnostics: GenerateDiagnostics;
}

export interface Engine {
  generate(config: FeedConfig, options?: GenerateOptions): Promise<GenerateResult>;
  render(feed: Feed, format: FeedFormat): string;
  /**
   * One page's readable article, fetched through `strategy` (default `plain`) and the engine's
   * network guard (issue #20: `pagefeed article`, the web UI's full-text preview). Optional so
   * hand-made engines in tests need not have it; `createEngine` always gives it.
   */
  article?(url: string, options?: { readonly strategy?: string; readonly selector?: string; readonly signal?: AbortSignal }): Promise<Article & { readonly url: string }>;
}
