import { parseDocument } from 'htmlparser2';
import { findAll } from 'domutils';
import { describe, expect, it } from 'vitest';
import type { ItemDraft } from '../contracts/item.js';
import { normalizeItems } from './normalize.js';

const BASE = 'https://example.com/news/index.html';

function normalize(drafts: ItemDraft[], timeZone?: string) {
  return normalizeItems(drafts, { baseUrl: BASE, ...(timeZone ? { timeZone } : {}) });
}

describe('normalizeItems: URLs and GUIDs', () => {
  const cases: [string, ItemDraft, { url?: string; guid: string; permalink: boolean }][] = [
    ['relative URL made absolute', { title: 'A', url: 'a.html' }, { url: 'https://example.com/news/a.html', guid: 'https://example.com/news/a.html', permalink: true }],
    ['root-relative URL', { title: 'A', url: '/x/y?id=3' }, { url: 'https://example.com/x/y?id=3', guid: 'https://example.com/x/y?id=3', permalink: true }],
    ['tracking parameters dropped from the GUID', { title: 'A', url: 'https://example.com/a?utm_source=x&id=1&fbclid=y&gclid=z&mc_cid=q&UTM_Medium=m' }, { url: 'https://example.com/a?utm_source=x&id=1&fbclid=y&gclid=z&mc_cid=q&UTM_Medium=m', guid: 'https://example.com/a?id=1', permalink: true }],
    ['fragment dropped from the GUID', { title: 'A', url: '/a#comments' }, { url: 'https://example.com/a#comments', guid: 'https://example.com/a', permalink: true }],
    ['host case and default port normalised', { title: 'A', url: 'HTTPS://Example.COM:443/a' }, { url: 'https://example.com/a', guid: 'https://example.com/a', permalink: true }],
  ];

  it.each(cases)('%s', (_name, draft, expected) => {
    const { items, warnings } = normalize([draft]);
    expect(warnings).toEqual([]);
    expect(items[0]?.url).toBe(expected.url);
    expect(items[0]?.guid).toBe(expected.guid);
    expect(items[0]?.guidIsPermalink).toBe(expected.permalink);
  });

  it.each([['javascript:alert(1)'], ['mailto:a@example.com'], ['ftp://example.com/f'], ['data:text/html,x']])('drops the non-web URL %s with a warning and keeps the item', (url) => {
    const { items, warnings } = normalize([{ title: 'T', url }]);
    expect(items).toHaveLength(1);
    expect(items[0]?.url).toBeUndefined();
    expect(warnings).toMatchObject([{ code: 'ItemUrlUnsupported', path: 'selectors.url', item: 0 }]);
    expect(warnings[0]?.message).toContain('not an http(s) URL');
  });

  it('gives items without URL a SHA-256 GUID of title and date, stable across runs', () => {
    const drafts: ItemDraft[] = [{ title: 'No link', published_at: '2024-03-05T10:00:00Z' }];
    const first = normalize(drafts).items[0];
    const second = normalize(structuredClone(drafts)).items[0];
    expect(first?.guid).toMatch(/^[0-9a-f]{64}$/);
    expect(first?.guid).toBe(second?.guid);
    expect(first?.guidIsPermalink).toBe(false);
    expect(normalize([{ title: 'No link', published_at: '2024-03-06T10:00:00Z' }]).items[0]?.guid).not.toBe(first?.guid);
  });

  it('keeps GUIDs unique when items are identical, the same way on every run', () => {
    const drafts: ItemDraft[] = [{ title: 'Same' }, { title: 'Same' }, { title: 'Same' }];
    const guids = normalize(drafts).items.map((item) => item.guid);
    expect(new Set(guids).size).toBe(3);
    expect(normalize(drafts).items.map((item) => item.guid)).toEqual(guids);
  });

  it('uses an explicit guid part, hashed, and a URL-shaped one as its canonical URL', () => {
    const { items } = normalize([{ title: 'A', url: '/a', guid: '42' }, { title: 'B', guid: 'https://example.com/b?utm_campaign=x' }]);
    expect(items[0]?.guid).toMatch(/^[0-9a-f]{64}$/);
    expect(items[0]?.guidIsPermalink).toBe(false);
    expect(items[1]).toMatchObject({ guid: 'https://example.com/b', guidIsPermalink: true });
  });
});

describe('normalizeItems: duplicates', () => {
  it('merges items with the same canonical URL: first wins, later copies fill gaps', () => {
    const { items } = normalize([
      { title: 'First', url: '/a?utm_source=feed', categories: ['x'] },
      { title: 'Other', url: '/b' },
      { title: 'Second', url: 'https://example.com/a#top', description: '<p>Filled</p>', published_at: '2024-01-01T00:00:00Z', categories: ['x', 'y'] },
    ]);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ title: 'First', url: 'https://example.com/a?utm_source=feed', description: '<p>Filled</p>', categories: ['x', 'y'] });
    expect(items[0]?.published_at?.toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(items[1]?.title).toBe('Other');
  });

  it('keeps entries of one page apart when their fragments differ (changelogs)', () => {
    const { items } = normalize([{ title: 'v2', url: '/changelog#v2' }, { title: 'v1', url: '/changelog#v1' }]);
    expect(items.map((item) => item.guid)).toEqual(['https://example.com/changelog#v2', 'https://example.com/changelog#v1']);
  });

  it('does not merge items whose only link is the source page; they get content GUIDs', () => {
    const { items } = normalize([{ title: 'One', url: BASE }, { title: 'Two', url: `${BASE}?utm_source=x` }]);
    expect(items).toHaveLength(2);
    expect(items.every((item) => /^[0-9a-f]{64}$/.test(item.guid))).toBe(true);
  });
});

