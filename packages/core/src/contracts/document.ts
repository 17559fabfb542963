import type { Document } from 'domhandler';
import type { ItemDraft } from './item.js';

/** A fetched page, parsed once and shared by selectors and auto-source. */
export type SourceDocument = HtmlSourceDocument | JsonSourceDocument | FeedSourceDocument;

export interface HtmlSourceDocument {
  readonly kind: 'html';
  /** Base URL for relative links (final URL, or `<base href>` when present). */
  readonly url: string;
  readonly html: string;
  readonly document: Document;
}

export interface JsonSourceDocument {
  readonly kind: 'json';
  readonly url: string;
  readonly text: string;
  readonly data: unknown;
}

/** The syndication formats pagefeed reads as a source and passes through (`json`: JSON Feed). */
export type NativeFeedFormat = 'rss' | 'atom' | 'rdf' | 'json';

/**
 * A source that already is a feed (RSS 0.9x/2.0, RSS 1.0/RDF, Atom 1.0 and 0.3, JSON Feed 1.0
 * and 1.1). Its entries are read into drafts when it is parsed; selectors and auto-source are not
 * applied to it.
 */
export interface FeedSourceDocument {
  readonly kind: 'feed';
  readonly format: NativeFeedFormat;
  /** Version as the feed declares it (`2.0`, `0.91`, `1.0`, `0.3`, `1.1`), for messages. */
  readonly version: string;
  /** The feed's URL, or the root's `xml:base`: the base for relative links. */
  readonly url: string;
  readonly text: string;
  readonly channel: NativeFeedChannel;
  /** One draft per entry, in the feed's order; entries repeating an earlier GUID are left out. */
  readonly items: readonly ItemDraft[];
  /** Entries left out because their GUID repeats an earlier entry's. */
  readonly duplicateEntries: number;
}

/** What the source feed says about itself (all optional: the configuration's channel wins). */
export interface NativeFeedChannel {
  readonly title?: string;
  readonly description?: string;
  readonly language?: string;
  readonly image?: string;
  /** The site the feed belongs to (RSS `link`, Atom `link rel=alternate`, JSON Feed `home_page_url`). */
  readonly link?: string;
}
