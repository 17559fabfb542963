import { isFeedError, renderFeed, type Feed, type FeedFormat } from '@pagefeed/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileText } from '../support/arbitraries.js';
import { findExecutableHtml } from '../support/html-safety.js';
import { findMalformed, type DocumentToCheck } from '../support/well-formed.js';

/** Feeds handed straight to the renderers, with strings that hold anything. */
const NUM_RUNS = Number(process.env['PAGEFEED_PROPERTY_RUNS'] ?? 150);

describe('renderFeed over hostile feeds', () => {
  // The engine hands the renderers absolute http(s) URLs (normalised with new URL); strings are
  // anything. A non-URL in a URL field throws a TypeError in the renderer (not reachable from
  // the engine, noted in the README).
  const absoluteUrl = fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.constantFrom('https://example.com/a%20b', 'https://example.com/]]%3E', 'http://[::1]/x', 'https://xn--bcher-kva.example/'));
  const date = fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true });
  const item = fc.record(
    {
      guid: hostileText,
      guidIsPermalink: fc.boolean(),
      title: hostileText,
      url: absoluteUrl,
      description: hostileText,
      content: hostileText,
      author: hostileText,
      image: absoluteUrl,
      published_at: date,
      updated_at: date,
      categories: fc.array(hostileText, { maxLength: 3 }),
      enclosure: fc.record({ url: absoluteUrl, type: hostileText, length: fc.oneof(fc.integer(), fc.double()) }, { requiredKeys: ['url'] }),
    },
    { requiredKeys: ['guid', 'guidIsPermalink', 'categories'] },
  );
  const feed = fc.record({
    channel: fc.record(
      { title: hostileText, url: absoluteUrl, description: hostileText, language: hostileText, ttl: fc.oneof(fc.integer(), fc.double()), author: hostileText, image: absoluteUrl, self_url: absoluteUrl, updated_at: date },
      { requiredKeys: ['title', 'url', 'description', 'ttl'] },
    ),
    items: fc.array(item, { maxLength: 4 }),
    stylesheets: fc.array(fc.record({ href: fc.oneof(hostileText, absoluteUrl), type: fc.constantFrom('text/css' as const, 'text/xsl' as const), media: hostileText }, { requiredKeys: ['href', 'type'] }), { maxLength: 2 }),
  });

  it('every RSS and Atom document is well-formed XML and every JSON Feed valid JSON, whatever the strings hold', () => {
    const documents: DocumentToCheck[] = [];
    const formats: FeedFormat[] = ['rss', 'atom', 'json'];
    fc.assert(
      fc.property(feed, (value) => {
        for (const format of formats) {
          let text: string;
          try {
            text = renderFeed(value as Feed, format);
          } catch (error) {
            // An invalid Date may be refused, but only as a FeedError.
            if (isFeedError(error)) continue;
            throw error;
          }
          documents.push({ kind: format === 'json' ? 'json' : 'xml', text });
        }
      }),
      { numRuns: NUM_RUNS },
    );
    expect(documents.length).toBeGreaterThan(NUM_RUNS);
    expect(findMalformed(documents)).toEqual([]);
  });

  it('items that went through the engine carry inert HTML in every format', () => {
    // Direct renderer input is trusted to be sanitised (the engine does it); this guards the
    // seam: a description that is already sanitised stays inert after rendering to JSON.
    const sanitised = '<p>ok <a href="https://e.test/">x</a></p>';
    const document = JSON.parse(renderFeed({ channel: { title: 't', url: 'https://e.test/', description: '', ttl: 60 }, items: [{ guid: 'g', guidIsPermalink: false, categories: [], description: sanitised }], stylesheets: [] }, 'json')) as { items: Array<{ content_html?: string }> };
    expect(findExecutableHtml(document.items[0]?.content_html ?? '')).toEqual([]);
  });
});
