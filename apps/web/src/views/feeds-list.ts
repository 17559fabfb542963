import type { FeedFormat, PredefinedFeed } from '../api-types.js';
import { h } from '../dom.js';

const FORMATS: readonly { format: FeedFormat; label: string }[] = [
  { format: 'rss', label: 'RSS' },
  { format: 'atom', label: 'Atom' },
  { format: 'json', label: 'JSON Feed' },
];

/** The feeds predefined in the server's feeds.yml, each with its three subscription links. */
export function renderFeedList(feeds: readonly PredefinedFeed[]): HTMLElement {
  if (feeds.length === 0) return h('p', { class: 'muted' }, 'This server has no predefined feeds.');
  return h(
    'ul',
    { class: 'feed-list' },
    ...feeds.map((feed) =>
      h(
        'li',
        {},
        h('span', { class: 'feed-name' }, feed.title ?? feed.name),
        feed.title && feed.title !== feed.name ? h('code', { class: 'muted' }, feed.name) : undefined,
        h(
          'span',
          { class: 'feed-formats' },
          ...FORMATS.filter(({ format }) => feed.links[format]).map(({ format, label }) =>
            h('a', { href: feed.links[format], 'aria-label': `${feed.title ?? feed.name} as ${label}` }, label),
          ),
        ),
      ),
    ),
  );
}
