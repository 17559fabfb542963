import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SelectorsConfig } from '../contracts/config.js';
import { FeedError } from '../contracts/errors.js';
import { parseHtmlSource } from '../dom/parse.js';
import { extractItems } from './extract-items.js';

const page = parseHtmlSource(readFileSync(new URL('./__fixtures__/news-list.html', import.meta.url), 'utf8'), 'https://news.example/blog/');
const now = new Date('2024-06-15T12:00:00Z');
const options = { baseUrl: page.url, timeZone: 'Europe/Berlin', now };

function config(parts: SelectorsConfig['parts'], extra: Partial<SelectorsConfig> = {}): SelectorsConfig {
  return { items: { selector: 'article.post' }, parts, ...extra };
}

describe('extractItems on a hand-written page', () => {
  it('extracts every item part, relative to each item', () => {
    const { drafts, warnings } = extractItems(
      page,
      config(
        {
          title: { selector: 'h2' },
          link: { selector: 'h2 a', extractor: 'href' },
          author: { selector: '.author' },
          published_at: { selector: 'time', extractor: 'attribute', attribute: 'datetime', post_process: [{ name: 'parse_time', options: {} }] },
          description: { selector: '.body', extractor: 'html', post_process: [{ name: 'sanitize_html', options: {} }] },
          image: { selector: 'img.cover', extractor: 'attribute', attribute: 'data-src' },
          tag: { selector: '.tags li:first' },
          id: { extractor: 'attribute', attribute: 'data-id' },
        },
        { categories: ['tag'], guid: ['id'], enclosure: { selector: 'a.download', extractor: 'href' } },
      ),
      options,
    );
    expect(drafts).toHaveLength(3);
    expect(drafts[0]).toEqual({
      title: 'First post',
      url: 'https://news.example/posts/first-post',
      author: 'Ada Lovelace',
      published_at: new Date('2024-03-05T09:00:00Z'),
      description: '<div><p>Hello <b>world</b>.</p></div>',
      image: 'https://news.example/img/first.jpg',
      id: 'p-1',
      categories: ['Science'],
      guid: 'p-1',
      enclosure: { url: 'https://news.example/files/first.mp3', type: 'audio/mpeg' },
    });
    expect(drafts[1]).toMatchObject({ title: 'Second post', url: 'https://other.example/second', categories: ['Computing'] });
    expect(drafts[2]?.url).toBeUndefined();
    expect(warnings).toContainEqual(expect.objectContaining({ code: 'UrlInvalid', path: 'selectors.link', item: 2 }));
  });

  it.each([
    ['text', { selector: 'h2' }, 'First post'],
    ['text of all matches', { selector: '.tags li' }, 'Science History'],
    ['text skips scripts', { selector: '.body' }, 'Hello world.'],
    ['html (outer)', { selector: '.tags', extractor: 'html' }, '<ul class="tags"><li>Science</li><li>History</li></ul>'],
    ['href on the link', { selector: 'h2 a', extractor: 'href' }, 'https://news.example/posts/first-post'],
    ['href finds the link inside', { selector: 'h2', extractor: 'href' }, 'https://news.example/posts/first-post'],
    ['attribute', { selector: 'time', extractor: 'attribute', attribute: 'datetime' }, '2024-03-05T10:00:00+01:00'],
    ['attribute of the item itself', { extractor: 'attribute', attribute: 'data-id' }, 'p-1'],
    ['static', { extractor: 'static', static: 'Beispiel' }, 'Beispiel'],
    ['static without extractor', { static: 'Beispiel' }, 'Beispiel'],
    ['selector :last', { selector: '.tags li:last' }, 'History'],
    ['selector :eq(1)', { selector: '.tags li:eq(1)' }, 'History'],
  ] as const)('extractor: %s', (_label, part, expected) => {
    const { drafts } = extractItems(page, config({ title: part }), options);
    expect(drafts[0]?.title).toBe(expected);
  });

  it('reverses the order with order: reverse', () => {
    const { drafts } = extractItems(page, { items: { selector: 'article.post', order: 'reverse' }, parts: { title: { selector: 'h2' } } }, options);
    expect(drafts.map((draft) => draft.title)).toEqual(['Third post', 'Second post', 'First post']);
  });

  it('parses dates without a parse_time step in the channel zone, warning once for unreadable ones', () => {
    const { drafts, warnings } = extractItems(page, config({ title: { selector: 'h2' }, published_at: { selector: 'time' } }), options);
    expect(drafts.map((draft) => draft.published_at)).toEqual([new Date('2024-03-05T09:00:00Z'), new Date('2024-06-14T12:30:00Z'), undefined]);
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'DateUnparseable', path: 'selectors.published_at', item: 2, message: expect.stringContaining('"sometime soon"') as unknown }),
    ]);
  });

  it('builds values with templates from helper parts', () => {
    const { drafts, warnings } = extractItems(
      page,
      config({
        title: { selector: 'h2', post_process: [{ name: 'template', options: { string: '%{self} (%{writer})' } }] },
        writer: { selector: '.author' },
        url: { post_process: [{ name: 'template', options: { string: 'https://search.example/?q=%{id}' } }] },
        id: { extractor: 'attribute', attribute: 'data-id' },
      }),
      options,
    );
    expect(drafts.map((draft) => [draft.title, draft.url])).toEqual([
      ['First post (Ada Lovelace)', 'https://search.example/?q=p-1'],
      ['Second post (Grace Hopper)', 'https://search.example/?q=p-2'],
      ['Third post ()', 'https://search.example/?q=p-3'],
    ]);
    expect(warnings).toEqual([]);
  });

  it('drops a value whose template names a missing part, with one warning naming part and step path', () => {
    const { drafts, warnings } = extractItems(
      page,
      config({ title: { selector: 'h2', post_process: [{ name: 'gsub', options: { pattern: 'x' } }, { name: 'template', options: { string: '%{self} by %{autor}' } }] } }),
      { ...options, path: 'feeds.news.selectors' },
    );
    expect(drafts).toHaveLength(0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: 'TemplatePartMissing', path: 'feeds.news.selectors.title.post_process[1]', item: 0 });
    expect(warnings[0]?.message).toMatch(/part "autor", which is not configured.*\(and 2 more items\)/);
  });

  it('reports template cycles instead of recursing', () => {
    const { warnings } = extractItems(
      page,
      config({
        title: { selector: 'h2', post_process: [{ name: 'template', options: { string: '%{a}' } }] },
        a: { selector: 'h2', post_process: [{ name: 'template', options: { string: '%{title}' } }] },
      }),
      options,
    );
    expect(warnings.map((warning) => warning.code)).toContain('TemplateCycle');
  });

  it('warns when the items selector matches nothing, naming the causes', () => {
    const { drafts, warnings } = extractItems(page, { items: { selector: '.story' }, parts: { title: { selector: 'h2' } } }, options);
    expect(drafts).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: 'NoItemsMatched', path: 'selectors.items.selector' });
    for (const cause of ["wrong or unreachable 'url'", "'items.selector' matching nothing", 'changed page structure', "JavaScript-loaded content under strategy 'plain'", 'authentication headers']) {
      expect(warnings[0]?.message).toContain(cause);
    }
  });

  it('warns when a part is empty on every item, naming the part and the causes', () => {
    const { drafts, warnings } = extractItems(page, config({ title: { selector: 'h2' }, author: { selector: '.byline' } }), options);
    expect(drafts).toHaveLength(3);
    expect(warnings).toEqual([expect.objectContaining({ code: 'PartEmpty', path: 'selectors.author' })]);
    expect(warnings[0]?.message).toContain('Part "author" is empty on all 3 items');
    expect(warnings[0]?.message).toContain("selector wrong or not relative to 'items.selector'; wrong 'extractor'; dynamic content under strategy 'plain'");
  });

  it.each([
    [{ items: { selector: 'article[' }, parts: {} }, 'selectors.items.selector', /Invalid CSS selector at selectors\.items\.selector/],
    [config({ title: { selector: 'h2:nope' } }), 'selectors.title.selector', /Invalid CSS selector/],
    [config({ title: { selector: 'h2', extractor: 'inner' as 'text' } }), 'selectors.title.extractor', /Unknown extractor "inner".*/],
    [config({ title: { selector: 'h2', extractor: 'attribute' } }), 'selectors.title.attribute', /needs an "attribute"/],
    [config({ title: { selector: 'h2', post_process: [{ name: 'substring', options: { start: 'x' } }] } }), 'selectors.title.post_process[0].start', /substring/],
    [config({ title: { selector: 'h2' } }, { categories: ['tags'] }), 'selectors.categories[0]', /"tags" is not a configured part/],
  ] as const)('configuration mistake %# throws ConfigurationInvalid at %s', (selectors, path, message) => {
    let error: unknown;
    try {
      extractItems(page, selectors, options);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FeedError);
    expect((error as FeedError).code).toBe('ConfigurationInvalid');
    expect((error as FeedError).path).toBe(path);
    expect((error as FeedError).message).toMatch(message);
  });

  it('rejects an unknown channel time zone', () => {
    expect(() => extractItems(page, config({ title: { selector: 'h2' } }), { ...options, timeZone: 'Berlin' })).toThrow(/Unknown time zone "Berlin" at channel\.time_zone/);
  });
});
