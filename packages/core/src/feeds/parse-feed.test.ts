import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FeedSourceDocument } from '../contracts/document.js';
import type { FeedError } from '../contracts/errors.js';
import type { FetchResult } from '../contracts/fetch.js';
import { toSourceDocument } from '../dom/parse.js';
import { hasFeedRoot, isNativeFeed } from './detect.js';
import { parseFeedSource } from './parse-feed.js';

const fixture = (name: string): string => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

function source(body: string, contentType = 'application/rss+xml', url = 'https://feeds.example/feed.xml'): FetchResult {
  return { url, status: 200, headers: { 'content-type': contentType }, body, contentType };
}

function parseError(result: FetchResult): FeedError {
  try {
    parseFeedSource(result);
  } catch (error) {
    return error as FeedError;
  }
  throw new Error('expected the feed to be refused');
}

describe('isNativeFeed', () => {
  it.each([
    ['application/rss+xml', '', true],
    ['application/atom+xml', '', true],
    ['application/rdf+xml', '', true],
    ['text/xml', '<?xml version="1.0"?>\n<rss version="2.0"><channel/></rss>', true],
    ['application/xml', '\uFEFF<?xml version="1.0"?><?xml-stylesheet href="a.xsl"?><!-- c --><feed xmlns="http://www.w3.org/2005/Atom">', true],
    ['text/xml', '<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">\n<rss version="0.91">', true],
    ['text/xml', '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><rss version="2.0">', true],
    ['application/xml', '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">', true],
    ['application/xml', '<?xml version="1.0"?><sitemapindex></sitemapindex>', false],
    ['text/xml', '<note><rss>inside</rss></note>', false],
    ['application/xhtml+xml', '<rss>', false],
    ['text/html', '<rss version="2.0">', false],
    ['application/json', '{}', false],
    ['application/feed+json', '{"version":"https://jsonfeed.org/version/1.1"}', false],
    ['text/plain', '<rss version="2.0">', false],
  ])('%s with %j → %s', (type, body, expected) => {
    expect(isNativeFeed(type, body)).toBe(expected);
  });

  it('looks for the root only near the start', () => {
    expect(hasFeedRoot(`<!--${' '.repeat(10_000)}--><rss>`)).toBe(false);
  });
});

describe('parseFeedSource: RSS 2.0', () => {
  const document = parseFeedSource(source(fixture('rss2.xml'), 'application/rss+xml', 'https://harbour.example/news/feed.xml'));

  it('reads the format and the channel', () => {
    expect(document).toMatchObject({ kind: 'feed', format: 'rss', version: '2.0', url: 'https://harbour.example/news/feed.xml' });
    expect(document.channel).toEqual({
      title: 'Harbour Town Council & News',
      description: 'Decisions, notices and events from the council',
      language: 'en-gb',
      image: 'https://harbour.example/images/crest.png',
      link: 'https://harbour.example/news/',
    });
  });

  it('reads each entry, dropping one that repeats an earlier GUID', () => {
    expect(document.items).toHaveLength(3);
    expect(document.duplicateEntries).toBe(1);
    const [ferry, budget, beach] = document.items;
    expect(ferry).toMatchObject({
      title: 'Ferry timetable changes for winter',
      url: 'https://harbour.example/news/2024/ferry-winter?utm_source=rss',
      author: 'Mira Jansen',
      categories: ['Transport', 'Ferry'],
      published_at: 'Tue, 05 Nov 2024 09:30:00 +0000',
      guid: 'harbour-news-1042',
      enclosure: { url: 'https://harbour.example/media/ferry-briefing.mp3', type: 'audio/mpeg', length: 1234567 },
      image: 'https://harbour.example/images/ferry-thumb.jpg',
    });
    expect(budget).toMatchObject({
      title: 'Budget 2025: have your say',
      url: 'https://harbour.example/news/2024/budget-consultation',
      author: 'Tom Okafor',
      categories: ['Finance'],
      published_at: '2024-10-28T16:00:00+01:00',
    });
    // No <link>: the permalink GUID is the address.
    expect(beach).toMatchObject({ url: 'https://harbour.example/news/2024/beach-clean-up', published_at: 'Mon, 21 Oct 2024 08:00:00 GMT' });
  });

  it('sanitises CDATA and entity-escaped HTML and makes its URLs absolute', () => {
    const [ferry, budget, beach] = document.items;
    expect(ferry?.description).toBe('<p>From <strong>1 November</strong> the ferry runs every <em>40 minutes</em>. <a href="https://harbour.example/ferry/timetable.pdf">Timetable</a></p>');
    expect(ferry?.content).toBe('<p>Full timetable below.</p><img src="https://harbour.example/news/images/ferry.jpg" alt="The ferry" /><p>Tickets <a>here</a>.</p>');
    expect(budget?.description).toContain('<a href="https://harbour.example/news/budget/summary">summary</a>');
    expect(beach?.description).toBe('<p>Meet at the lifeboat station at 10:00.<br />Bring gloves.</p>');
    for (const item of document.items) expect(`${item.description ?? ''}${item.content ?? ''}`).not.toMatch(/script|alert|onerror|onclick|onload|javascript:/i);
  });
});

