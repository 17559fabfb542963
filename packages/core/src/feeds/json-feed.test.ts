import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FeedSourceDocument, SourceDocument } from '../contracts/document.js';
import type { FeedError } from '../contracts/errors.js';
import type { FetchResult } from '../contracts/fetch.js';
import { MAX_JSON_DEPTH, toSourceDocument } from '../dom/parse.js';
import { looksLikeJsonFeed } from './json-feed.js';

const fixture = (name: string): string => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
const URL_11 = 'https://stars.example/notes/feed.json';

function source(body: string, contentType = 'application/feed+json', url = URL_11): FetchResult {
  return { url, status: 200, headers: { 'content-type': contentType }, body, contentType };
}

function feedOf(document: SourceDocument): FeedSourceDocument {
  if (document.kind !== 'feed') throw new Error(`expected a feed document, got ${document.kind}`);
  return document;
}

/** A JSON Feed 1.1 around `items` (any JSON value), read through the engine's own entry point. */
const jsonFeed = (items: unknown, extra: Record<string, unknown> = {}): FeedSourceDocument =>
  feedOf(toSourceDocument(source(JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: 'T', ...extra, items }))));

function refusal(result: FetchResult): FeedError {
  try {
    toSourceDocument(result);
  } catch (error) {
    return error as FeedError;
  }
  throw new Error('expected the source to be refused');
}

describe('JSON Feed 1.1', () => {
  const document = feedOf(toSourceDocument(source(fixture('json-feed-1.1.json'))));
  const [perseids, saturn, linked] = document.items;

  it('is a feed document with the channel the feed describes', () => {
    expect(document).toMatchObject({ kind: 'feed', format: 'json', version: '1.1', url: URL_11, duplicateEntries: 1 });
    expect(document.channel).toEqual({
      title: 'Night sky notes',
      description: 'What to look for after dark',
      language: 'en-AU',
      image: 'https://stars.example/img/icon-512.png',
      link: 'https://stars.example/notes/',
    });
  });

  it('reads every member of an item; authors, tags and attachments by type; the first of a repeated id kept', () => {
    expect(document.items).toHaveLength(3);
    expect(perseids).toEqual({
      title: 'Perseids peak this weekend',
      url: 'https://stars.example/notes/perseids',
      description: 'Up to 60 meteors an hour.',
      content: '<p>Look <em>north-east</em> after midnight. <a href="https://stars.example/maps/perseids.png">Map</a></p><img src="https://stars.example/notes/radiant.jpg" />',
      author: 'Ruth Okonkwo, Sam Lee',
      categories: ['meteors', 'August'],
      published_at: '2024-08-10T21:00:00+10:00',
      updated_at: '2024-08-11T09:15:00+10:00',
      image: 'https://stars.example/img/perseids.jpg',
      enclosure: { url: 'https://stars.example/audio/perseids.mp3', type: 'audio/mpeg', length: 2048000 },
      guid: 'https://stars.example/notes/perseids',
    });
  });

  it('turns content_text into escaped HTML with paragraphs, coerces a numeric id, takes banner_image and the feed authors', () => {
    expect(saturn).toEqual({
      url: 'https://stars.example/notes/saturn',
      content: '<p>Saturn at opposition tonight.</p><p>Best after 10 pm &amp; &lt;before&gt; dawn.</p>',
      author: 'Ruth Okonkwo',
      published_at: '2024-09-08T20:00:00Z',
      image: 'https://stars.example/img/saturn-banner.jpg',
      guid: '1042',
    });
  });

  it('uses external_url when the item has no url of its own', () => {
    expect(linked).toMatchObject({ url: 'https://space-agency.example/photos/2024-08', guid: 'linked-1' });
  });
});

describe('JSON Feed 1.0', () => {
  const document = feedOf(toSourceDocument(source(fixture('json-feed-1.0.json'), 'application/json', 'https://workshop.example/feed.json')));

  it('names version/1 "1.0" and reads author objects, the item\'s own first', () => {
    expect(document).toMatchObject({ format: 'json', version: '1.0', channel: { title: 'Workshop log', link: 'https://workshop.example/' } });
    expect(document.items.map((item) => item.author)).toEqual(['Ines Moreau', 'Karl Berg']);
    expect(document.items[1]).toMatchObject({ title: 'Dust extraction', content: 'Ducting done.', guid: 'log-11' });
  });

  it('prefers 1.1 authors over 1.0 author when a feed carries both', () => {
    const [item] = jsonFeed([{ id: 'a', title: 'x', author: { name: 'Old' }, authors: [{ name: 'New' }] }]).items;
    expect(item?.author).toBe('New');
  });
});

