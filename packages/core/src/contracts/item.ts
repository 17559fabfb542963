/**
 * An item as scraped, before normalisation: values are raw strings (or Dates where a scraper
 * already parsed them). Core normalises drafts into `FeedItem`s.
 */
export interface ItemDraft {
  title?: string | undefined;
  url?: string | undefined;
  /** HTML or text. */
  description?: string | undefined;
  /** HTML. */
  content?: string | undefined;
  author?: string | undefined;
  image?: string | undefined;
  published_at?: Date | string | undefined;
  updated_at?: Date | string | undefined;
  categories?: string[] | undefined;
  guid?: string | undefined;
  enclosure?: Enclosure | undefined;
  id?: string | undefined;
}

export interface Enclosure {
  readonly url: string;
  readonly type?: string;
  readonly length?: number;
}

export interface FeedItem {
  /** Stable and unique within the feed: canonical URL, else a SHA-256 of title+date. */
  readonly guid: string;
  /** True when `guid` is the item URL (RSS `isPermaLink`). */
  readonly guidIsPermalink: boolean;
  readonly title?: string;
  readonly url?: string;
  /** Sanitised HTML. */
  readonly description?: string;
  /** Sanitised HTML. */
  readonly content?: string;
  readonly author?: string;
  readonly image?: string;
  readonly published_at?: Date;
  readonly updated_at?: Date;
  readonly categories: readonly string[];
  readonly enclosure?: Enclosure;
  /**
   * When pagefeed first saw the item (set by the engine from its first-seen store). Not a date the
   * page gave: only Atom, which requires a date on every entry, writes it, for items without one.
   */
  readonly first_seen_at?: Date;
}

export interface FeedChannel {
  readonly title: string;
  /** The page the feed is made from. */
  readonly url: string;
  /**
   * The site the feed belongs to, when the source says so and it is not `url`: a source that is a
   * feed itself names its site (RSS `link`, Atom alternate link, JSON Feed `home_page_url`).
   * Readers link the channel there instead of to the source feed's XML or JSON.
   */
  readonly site_url?: string;
  readonly description: string;
  readonly language?: string;
  /** Minutes. */
  readonly ttl: number;
  readonly author?: string;
  readonly image?: string;
  /** The feed's own URL, when known (RSS atom:link rel=self, Atom self link, JSON feed_url). */
  readonly self_url?: string;
  readonly updated_at?: Date;
}

export interface Feed {
  readonly channel: FeedChannel;
  readonly items: readonly FeedItem[];
  readonly stylesheets: readonly { href: string; type: 'text/css' | 'text/xsl'; media?: string }[];
}

export type FeedFormat = 'rss' | 'atom' | 'json';
