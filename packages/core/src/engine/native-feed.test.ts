import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkFeed } from '../../../../testing/check-feed.js';
import { PYTHON_PATH, requireFeedparser } from '../../../../testing/system.js';
import type { FeedError } from '../contracts/errors.js';
import type { FeedFormat } from '../contracts/item.js';
import { toSourceDocument } from '../dom/parse.js';
import { extractItems } from '../extract/index.js';
import { atomId } from '../render/atom.js';
import { createEngine } from './create-engine.js';
import { fakeAutoSource, fakeStrategy, feedConfig, htmlResult } from './test-support/helpers.js';

const feedparser = requireFeedparser();
const fixture = (name: string): string => readFileSync(new URL(`../feeds/__fixtures__/${name}`, import.meta.url), 'utf8');

const SELECTORS = { items: { selector: 'article' }, parts: { title: { selector: 'h2' } } };

const SOURCES = [
  { name: 'RSS 2.0', file: 'rss2.xml', type: 'application/rss+xml', url: 'https://harbour.example/news/feed.xml', items: 3, duplicates: 1 },
  { name: 'RSS 1.0/RDF', file: 'rss1.rdf', type: 'application/rdf+xml', url: 'https://lab.example/journal/index.rdf', items: 2, duplicates: 0 },
  { name: 'Atom 1.0', file: 'atom.xml', type: 'text/xml', url: 'https://dev.example/blog/atom.xml', items: 3, duplicates: 0 },
  { name: 'Atom 0.3', file: 'atom03.xml', type: 'application/atom+xml', url: 'https://garden.example/diary/atom.xml', items: 4, duplicates: 0 },
  { name: 'JSON Feed 1.1', file: 'json-feed-1.1.json', type: 'application/feed+json', url: 'https://stars.example/notes/feed.json', items: 3, duplicates: 1 },
  { name: 'JSON Feed 1.0', file: 'json-feed-1.0.json', type: 'application/json', url: 'https://workshop.example/feed.json', items: 2, duplicates: 0 },
] as const;

type Source = (typeof SOURCES)[number];

/** An engine whose strategy and auto-source must never be asked: the source is given. */
function engineFor() {
  const plain = fakeStrategy('plain', () => {
    throw new Error('the strategy must not be asked');
  });
  const autoSource = fakeAutoSource(() => {
    throw new Error('auto-source must not run on a native feed');
  });
  return { engine: createEngine({ strategies: { plain }, autoSource }), autoSource };
}

function generate(source: Source, config = feedConfig({ channel: { url: source.url }, selectors: SELECTORS, auto_source: { enabled: true } })) {
  const { engine, autoSource } = engineFor();
  const result = engine.generate(config, { source: htmlResult(fixture(source.file), source.url, source.type) });
  return { engine, autoSource, result };
}

/**
 * Entries as feedparser (a real reader) sees them: text titles, links, ids; first of each id.
 * feedparser 6.0 does not read JSON Feed: a JSON source is read by Python's own JSON module, by
 * the spec (`url`, else `external_url`; ids as strings).
 */
