/**
 * Shapes of the `/api/v1` answers the page reads (issue #5, DESIGN §6). Kept in one module so the
 * page has a single place to follow the server when its answers change.
 */
export type Strategy = 'plain' | 'renderer';
export type FeedFormat = 'rss' | 'atom' | 'json';
export type FailureClass = 'blocked_surface' | 'app_shell' | 'unsupported_surface';

export type FeedLinks = Readonly<Record<FeedFormat, string>>;

export interface InstanceInfo {
  readonly name?: string;
  readonly version?: string;
  readonly formats?: readonly string[];
  /** Strategies usable now: `renderer` only while this server's renderer answers. */
  readonly strategies?: readonly string[];
  readonly renderer?: { readonly status: 'ok' | 'down' | 'not_configured'; readonly hint?: string };
  /** Whether `POST /api/v1/feeds` and `/preview` are on (`AUTO_SOURCE_ENABLED`). */
  readonly feed_creation: boolean;
  readonly predefined_feeds?: number;
}

export interface PredefinedFeed {
  readonly name: string;
  readonly title?: string;
  readonly url?: string;
  /** Names of the query parameters the feed declares. */
  readonly parameters?: readonly string[];
  readonly links: FeedLinks;
}

/** An item as the preview and creation answers carry it (dates as RFC 3339 strings). */
export interface PreviewItem {
  readonly guid?: string;
  readonly title?: string;
  readonly url?: string;
  /** Sanitised HTML. */
  readonly description?: string;
  readonly content?: string;
  readonly author?: string;
  readonly image?: string;
  readonly published_at?: string;
}

/** One part of a selectors feed, as feeds.yml writes it. */
export interface CapturePart {
  readonly selector?: string;
  readonly extractor?: string;
  readonly attribute?: string;
  readonly post_process?: readonly { readonly name: string }[];
}

/** Selectors that reproduce the winning candidate without auto-source (or that the picker built). */
export interface CaptureSelectors {
  readonly scraper?: string;
  readonly items: string;
  readonly parts: Readonly<Record<string, CapturePart>>;
}

export interface Candidate {
  readonly scraper: string;
  readonly source: string;
  readonly score: number;
  readonly itemCount: number;
}

/** The engine's auto-source diagnostics (core `AutoSourceDiagnostics`). */
export interface AutoSourceDiagnostics {
  readonly scraper?: string;
  readonly reason?: string;
  readonly candidates?: readonly Candidate[];
  readonly nativeFeeds?: readonly { url: string; type: string; title?: string }[];
  readonly steps?: readonly { scraper: string; found: number; note?: string }[];
}

/** The engine's generate diagnostics (core `GenerateDiagnostics`), as JSON. */
export interface PreviewDiagnostics {
  readonly strategy: string;
  readonly url?: string;
  readonly status?: number;
  readonly contentType?: string;
  readonly timings?: { readonly fetchMs?: number; readonly extractMs?: number; readonly totalMs?: number };
  readonly itemCounts?: { readonly selectors?: number; readonly autoSource?: number; readonly total?: number };
  readonly autoSource?: AutoSourceDiagnostics;
}

/** What the engine noted while building a feed (a source that already is a feed, a part that found nothing, …). */
export interface FeedWarning {
  readonly code: string;
  readonly message: string;
  readonly path?: string;
}

export interface PreviewResponse {
  readonly items: readonly PreviewItem[];
  readonly warnings?: readonly FeedWarning[];
  readonly diagnostics: PreviewDiagnostics;
  readonly capture?: CaptureSelectors;
  readonly capture_yaml?: string;
}

export interface CreatedFeed {
  readonly id: string;
  readonly url: string;
  readonly strategy: string;
  readonly title?: string;
  readonly created_at: string;
  readonly token: string;
  readonly links: FeedLinks;
}

export interface CreateResponse {
  readonly feed: CreatedFeed;
  readonly preview: { readonly items: readonly PreviewItem[] };
  readonly warnings?: readonly FeedWarning[];
}

export interface FeedRequest {
  readonly url: string;
  readonly strategy: Strategy;
  /** A selectors feed (the picker): feeds.yml's selectors.items and parts. */
  readonly items?: { readonly selector: string };
  readonly selectors?: Readonly<Record<string, CapturePart>>;
}

/** POST /api/v1/snapshot: the page as an inert document, with auto-source's candidate lists. */
export interface SnapshotResponse {
  readonly url: string;
  readonly final_url: string;
  readonly strategy: Strategy;
  readonly title: string;
  readonly html: string;
  readonly styles: readonly string[];
  readonly images: 'off' | 'direct';
  readonly removed: Readonly<Record<string, number>>;
  readonly candidates: readonly { readonly scraper: string; readonly source: string; readonly score: number; readonly item_count: number; readonly items: string }[];
  readonly auto_failure?: { readonly code: string; readonly message: string; readonly hint?: string; readonly class?: FailureClass };
}

export interface ApiErrorBody {
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly hint?: string;
    readonly class?: FailureClass;
    /** Which input or configuration path the problem is in (`url`, `strategy`). */
    readonly path?: string;
    readonly request_id?: string;
  };
}

/** What went wrong with one call, normalised for the page. Status 0: the server was not reached. */
export interface ApiFailure {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly hint?: string;
  readonly class?: FailureClass;
  readonly path?: string;
  readonly requestId?: string;
  readonly retryAfterSeconds?: number;
}

export type ApiResult<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly failure: ApiFailure };

/** POST /api/v1/article: one page's readable article (issue #20). */
export interface ArticleResponse {
  readonly url: string;
  readonly title?: string;
  readonly text: string;
  readonly length: number;
}
