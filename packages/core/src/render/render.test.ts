import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseDocument } from 'htmlparser2';
import { findAll, getAttributeValue, textContent } from 'domutils';
import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { checkFeed } from '../../../../testing/check-feed.js';
import { PYTHON_PATH, requireFeedparser } from '../../../../testing/system.js';
import type { FeedFormat } from '../contracts/item.js';
import { FEED_CONTENT_TYPES, renderFeed } from './index.js';
import { cleanXmlText } from './xml-writer.js';
import { HOSTILE_FEED, SMALL_FEED, UNDATED_FEED } from './test-support/feeds.js';
import { outsideCharacterData } from './test-support/xml.js';

const feedparser = requireFeedparser();
const FORMATS: FeedFormat[] = ['rss', 'atom', 'json'];

function golden(format: FeedFormat): string {
  return readFileSync(new URL(`./__fixtures__/small.${format}`, import.meta.url), 'utf8');
}

/** Strict XML 1.0 parse (expat, through Python's minidom): fails on any well-formedness error. */
function strictXmlErrors(document: string): string {
  const script = 'import sys, xml.dom.minidom\nxml.dom.minidom.parseString(sys.stdin.buffer.read())';
  const result = spawnSync(PYTHON_PATH, ['-c', script], { input: document, encoding: 'utf8' });
  return result.status === 0 ? '' : result.stderr;
}

function xmlElements(document: string, name: string): Element[] {
  return findAll((node) => node.name === name, parseDocument(document, { xmlMode: true }).children);
}

describe('renderFeed', () => {
  it.each(FORMATS)('renders the small feed as %s exactly like the golden file', (format) => {
    expect(renderFeed(SMALL_FEED, format)).toBe(golden(format));
  });

  it.each(FORMATS)('is deterministic for %s: equal feeds give equal bytes', (format) => {
    const copy = structuredClone(SMALL_FEED);
    expect(renderFeed(copy, format)).toBe(renderFeed(SMALL_FEED, format));
  });

  it('refuses an unknown format with a FeedError naming the known ones', () => {
    expect(() => renderFeed(SMALL_FEED, 'rdf' as FeedFormat)).toThrow(expect.objectContaining({ code: 'InputInvalid', hint: 'use one of: rss, atom, json' }));
  });

  it('names a content type per format', () => {
    expect(FEED_CONTENT_TYPES).toEqual({
      rss: 'application/rss+xml; charset=utf-8',
      atom: 'application/atom+xml; charset=utf-8',
      json: 'application/feed+json; charset=utf-8',
    });
  });

  it('writes stylesheets as processing instructions in XML formats', () => {
    for (const format of ['rss', 'atom'] as const) {
      const document = renderFeed(SMALL_FEED, format);
      expect(document).toContain('<?xml-stylesheet href="https://example.com/feed.xsl" type="text/xsl"?>');
      expect(document).toContain('<?xml-stylesheet href="/feed.css" type="text/css" media="screen"?>');
    }
  });

  it('dates undated Atom entries by first sight and the feed by its newest entry; RSS and JSON Feed carry no date', () => {
    const document = renderFeed(UNDATED_FEED, 'atom');
    expect(xmlElements(document, 'updated').map((element) => textContent(element))).toEqual(['2026-03-02T09:30:00Z', '2026-03-01T08:00:00Z', '2026-03-02T09:30:00Z']);
    expect(document).not.toContain('<published>');
    const rss = renderFeed(UNDATED_FEED, 'rss');
    expect(rss).not.toContain('pubDate');
    // lastBuildDate says when the content last changed: the newest item's first sight.
    expect(rss).toContain('<lastBuildDate>Mon, 02 Mar 2026 09:30:00 GMT</lastBuildDate>');
    const json = JSON.parse(renderFeed(UNDATED_FEED, 'json')) as { items: Record<string, unknown>[] };
    for (const item of json.items) expect(Object.keys(item).filter((key) => key.startsWith('date_'))).toEqual([]);
  });

  it('gives a feed made outside the engine, with no date at all, the time of rendering in Atom instead of 1970', () => {
    const feed = { ...UNDATED_FEED, items: UNDATED_FEED.items.map(({ first_seen_at: _unused, ...item }) => item) };
    const before = Date.now() - 1_000;
    const dates = xmlElements(renderFeed(feed, 'atom'), 'updated').map((element) => Date.parse(textContent(element)));
    const after = Date.now() + 1_000;
    expect(dates).toHaveLength(3);
    for (const date of dates) expect(date >= before && date <= after, new Date(date).toISOString()).toBe(true);
    expect(renderFeed(feed, 'rss')).not.toContain('lastBuildDate');
  });
});

