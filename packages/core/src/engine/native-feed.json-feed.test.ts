import { describe, expect, it } from 'vitest';
import { checkFeed } from '../../../../testing/check-feed.js';
import { requireFeedparser } from '../../../../testing/system.js';
import type { FeedError } from '../contracts/errors.js';
import { createEngine } from './create-engine.js';
import { fakeStrategy, feedConfig, htmlResult } from './test-support/helpers.js';

const feedparser = requireFeedparser();
const FEED_URL = 'https://posts.example/feed.json';
const JSON_SELECTORS = { items: { selector: 'array > object' }, parts: { title: { selector: 'title' }, url: { selector: 'url', extractor: 'href' as const } } };

const engine = createEngine({
  strategies: {
    plain: fakeStrategy('plain', () => {
      throw new Error('the strategy must not be asked');
    }),
  },
});

function generate(data: unknown, contentType = 'application/feed+json') {
  const config = feedConfig({ channel: { url: FEED_URL }, selectors: JSON_SELECTORS });
  return engine.generate(config, { source: htmlResult(typeof data === 'string' ? data : JSON.stringify(data), FEED_URL, contentType) });
}

const jsonFeed = (items: unknown[], extra: object = {}) => ({ version: 'https://jsonfeed.org/version/1.1', title: 'Posts', ...extra, items });

describe('engine.generate with a JSON Feed as source', () => {
  it('keeps the feed\'s ids; without one the GUID is the canonical URL, else a hash of title and date (as for RSS items)', async () => {
    const { feed, warnings, diagnostics } = await generate(
      jsonFeed([
        { id: 'post-1', url: 'https://posts.example/1', title: 'One' },
        { url: 'https://posts.example/2?utm_source=feed', title: 'Two' },
        { title: 'Three', content_text: 'No address', date_published: '2024-05-01T10:00:00Z' },
      ]),
    );
    expect(feed.items.map((item) => [item.guid, item.guidIsPermalink])).toEqual([
      ['post-1', false],
      ['https://posts.example/2', true],
      [expect.stringMatching(/^[0-9a-f]{64}$/), false],
    ]);
    expect(warnings[0]).toEqual({ code: 'NativeFeedPassedThrough', message: `${FEED_URL} is already a feed (JSON Feed 1.1): its 3 items are passed through; selectors are not applied to it`, path: 'channel.url' });
    expect(diagnostics.nativeFeed).toEqual({ format: 'json', version: '1.1', entries: 3 });
    // The same item gives the same GUID on every run (readers keep their read state).
    const again = await generate(jsonFeed([{ title: 'Three', content_text: 'No address', date_published: '2024-05-01T10:00:00Z' }]));
    expect(again.feed.items[0]?.guid).toBe(feed.items[2]?.guid);
    // The same entry in an RSS feed gets the same GUID.
    const rss = '<rss version="2.0"><channel><item><title>Three</title><description>No address</description><pubDate>Wed, 01 May 2024 10:00:00 GMT</pubDate></item></channel></rss>';
    const fromRss = await engine.generate(feedConfig({ channel: { url: FEED_URL }, selectors: JSON_SELECTORS }), { source: htmlResult(rss, FEED_URL, 'application/rss+xml') });
    expect(fromRss.feed.items[0]?.guid).toBe(feed.items[2]?.guid);
  });

  it('takes the channel from the feed when the configuration has none, and dates as dates', async () => {
    const { feed } = await generate(jsonFeed([{ id: 'a', title: 'A', date_published: '2024-05-01T12:00:00+02:00', date_modified: '2024-05-02T00:00:00Z' }], { description: 'All posts', language: 'fr', icon: '/icon.png' }));
    expect(feed.channel).toMatchObject({ url: FEED_URL, title: 'Posts', description: 'All posts', language: 'fr', image: 'https://posts.example/icon.png' });
    expect(feed.items[0]).toMatchObject({ published_at: new Date('2024-05-01T10:00:00Z'), updated_at: new Date('2024-05-02T00:00:00Z') });
  });

  it('passes a JSON Feed with no items yet through as an empty feed, and says so', async () => {
    const result = await generate(jsonFeed([]));
    expect(result.feed.items).toEqual([]);
    expect(result.warnings).toContainEqual({
      code: 'NativeFeedPassedThrough',
      message: `${FEED_URL} is already a feed (JSON Feed 1.1) with no entries yet: the feed is passed through empty until it publishes some`,
      path: 'channel.url',
    });
  });

  it('fails as for RSS when no item has anything to pass through', async () => {
    const error = await generate(jsonFeed([{ id: 'a' }, null, 7, { id: 'b', title: 12, url: false }])).catch((caught: unknown) => caught as FeedError);
    expect(error).toMatchObject({
      code: 'UnsupportedResponseContentType',
      message: `${FEED_URL} is a feed (JSON Feed 1.1), but none of its 4 entries has a title, link or text to pass through`,
    });
  });

  it('refuses a JSON Feed without an items array with the same code', async () => {
    const error = await generate({ version: 'https://jsonfeed.org/version/1', title: 'x', items: 'soon' }).catch((caught: unknown) => caught as FeedError);
    expect(error).toMatchObject({ code: 'UnsupportedResponseContentType', path: 'channel.url' });
  });
});

describe('an ordinary JSON API source is unaffected', () => {
  const posts = [
    { title: 'Alpha', url: '/posts/alpha', version: 'https://jsonfeed.org/version/1.1' },
    { title: 'Beta', url: '/posts/beta' },
  ];

  it.each([
    ['an array of posts', posts],
    ['an object with items and another version', { version: '3', items: posts }],
  ])('%s is read by its selectors', async (_name, data) => {
    const { feed, warnings, diagnostics } = await generate(data, 'application/json');
    expect(feed.items.map((item) => [item.title, item.url])).toEqual([
      ['Alpha', 'https://posts.example/posts/alpha'],
      ['Beta', 'https://posts.example/posts/beta'],
    ]);
    expect(warnings.map((warning) => warning.code)).not.toContain('NativeFeedPassedThrough');
    expect(diagnostics.nativeFeed).toBeUndefined();
  });
});

describe.skipIf(!feedparser.available)('a JSON Feed source rendered in every format passes checkFeed', () => {
  it.each(['rss', 'atom', 'json'] as const)('%s', async (format) => {
    const { feed } = await generate(
      jsonFeed([
        { id: 7, title: 'Numbered', url: 'https://posts.example/7', content_html: '<p>Seven</p>', authors: [{ name: 'A' }], tags: ['x'], attachments: [{ url: '/7.mp3', mime_type: 'audio/mpeg', size_in_bytes: 10 }] },
        { id: 'untitled', content_text: 'Just a note\nover two lines', date_published: '2024-06-01T08:00:00Z' },
      ]),
    );
    const document = engine.render(feed, format);
    const check = checkFeed(document);
    expect(check.ok, check.output).toBe(true);
    expect(check.output).toContain('2 items');
    if (format === 'json') expect((JSON.parse(document) as { items: { id: string }[] }).items.map((item) => item.id)).toEqual(['7', 'untitled']);
  });
});