describe('recognising a JSON Feed', () => {
  const body = JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: 'T', items: [{ id: '1', title: 'x' }] });

  it.each([
    ['application/feed+json', body],
    ['application/json', body],
    ['', body],
    ['', `\n  ${body.replaceAll('/', '\\/')}`],
    ['application/json', body.replace('https://jsonfeed.org/version/1.1', 'http://jsonfeed.org/version/1')],
  ])('typed %j: a feed', (contentType, text) => {
    expect(toSourceDocument(source(text, contentType)).kind).toBe('feed');
  });

  it.each([
    ['an API response with items', { items: [{ id: 1, title: 'x' }] }],
    ['another version', { version: '2.3', items: [{ title: 'x' }] }],
    ['a version that is not a string', { version: 1.1, items: [] }],
    ['a version URL elsewhere', { version: 'https://example.com/jsonfeed.org/version/1', items: [] }],
    ['an array', [{ version: 'https://jsonfeed.org/version/1.1', items: [] }]],
  ])('%s stays JSON for selectors', (_name, data) => {
    expect(toSourceDocument(source(JSON.stringify(data), 'application/json'))).toMatchObject({ kind: 'json', data });
  });

  it('reads an untyped body as before unless it is a JSON Feed', () => {
    expect(toSourceDocument(source('<p>{"version":"https://jsonfeed.org/version/1.1"}</p>', '')).kind).toBe('html');
    expect(toSourceDocument(source('{"items":[]}', '')).kind).toBe('html');
    expect(looksLikeJsonFeed('{"title":"x","version": "https://jsonfeed.org/version/1.1","items":[]}')).toBe(true);
    expect(looksLikeJsonFeed('[{"version":"https://jsonfeed.org/version/1.1"}]')).toBe(false);
  });
});

describe('hostile and broken JSON Feeds', () => {
  it.each([
    ['no items', {}, 'has no items'],
    ['items as an object', { items: { 0: { id: 'a' } } }, 'has items of type object, not an array'],
    ['items null', { items: null }, 'has items of type null, not an array'],
    ['items as a string', { items: 'none' }, 'has items of type string, not an array'],
  ])('refuses %s, naming the URL and what it found', (_name, extra, found) => {
    const error = refusal(source(JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: 'T', ...extra })));
    expect(error.code).toBe('UnsupportedResponseContentType');
    expect(error.message).toBe(`${URL_11} declares itself a JSON Feed (https://jsonfeed.org/version/1.1) but ${found}: pagefeed cannot read its entries`);
    expect(error.hint).toContain('"items" array');
  });

  it('skips members of the wrong type instead of failing', () => {
    const document = jsonFeed(
      [
        { id: { nested: true }, title: 42, url: ['https://x.example/'], content_html: 7, content_text: 'kept', summary: null, tags: 'not-a-list', authors: 'nobody', image: {}, attachments: [null, { url: 5 }, { url: '/a.mp3', size_in_bytes: '10', mime_type: 3 }], date_published: 20240101 },
        null,
        5,
        'text',
        [],
      ],
      { title: 9, description: ['x'], home_page_url: false, icon: 1, language: {} },
    );
    expect(document.channel).toEqual({});
    expect(document.items).toEqual([{ content: 'kept', enclosure: { url: 'https://stars.example/a.mp3' } }, {}, {}, {}, {}]);
  });

  it('reads only an item\'s own members, never inherited ones or a "__proto__" key', () => {
    const body = '{"version":"https://jsonfeed.org/version/1.1","items":[{"__proto__":{"title":"from prototype","url":"https://evil.example/"},"toString":"x","constructor":"y"}]}';
    const document = feedOf(toSourceDocument(source(body)));
    expect(document.items).toEqual([{}]);
    expect(({} as { title?: unknown }).title).toBeUndefined();
  });

  it('keeps an item without an id (no GUID from the feed: the normaliser derives one)', () => {
    const [item] = jsonFeed([{ url: '/no-id', title: 'No id' }]).items;
    expect(item).toEqual({ url: 'https://stars.example/no-id', title: 'No id' });
  });

  it('refuses a JSON Feed nested beyond MAX_JSON_DEPTH before parsing it', () => {
    const deep = `{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1","_x":${'['.repeat(MAX_JSON_DEPTH + 10)}${']'.repeat(MAX_JSON_DEPTH + 10)}}]}`;
    for (const contentType of ['application/feed+json', '']) {
      expect(refusal(source(deep, contentType))).toMatchObject({ code: 'InputInvalid', message: expect.stringContaining(`more than ${MAX_JSON_DEPTH} levels`) });
    }
  });

  it('refuses a JSON Feed that does not parse as the JSON source it claims to be', () => {
    expect(refusal(source('{"version":"https://jsonfeed.org/version/1.1","items":[', ''))).toMatchObject({ code: 'InputInvalid', message: expect.stringContaining('does not parse') });
  });

  it('passes huge strings through whole (the fetchers\' body limit bounds them)', () => {
    const text = 'star '.repeat(200_000);
    const [item] = jsonFeed([{ id: 'big', content_text: text, title: 't'.repeat(100_000) }]).items;
    expect(item?.content).toBe(text.trim());
    expect(item?.title).toHaveLength(100_000);
  });
});
