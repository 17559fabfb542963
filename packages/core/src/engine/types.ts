import type { AutoSource, AutoSourceDiagnostics } from '../contracts/auto-source.js';
import type { CacheDriver } from '../contracts/cache.js';
import type { FeedConfig } from '../contracts/config.js';
import type { NativeFeedFormat } from '../contracts/document.js';
import type { FetchLogger, FetchResult, FetchStrategy } from '../contracts/fetch.js';
import type { Feed, FeedFormat } from '../contracts/item.js';

export interface EngineOptions {
  /** Registry of fetch strategies by name (`plain`, `renderer`). */
  readonly strategies: Readonly<Record<string, FetchStrategy>>;
  readonly autoSource?: AutoSource;
  readonly cache?: CacheDriver;
  readonly allowPrivateNetworks?: boolean;
  readonly logger?: FetchLogger;
  /**
   * Per-feed time budget for extraction in ms (default `DEFAULT_EXTRACTION_TIMEOUT_MS`, 5 s; 0: no
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
}