describe('normalizeItems: text, dates and HTML', () => {
  it('trims titles onto one line', () => {
    expect(normalize([{ title: '  Multi\n\n  line\ttitle  ', url: '/a' }]).items[0]?.title).toBe('Multi line title');
  });

  it('derives a missing title from the description text, truncated', () => {
    const words = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ');
    const { items } = normalize([{ description: `<p><b>Hello</b> &amp; ${words}</p>` }]);
    expect(items[0]?.title?.startsWith('Hello & word0 word1')).toBe(true);
    expect(items[0]?.title?.endsWith('…')).toBe(true);
    expect(items[0]?.title?.length).toBeLessThanOrEqual(100);
  });

  it('drops an item without title, URL or description with a warning', () => {
    const { items, warnings } = normalize([{ title: '  ', author: 'x' }, { title: 'kept' }]);
    expect(items.map((item) => item.title)).toEqual(['kept']);
    expect(warnings).toMatchObject([{ code: 'ItemEmpty', item: 0 }]);
  });

  const dates: [string, ItemDraft['published_at'], string | undefined, string | undefined][] = [
    ['ISO with offset', '2024-03-05T10:30:00+02:00', undefined, '2024-03-05T08:30:00.000Z'],
    ['RFC 822', 'Tue, 05 Mar 2024 10:30:00 GMT', undefined, '2024-03-05T10:30:00.000Z'],
    ['wall time in the channel zone', '2024-03-05 10:30', 'Europe/Berlin', '2024-03-05T09:30:00.000Z'],
    ['Date object kept', new Date('2024-01-01T00:00:00Z'), undefined, '2024-01-01T00:00:00.000Z'],
    ['missing date stays missing', undefined, undefined, undefined],
  ];

  it.each(dates)('parses dates: %s', (_name, value, timeZone, expected) => {
    const { items, warnings } = normalize([{ title: 'T', published_at: value }], timeZone);
    expect(items[0]?.published_at?.toISOString()).toBe(expected);
    expect(warnings).toEqual([]);
  });

  it('does not give an unparseable date "now": it warns and leaves the date out', () => {
    const { items, warnings } = normalize([{ title: 'T', published_at: 'sometime soon-ish' }]);
    expect(items[0]?.published_at).toBeUndefined();
    expect(warnings).toMatchObject([{ code: 'DateUnparseable', path: 'selectors.published_at', item: 0 }]);
  });

  it('sanitises description and content, repairs lazy images and makes their URLs absolute', () => {
    const { items } = normalize([{
      title: 'T',
      description: '<p onclick="x()">Hi<script>alert(1)</script><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="../img/a.jpg"></p>',
      content: '<a href="javascript:alert(1)">bad</a><a href="rel/page">good</a>',
      image: '/cover.png',
    }]);
    const description = parseDocument(items[0]?.description ?? '');
    const images = findAll((node) => node.name === 'img', description.children);
    expect(images.map((image) => image.attribs['src'])).toEqual(['https://example.com/img/a.jpg']);
    expect(findAll((node) => node.name === 'script' || Object.keys(node.attribs).some((name) => name.startsWith('on')), description.children)).toEqual([]);
    expect(items[0]?.content).toBe('<a>bad</a><a href="https://example.com/news/rel/page">good</a>');
    expect(items[0]?.image).toBe('https://example.com/cover.png');
  });

  it('cleans categories and enclosures', () => {
    const { items, warnings } = normalize([
      { title: 'A', categories: [' News ', '', 'News', 'Tech\n'], enclosure: { url: 'ep.mp3', type: 'audio/mpeg', length: 10 } },
      { title: 'B', enclosure: { url: 'javascript:x' } },
    ]);
    expect(items[0]?.categories).toEqual(['News', 'Tech']);
    expect(items[0]?.enclosure).toEqual({ url: 'https://example.com/news/ep.mp3', type: 'audio/mpeg', length: 10 });
    expect(items[1]?.enclosure).toBeUndefined();
    expect(warnings).toMatchObject([{ code: 'ItemUrlUnsupported', path: 'selectors.enclosure', item: 1 }]);
  });
});

describe('normalizeItems: warning paths', () => {
  it('names configuration paths only for drafts that came from selectors', () => {
    const { warnings } = normalizeItems([{ title: 'A', url: 'javascript:x' }, { title: 'B', url: 'javascript:y' }], { baseUrl: BASE, selectorItems: 1 });
    expect(warnings.map((warning) => warning.path)).toEqual(['selectors.url', undefined]);
  });
});

describe('normalizeItems: plain-text descriptions', () => {
  it.each([
    ['keeps line breaks and paragraphs of plain text', 'First line\nsecond line\n\nNext < paragraph', '<p>First line<br />second line</p><p>Next &lt; paragraph</p>'],
    ['leaves one-line text alone', 'Just a line', 'Just a line'],
    ['leaves HTML to the sanitiser', '<p>Already\nHTML</p>', '<p>Already\nHTML</p>'],
  ])('%s', (_name, description, expected) => {
    expect(normalize([{ title: 'T', description }]).items[0]?.description).toBe(expected);
  });
});