describe('parseFeedSource: RSS 0.91', () => {
  it('reads an old feed with its doctype and an undeclared content: prefix', () => {
    const body = `<?xml version="1.0" encoding="ISO-8859-1"?>
<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">
<rss version="0.91"><channel><title>Old news</title><link>https://old.example/</link><description>d</description><language>en-us</language>
<item><title>Caf&#233; opens</title><link>https://old.example/cafe</link><description>Coffee &amp;amp; cake&#8230;</description><content:encoded>&lt;p&gt;Full&lt;/p&gt;</content:encoded></item>
</channel></rss>`;
    const document = parseFeedSource(source(body, 'text/xml', 'https://old.example/rss.xml'));
    expect(document).toMatchObject({ format: 'rss', version: '0.91', channel: { title: 'Old news', language: 'en-us' } });
    expect(document.items).toEqual([{ title: 'Café opens', url: 'https://old.example/cafe', description: 'Coffee &amp; cake…', content: '<p>Full</p>' }]);
  });
});

describe('parseFeedSource: RSS 1.0 (RDF)', () => {
  const document = parseFeedSource(source(fixture('rss1.rdf'), 'application/rdf+xml', 'https://lab.example/journal/index.rdf'));

  it('reads the channel and the items beside it', () => {
    expect(document).toMatchObject({ format: 'rdf', version: '1.0' });
    expect(document.channel).toMatchObject({ title: 'Lab Journal', language: 'de', image: 'https://lab.example/logo.png' });
    expect(document.items.map((item) => item.title)).toEqual(['New centrifuge calibrated', 'PCR protocol, second revision']);
    expect(document.items[0]).toMatchObject({
      url: 'https://lab.example/journal/centrifuge',
      guid: 'https://lab.example/journal/centrifuge',
      author: 'Dr. Ada Weiss',
      categories: ['Equipment'],
      published_at: '2024-09-12T14:05:00Z',
      description: 'Calibration &amp; first runs went well.',
      content: '<p>We ran <code>12</code> samples.</p>',
    });
  });
});

