import type { CreatedFeed } from './api-types.js';

/**
 * "My feeds": the feeds a person created in this browser, kept in localStorage (nothing is sent
 * anywhere), listed with a remove button and exportable as an OPML 2.0 subscription list for any
 * feed reader. A feed's address holds its token, which is why the list stays on this device.
 */
const KEY = 'pagefeed.myFeeds';
/** Oldest entries are dropped past this many. */
const LIMIT = 200;

export interface MyFeed {
  readonly id: string;
  readonly title: string;
  /** The page the feed is made from. */
  readonly pageUrl: string;
  /** Subscription address (RSS). */
  readonly feedUrl: string;
  readonly createdAt: string;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

export interface MyFeedsStore {
  list(): MyFeed[];
  add(feed: CreatedFeed): MyFeed[];
  remove(id: string): MyFeed[];
}

export function createMyFeedsStore(storage: Storage | undefined): MyFeedsStore {
  const read = (): MyFeed[] => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(KEY) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isMyFeed) : [];
    } catch {
      return [];
    }
  };
  const write = (feeds: MyFeed[]): MyFeed[] => {
    try {
      storage?.setItem(KEY, JSON.stringify(feeds));
    } catch {
      // Storage full or switched off: the list lives for this visit only.
    }
    return feeds;
  };
  return {
    list: read,
    add(created) {
      const entry: MyFeed = {
        id: created.id,
        title: created.title ?? created.url,
        pageUrl: created.url,
        feedUrl: created.links.rss,
        createdAt: created.created_at,
      };
      const others = read().filter((feed) => feed.id !== entry.id);
      return write([entry, ...others].slice(0, LIMIT));
    },
    remove: (id) => write(read().filter((feed) => feed.id !== id)),
  };
}

function isMyFeed(value: unknown): value is MyFeed {
  const feed = value as Partial<MyFeed> | null;
  return typeof feed === 'object' && feed !== null && typeof feed.id === 'string' && typeof feed.feedUrl === 'string' && typeof feed.title === 'string' && typeof feed.pageUrl === 'string';
}

/** The feeds as OPML 2.0, the format every feed reader imports. */
export function myFeedsOpml(feeds: readonly MyFeed[]): string {
  const outlines = feeds.map(
    (feed) => `    <outline type="rss" text="${attribute(feed.title)}" title="${attribute(feed.title)}" xmlUrl="${attribute(feed.feedUrl)}" htmlUrl="${attribute(feed.pageUrl)}"/>`,
  );
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<opml version="2.0">', '  <head>', '    <title>My pagefeed feeds</title>', '  </head>', '  <body>', ...outlines, '  </body>', '</opml>', ''].join('\n');
}

/** XML attribute text: markup characters escaped, characters XML forbids dropped. */
function attribute(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;');
}