describe.skipIf(!feedparser.available)('renderFeed through Python feedparser', () => {
  const feeds = { small: SMALL_FEED, undated: UNDATED_FEED, hostile: HOSTILE_FEED };
  const cases = Object.entries(feeds).flatMap(([name, feed]) => FORMATS.map((format) => [name, format, feed] as const));

  it.each(cases)('%s feed as %s passes checkFeed', (_name, format, feed) => {
    const result = checkFeed(renderFeed(feed, format));
    expect(result.ok, result.output).toBe(true);
  });
});

describe('hostile characters', () => {
  it.each(['rss', 'atom'] as const)('%s stays well-formed XML 1.0 and keeps the printable text', (format) => {
    const document = renderFeed(HOSTILE_FEED, format);
    expect(strictXmlErrors(document)).toBe('');
    expect(document).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    // `]]>` only where a CDATA section ends (an HTML payload's own `]]>` is split across two).
    expect(outsideCharacterData(document)).not.toContain(']]>');
    const [title] = xmlElements(document, 'title');
    const text = textContent(title as Element);
    expect(text).toContain(']]> <tag> & "quoted"');
    expect(text).toContain('emoji 🎉');
    expect(text).not.toContain('\u0000');
    // The HTML payloads read back as their printable text, the literal CDATA section in one included.
    const payloads = xmlElements(document, format === 'rss' ? 'description' : 'summary').map((node) => textContent(node));
    expect(payloads).toContain(cleanXmlText(HOSTILE_FEED.items[0]!.description!));
    const self = format === 'rss' ? xmlElements(document, 'atom:link')[0] : xmlElements(document, 'link').find((link) => getAttributeValue(link, 'rel') === 'self');
    expect(getAttributeValue(self as Element, 'href')).toBe('https://feeds.example.net/f?x="y"&z=<w>');
  });

  it('JSON Feed stays valid JSON without control characters or lone surrogates', () => {
    const document = renderFeed(HOSTILE_FEED, 'json');
    const parsed = JSON.parse(document) as { title: string; items: { title: string }[] };
    expect(parsed.title).toContain(']]> <tag> & "quoted"');
    expect(parsed.items[0]?.title).toContain('emoji 🎉');
    expect(document).not.toMatch(/\\u00(0[0-8bcef]|1[0-9a-f])|\\ud[89a-f]/i);
    expect(Buffer.from(document, 'utf8').toString('utf8')).toBe(document);
  });

  it('JSON Feed carries items as JSON Feed 1.1 fields', () => {
    const parsed = JSON.parse(renderFeed(SMALL_FEED, 'json')) as { items: Record<string, unknown>[] };
    expect(parsed.items[0]).toMatchObject({
      id: 'https://example.com/news/second',
      content_html: '<p>Full <a href="https://example.com/x">text</a></p>',
      summary: 'Second summary',
      image: 'https://example.com/img/second.png',
      tags: ['World', 'Politics'],
      date_published: '2024-03-05T10:30:00Z',
      authors: [{ name: 'Ann Writer' }],
    });
    expect(parsed.items[1]).toMatchObject({ attachments: [{ url: 'https://cdn.example.com/ep1.mp3', mime_type: 'audio/mpeg', size_in_bytes: 12345 }] });
  });
});