describe('parseFeedSource: Atom 1.0', () => {
  const document = parseFeedSource(source(fixture('atom.xml'), 'application/atom+xml', 'https://dev.example/blog/atom.xml'));
  const [release, migration, advisory] = document.items as FeedSourceDocument['items'];

  it('reads the channel, resolving against xml:base', () => {
    expect(document).toMatchObject({ format: 'atom', version: '1.0', url: 'https://dev.example/blog/' });
    expect(document.channel).toEqual({
      title: 'Dev notes',
      description: 'Releases & changelogs',
      language: 'fr',
      image: 'https://dev.example/assets/logo.svg',
      link: 'https://dev.example/blog/',
    });
  });

  it('reads links by rel, typed text, authors, categories, dates, ids and enclosures', () => {
    expect(release).toMatchObject({
      title: 'Release 3.2 (stable)',
      url: 'https://dev.example/blog/releases/3.2',
      author: 'Lena Brandt',
      categories: ['Release', 'stable'],
      published_at: '2024-11-02T09:00:00+02:00',
      updated_at: '2024-11-02T10:00:00Z',
      guid: 'tag:dev.example,2024:release-3.2',
      enclosure: { url: 'https://dev.example/downloads/tool-3.2.tar.gz', type: 'application/gzip', length: 20480 },
      image: 'https://dev.example/blog/img/3.2.png',
      description: 'Faster builds &amp; a new config loader.',
    });
    expect(release?.content).toBe('<p>See the <a href="https://dev.example/blog/changelog">changelog</a>.</p><a href="https://dev.example/blog/#">vote</a>');
    // An entry's own xml:base, inline XHTML content, and the feed's author inherited.
    expect(migration).toMatchObject({ url: 'https://dev.example/docs/migrate', author: 'Dev Team', guid: 'urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a' });
    expect(migration?.content).toBe('<p>Read <a href="https://dev.example/docs/steps/one">step one</a> first &amp; then <b>step two</b>.</p><img src="https://dev.example/docs/diagram.png" />');
    expect(advisory?.description).toBe('<p>Update now. <a>Details</a></p>');
  });
});

describe('parseFeedSource: hostile and broken feeds', () => {
  it('never reads external entities (XXE) nor expands declared ones', () => {
    const body = `<?xml version="1.0"?>
<!DOCTYPE rss [
  <!ENTITY xxe SYSTEM "file:///etc/passwd">
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<rss version="2.0"><channel><title>&xxe;</title>
<item><title>Secret: &xxe;</title><link>https://evil.example/1</link><description>&xxe; &lol3;</description></item>
</channel></rss>`;
    const document = toSourceDocument(source(body, 'text/xml'));
    const text = JSON.stringify(document.kind === 'feed' ? { channel: document.channel, items: document.items } : document);
    expect(document.kind).toBe('feed');
    expect(readFileSync('/etc/passwd', 'utf8')).toContain('root:');
    expect(text).not.toContain('root:');
    expect(text).not.toContain('lollol');
    expect(document.kind === 'feed' ? document.items[0]?.title : undefined).toBe('Secret: &xxe;');
  });

  it('refuses a body served as a feed that is not one, naming the URL and the root found', () => {
    const error = parseError(source('<!doctype html><html><body>Not found</body></html>'));
    expect(error.code).toBe('UnsupportedResponseContentType');
    expect(error.message).toContain('https://feeds.example/feed.xml was served as application/rss+xml, but it is not an RSS or Atom feed');
    expect(error.message).toContain('<html>');
    expect(error.hint).toContain('channel.url');
  });

  it.each([
    ['an empty body', ''],
    ['text without markup', 'this is not XML at all'],
  ])('refuses %s', (_name, body) => {
    const error = parseError(source(body));
    expect(error.code).toBe('UnsupportedResponseContentType');
    expect(error.message).toContain('holds no XML element');
  });

  it('reads a feed with no entries as an empty feed (its channel kept)', () => {
    const document = parseFeedSource(source('<rss version="2.0"><channel><title>Quiet</title></channel></rss>'));
    expect(document.items).toEqual([]);
    expect(document.channel.title).toBe('Quiet');
  });

  it('reads what a truncated feed holds up to the cut', () => {
    const document = parseFeedSource(source('<rss version="2.0"><channel><item><title>One</title><link>https://a.example/1</link></item><item><title>Tw'));
    expect(document.items.map((item) => item.title)).toEqual(['One', 'Tw']);
  });

  it('refuses feeds nested beyond the depth limit quickly', () => {
    const error = parseError(source(`<rss version="2.0"><channel><item><description>${'<x>'.repeat(50_000)}</description></item></channel></rss>`));
    expect(error.code).toBe('InputInvalid');
    expect(error.message).toContain('levels deep');
  });
});
