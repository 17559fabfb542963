import { h } from '../dom.js';
import { myFeedsOpml, type MyFeed } from '../my-feeds.js';

/** "My feeds": this browser's created feeds, each with its address and a remove button, and an OPML export. */
export function renderMyFeeds(feeds: readonly MyFeed[], onRemove: (id: string) => void): HTMLElement {
  if (feeds.length === 0) return h('p', { class: 'muted' }, 'Feeds you create here are listed here, on this device only.');
  const opml = URL.createObjectURL(new Blob([myFeedsOpml(feeds)], { type: 'text/x-opml' }));
  return h(
    'div',
    {},
    h(
      'ul',
      { class: 'feed-list', id: 'my-feeds-items' },
      ...feeds.map((feed) =>
        h(
          'li',
          {},
          h('span', { class: 'feed-name' }, feed.title),
          h('span', { class: 'feed-formats' }, h('a', { href: feed.feedUrl, 'aria-label': `${feed.title} as RSS` }, 'RSS')),
          h('button', { type: 'button', class: 'remove', 'aria-label': `Remove ${feed.title} from this list`, onClick: () => onRemove(feed.id) }, 'Remove'),
        ),
      ),
    ),
    h('p', {}, h('a', { id: 'my-feeds-opml', href: opml, download: 'pagefeed-my-feeds.opml' }, 'Export as OPML'), ' — import it into your feed reader.'),
  );
}