function readerEntries(document: string, url: string): { title: string; link: string; id: string }[] {
  const script = [
    'import json, re, sys, urllib.parse, feedparser',
    "text = lambda value: re.sub(r'\\s+', ' ', re.sub(r'<[^>]+>', '', value or '')).strip()",
    'data = sys.stdin.buffer.read()',
    'if data.lstrip().startswith(b"{"):',
    "    items = json.loads(data)['items']",
    "    link = lambda i: urllib.parse.urljoin(sys.argv[1], i.get('url') or i.get('external_url') or '')",
    "    print(json.dumps([{'title': text(i.get('title')), 'link': link(i), 'id': str(i.get('id', ''))} for i in items]))",
    'else:',
    // As fetched from its URL: relative links resolve against it.
    '    parsed = feedparser.parse(data, response_headers={"content-location": sys.argv[1]})',
    "    print(json.dumps([{'title': text(e.get('title')), 'link': e.get('link', ''), 'id': e.get('id', '')} for e in parsed.entries]))",
  ].join('\n');
  const run = spawnSync(PYTHON_PATH, ['-c', script, url], { input: document, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  const entries = JSON.parse(run.stdout) as { title: string; link: string; id: string }[];
  const seen = new Set<string>();
  return entries.filter((entry) => !seen.has(entry.id) && seen.add(entry.id));
}

describe('engine.generate with a native feed as source', () => {
  it.each(SOURCES)('passes the $name entries through, without running selectors or auto-source', async (source) => {
    const { autoSource, result } = generate(source);
    const generated = await result;
    expect(autoSource.calls).toBe(0);
    expect(generated.feed.items).toHaveLength(source.items);
    expect(generated.warnings[0]).toEqual({
      code: 'NativeFeedPassedThrough',
      message: `${source.url} is already a feed (${source.name}): its ${source.items} items are passed through${source.duplicates === 1 ? ' (1 entry repeating an earlier GUID left out)' : ''}; selectors and auto_source are not applied to it`,
      path: 'channel.url',
    });
    expect(generated.diagnostics).toMatchObject({ contentType: source.type, itemCounts: { selectors: 0, autoSource: 0, total: source.items } });
  });

  it('normalises the items: dates, kept GUIDs, absolute URLs, sanitised HTML', async () => {
    const { result } = generate(SOURCES[0]);
    const [ferry, budget, beach] = (await result).feed.items;
    expect(ferry).toMatchObject({ guid: 'harbour-news-1042', guidIsPermalink: false, published_at: new Date('2024-11-05T09:30:00Z'), author: 'Mira Jansen' });
    expect(ferry?.content).not.toMatch(/onerror|onclick|javascript:/);
    expect(budget).toMatchObject({ guid: 'https://harbour.example/news/2024/budget-consultation', guidIsPermalink: true, published_at: new Date('2024-10-28T15:00:00Z') });
    expect(beach?.published_at).toEqual(new Date('2024-10-21T08:00:00Z'));
    const atom = (await generate(SOURCES[2]).result).feed.items;
    expect(atom.map((item) => item.guid)).toEqual(['tag:dev.example,2024:release-3.2', 'urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a', 'tag:dev.example,2024:advisory-1']);
    expect(atom[0]).toMatchObject({ published_at: new Date('2024-11-02T07:00:00Z'), updated_at: new Date('2024-11-02T10:00:00Z') });
  });

  it('takes missing channel fields from the source feed; the configuration wins and channel.url stays its own', async () => {
    const bare = await generate(SOURCES[0], feedConfig({ channel: { url: SOURCES[0].url }, selectors: SELECTORS })).result;
    expect(bare.feed.channel).toMatchObject({
      url: SOURCES[0].url,
      title: 'Harbour Town Council & News',
      description: 'Decisions, notices and events from the council',
      language: 'en-gb',
      image: 'https://harbour.example/images/crest.png',
    });
    const configured = await generate(
      SOURCES[2],
      feedConfig({ channel: { url: 'https://dev.example/blog/atom.xml', title: 'Mine', description: 'My words', language: 'en', image: 'https://mine.example/i.png' }, auto_source: { enabled: true } }),
    ).result;
    expect(configured.feed.channel).toMatchObject({ url: 'https://dev.example/blog/atom.xml', title: 'Mine', description: 'My words', language: 'en', image: 'https://mine.example/i.png' });
    expect(configured.warnings[0]?.message).toMatch(/; auto_source is not applied to it$/);
  });

  it.each([
    [SOURCES[0], 'https://harbour.example/news/'],
    [SOURCES[2], 'https://dev.example/blog/'],
    [SOURCES[4], 'https://stars.example/notes/'],
  ])('links the channel to the site %s names, in every format; ids stay the configuration’s', async (source, site) => {
    const { engine, result } = generate(source);
    const { feed } = await result;
    expect(feed.channel).toMatchObject({ url: source.url, site_url: site });
    expect(engine.render(feed, 'rss')).toContain(`<link>${site}</link>`);
    const atom = engine.render(feed, 'atom');
    expect(atom).toContain(`<link rel="alternate" type="text/html" href="${site}"/>`);
    expect(atom).toContain(`<id>${source.url}</id>`);
    expect(JSON.parse(engine.render(feed, 'json'))).toMatchObject({ home_page_url: site });
  });

  it('keeps the source URL as the channel link when the feed names no web site', async () => {
    const withoutLink = fixture('rss2.xml').replace('<link>https://harbour.example/news/</link>', '<link>javascript:alert(1)</link>');
    const { engine } = engineFor();
    const { feed } = await engine.generate(feedConfig({ channel: { url: SOURCES[0].url }, selectors: SELECTORS }), { source: htmlResult(withoutLink, SOURCES[0].url, SOURCES[0].type) });
    expect(feed.channel.site_url).toBeUndefined();
    expect(engine.render(feed, 'rss')).toContain(`<link>${SOURCES[0].url}</link>`);
  });

  it('fetches a native feed through the strategy like any page', async () => {
    const plain = fakeStrategy('plain', (request) => htmlResult(fixture('atom.xml'), request.url, 'application/atom+xml'));
    const engine = createEngine({ strategies: { plain } });
    const result = await engine.generate(feedConfig({ channel: { url: 'https://dev.example/blog/atom.xml' }, selectors: SELECTORS }));
    expect(plain.calls).toHaveLength(1);
    expect(result.feed.items.map((item) => item.title)).toEqual(['Release 3.2 (stable)', 'Migration guide for 3.x', 'Security advisory']);
  });

  it('extractItems (the library path) does not apply selectors to a feed document, and says so', () => {
    const document = toSourceDocument(htmlResult(fixture('rss2.xml'), SOURCES[0].url, SOURCES[0].type));
    const result = extractItems(document, SELECTORS, { baseUrl: document.url });
    expect(result.drafts).toEqual([]);
    expect(result.warnings).toEqual([{ code: 'SelectorsNotApplied', message: `${SOURCES[0].url} is already a feed (RSS, Atom or JSON Feed): selectors are not applied to it (selectors); its entries are the items`, path: 'selectors' }]);
  });

  it('fails clearly when no entry has anything to pass through', async () => {
    const { engine } = engineFor();
    const body = '<rss version="2.0"><channel><title>t</title><item><guid>a</guid></item><item><guid>b</guid></item></channel></rss>';
    const error = await engine.generate(feedConfig({ selectors: SELECTORS }), { source: htmlResult(body, 'https://x.example/feed', 'application/rss+xml') }).catch((caught: unknown) => caught as FeedError);
    expect(error).toMatchObject({ code: 'UnsupportedResponseContentType', message: 'https://x.example/feed is a feed (RSS 2.0), but none of its 2 entries has a title, link or text to pass through' });
  });

  it('passes a feed with no entries yet through as an empty feed, and says so', async () => {
    const { engine } = engineFor();
    const body = '<rss version="2.0"><channel><title>Quiet blog</title><description>Nothing yet</description></channel></rss>';
    const result = await engine.generate(feedConfig({ selectors: SELECTORS }), { source: htmlResult(body, 'https://x.example/feed', 'application/rss+xml') });
    expect(result.feed.items).toEqual([]);
    expect(result.warnings).toContainEqual({
      code: 'NativeFeedPassedThrough',
      message: 'https://x.example/feed is already a feed (RSS 2.0) with no entries yet: the feed is passed through empty until it publishes some',
      path: 'channel.url',
    });
    expect(engine.render(result.feed, 'rss')).toContain('<channel>');
  });
});

describe.skipIf(!feedparser.available)('native feed pass-through through a real reader (feedparser)', () => {
  const FORMATS: FeedFormat[] = ['rss', 'atom', 'json'];

  it.each(SOURCES.flatMap((source) => FORMATS.map((format) => [source.name, format, source] as const)))('%s rendered as %s passes checkFeed', async (_name, format, source) => {
    const { engine, result } = generate(source);
    const check = checkFeed(engine.render((await result).feed, format));
    expect(check.output).not.toContain('problem');
    expect(check.ok, check.output).toBe(true);
  });

  it.each(SOURCES.flatMap((source) => (['rss', 'atom'] as const).map((format) => [source.name, format, source] as const)))(
    '%s → %s: the reader sees the same titles, links and ids as in the source',
    async (_name, format, source) => {
      const { engine, result } = generate(source);
      const before = readerEntries(fixture(source.file), source.url);
      const after = readerEntries(engine.render((await result).feed, format), source.url);
      expect(before).toHaveLength(source.items);
      // Atom ids must be IRIs: an opaque RSS guid ("harbour-news-1042") is written as a URN there.
      // An untitled entry (a JSON Feed microblog post) gets a title from its text, as scraped items do.
      const expected = before.map((entry, index) => ({ ...entry, id: format === 'atom' ? atomId(entry.id) : entry.id, title: entry.title || after[index]?.title }));
      expect(after).toEqual(expected);
      for (const entry of after) expect(entry.title).not.toBe('');
    },
  );
});
