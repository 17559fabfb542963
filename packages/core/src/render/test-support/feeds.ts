import type { Feed } from '../../contracts/item.js';

/** Small feeds shared by the renderer tests. */
export const SMALL_FEED: Feed = {
  channel: {
    title: 'Example News',
    url: 'https://example.com/news/',
    description: 'Latest news from example.com',
    language: 'en',
    ttl: 60,
    author: 'Example Desk',
    image: 'https://example.com/logo.png',
    self_url: 'https://feeds.example.net/api/v1/feeds/news.rss',
  },
  stylesheets: [{ href: 'https://example.com/feed.xsl', type: 'text/xsl' }, { href: '/feed.css', type: 'text/css', media: 'screen' }],
  items: [
    {
      guid: 'https://example.com/news/second',
      guidIsPermalink: true,
      title: 'Second story & more',
      url: 'https://example.com/news/second?ref=1',
      description: '<p>Second <b>summary</b></p>',
      content: '<p>Full <a href="https://example.com/x">text</a></p>',
      author: 'Ann Writer',
      image: 'https://example.com/img/second.png',
      published_at: new Date('2024-03-05T10:30:00Z'),
      updated_at: new Date('2024-03-06T08:00:00Z'),
      categories: ['World', 'Politics'],
    },
    {
      guid: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      guidIsPermalink: false,
      title: 'Podcast episode',
      description: 'Listen now',
      published_at: new Date('2024-03-01T00:00:00Z'),
      categories: [],
      enclosure: { url: 'https://cdn.example.com/ep1.mp3', type: 'audio/mpeg', length: 12345 },
    },
  ],
};

export const UNDATED_FEED: Feed = {
  channel: { title: 'Undated', url: 'https://example.org/', description: 'No dates here', ttl: 30 },
  stylesheets: [],
  items: [
    { guid: 'https://example.org/a', guidIsPermalink: true, title: 'A', url: 'https://example.org/a', categories: [], first_seen_at: new Date('2026-03-01T08:00:00Z') },
    { guid: 'https://example.org/b', guidIsPermalink: true, title: 'B', url: 'https://example.org/b', categories: [], first_seen_at: new Date('2026-03-02T09:30:00Z') },
  ],
};

const HOSTILE = 'NUL\u0000 bell\u0007 esc\u001B c1\u0085\u0090 lone\uD800 low\uDC00 ]]> <tag> & "quoted" \'single\' emoji 🎉 rtl \u202E ok';

export const HOSTILE_FEED: Feed = {
  channel: {
    title: `Title ${HOSTILE}`,
    url: 'https://example.com/?a=1&b=2',
    description: `Description ${HOSTILE}`,
    ttl: 60,
    self_url: 'https://feeds.example.net/f?x="y"&z=<w>',
  },
  stylesheets: [{ href: 'https://example.com/s.xsl?a=1&b="2"?>', type: 'text/xsl' }],
  items: [
    {
      guid: `odd guid ${HOSTILE}`,
      guidIsPermalink: false,
      title: `Item ${HOSTILE}`,
      url: 'https://example.com/item?a=1&b=2',
      description: `<p>${HOSTILE}</p><![CDATA[ x ]]>`,
      content: `<p>content ${HOSTILE}</p>`,
      author: `Author ${HOSTILE}`,
      published_at: new Date('2024-01-02T03:04:05.678Z'),
      categories: [`cat ${HOSTILE}`],
    },
  ],
};
