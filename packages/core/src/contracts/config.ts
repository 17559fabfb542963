/**
 * The feed configuration, html2rss-compatible (DESIGN §2). The valibot schema in `../config/`
 * validates unknown input into exactly this shape.
 */
export type ExtractorName = 'text' | 'html' | 'href' | 'attribute' | 'static';

export interface PostProcessorStep {
  readonly name: string;
  /** Every other key of the step, e.g. `{ pattern, replacement }` for `gsub`. */
  readonly options: Readonly<Record<string, unknown>>;
}

export interface PartSelector {
  readonly selector?: string;
  readonly extractor?: ExtractorName;
  readonly attribute?: string;
  readonly static?: string;
  readonly post_process?: readonly PostProcessorStep[];
}

export interface ItemsSelector {
  readonly selector: string;
  readonly order?: 'reverse';
  readonly pagination?: { readonly selector: string; readonly max_pages?: number };
}

export interface SelectorsConfig {
  readonly items: ItemsSelector;
  /** Parts by name (title, url/link, description, ..., or helper names used by `template`). */
  readonly parts: Readonly<Record<string, PartSelector>>;
  /** Parts whose values are joined into item categories. */
  readonly categories?: readonly string[];
  /** Parts whose values are joined into the GUID. */
  readonly guid?: readonly string[];
  readonly enclosure?: PartSelector & { readonly content_type?: string };
}

export interface ChannelConfig {
  readonly url: string;
  readonly title?: string;
  readonly description?: string;
  readonly language?: string;
  /** Minutes. */
  readonly ttl?: number;
  readonly time_zone?: string;
  readonly author?: string;
  readonly image?: string;
}

export interface StylesheetConfig {
  readonly href: string;
  readonly type: 'text/css' | 'text/xsl';
  readonly media?: string;
}

export interface RequestConfig {
  readonly max_redirects?: number;
  readonly timeout_seconds?: number;
  readonly max_bytes?: number;
  readonly wait_for_selector?: string;
  readonly scroll?: boolean | number;
  readonly click?: readonly string[];
}

export interface AutoSourceConfig {
  readonly enabled: boolean;
}

export interface ParameterDeclaration {
  readonly default?: string;
  readonly pattern?: string;
  readonly description?: string;
}

export type StrategyName = 'plain' | 'renderer';

export interface FeedConfig {
  readonly channel: ChannelConfig;
  readonly strategy: StrategyName;
  readonly headers: Readonly<Record<string, string>>;
  readonly selectors?: SelectorsConfig;
  readonly auto_source?: AutoSourceConfig;
  readonly stylesheets: readonly StylesheetConfig[];
  readonly request: RequestConfig;
  readonly parameters: Readonly<Record<string, ParameterDeclaration>>;
  /** Each new item's page fetched and its article put in the item's content (`full_text`). */
  readonly full_text?: FullTextConfig;
  /** Items kept by words, phrases or /regex/ (`filters`). */
  readonly filters?: FeedFilters;
  /** At most this many items. */
  readonly limit?: number;
  /** Seconds: items published longer ago are dropped (`max_age: 30d` in feeds.yml). */
  readonly max_age?: number;
}

export interface FullTextConfig {
  /** CSS selector of the article body, instead of the automatic extraction. */
  readonly selector?: string;
  /** Article pages fetched at most per refresh (default 10). */
  readonly max_items: number;
  /** Strategy for the article pages (default: the feed's). */
  readonly strategy?: StrategyName;
}

export interface FeedFilters {
  /** Keep only items matching at least one entry (word, phrase or /regex/flags). */
  readonly include?: readonly string[];
  /** Drop items matching any entry. */
  readonly exclude?: readonly string[];
  /** Item fields searched (default title, summary, content). */
  readonly fields?: readonly ('title' | 'summary' | 'content' | 'url' | 'author' | 'categories')[];
}

export interface AccountConfig {
  readonly username: string;
  readonly token: string;
  readonly allowed_urls: readonly string[];
}

/** A loaded `feeds.yml`. */
export interface FeedsFile {
  readonly feeds: Readonly<Record<string, FeedConfig>>;
  readonly accounts: readonly AccountConfig[];
  /** Where it was loaded from, for messages. */
  readonly source?: string;
}

/** Names of the built-in post-processors (the registry lives in `../post-processors/`). */
export const POST_PROCESSOR_NAMES = [
  'parse_time',
  'parse_uri',
  'template',
  'gsub',
  'substring',
  'sanitize_html',
  'html_to_markdown',
  'markdown_to_html',
] as const;

export type PostProcessorName = (typeof POST_PROCESSOR_NAMES)[number];

/** Parts that reach an item; any other part name is a helper for `template`. */
export const ITEM_PART_NAMES = [
  'title',
  'url',
  'link',
  'description',
  'content',
  'author',
  'image',
  'published_at',
  'updated_at',
  'categories',
  'guid',
  'enclosure',
  'id',
] as const;
