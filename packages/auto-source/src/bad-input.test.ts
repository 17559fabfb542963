import { parseDocument } from 'htmlparser2';
import { Element, Text, Document } from 'domhandler';
import { FeedError, type HtmlSourceDocument } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { createAutoSource } from './create-auto-source.js';
import { context } from './test-support/helpers.js';

/**
 * Hostile input ends in a classified failure or a feed, in bounded time (no timing assertions).
 * Documents are parsed with htmlparser2 directly, as core does.
 */
const autoSource = createAutoSource();

function html(text: string): HtmlSourceDocument {
  return { kind: 'html', url: 'https://example.test/', html: text, document: parseDocument(text, { decodeEntities: true, lowerCaseAttributeNames: true }) };
}

async function outcome(document: HtmlSourceDocument): Promise<string> {
  try {
    const result = await autoSource.extract(document, context());
    return `feed:${result.items.length}`;
  } catch (error) {
    if (error instanceof FeedError && error.class) return `error:${error.class}`;
    throw error;
  }
}

/** A chain of nested divs built in linear time (htmlparser2 itself is slow on extreme depth). */
function nestedDivs(depth: number, text: string): HtmlSourceDocument {
  const root = new Element('body', {});
  let current = root;
  for (let level = 0; level < depth; level += 1) {
    const child = new Element('div', {});
    child.parent = current;
    current.children.push(child);
    current = child;
  }
  const leaf = new Text('deep');
  leaf.parent = current;
  current.children.push(leaf);
  const document = new Document([root]);
  root.parent = document;
  return { kind: 'html', url: 'https://example.test/', html: text, document };
}

describe('bad input', () => {
  it('an empty body is an unsupported surface', async () => {
    expect(await outcome(html(''))).toBe('error:unsupported_surface');
  });

  it('binary garbage ends in a classified failure', async () => {
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, index) => (index * 7919 + (index >> 3)) % 256));
    expect(await outcome(html(bytes.toString('latin1')))).toMatch(/^error:/);
  });

  it('20 MB of nested divs does not blow the stack', async () => {
    const text = '<div>'.repeat(4_000_000);
    expect(await outcome(nestedDivs(200_000, text))).toMatch(/^error:/);
  });

  it('100k links end in a bounded feed', async () => {
    const links = Array.from({ length: 100_000 }, (_, index) => `<a href="/p/item-number-${index}">Item number ${index}</a>`).join('');
    const result = await outcome(html(`<html><body>${links}</body></html>`));
    expect(result).toMatch(/^feed:\d+$/);
    expect(Number(result.split(':')[1])).toBeGreaterThan(100);
  });

  it('broken JSON-LD and state blobs fall through to the rest of the cascade', async () => {
    const page = `<html><head><script type="application/ld+json">{"@graph": [ {"@type": "ItemList", </script>
      <script>window.__APP__ = {"posts": [{"title": "x", "url": </script><script id="__NEXT_DATA__" type="application/json">{{{</script></head>
      <body><ul>${[1, 2, 3, 4, 5].map((index) => `<li><a href="/posts/a-good-story-${index}">A good story number ${index}</a></li>`).join('')}</ul></body></html>`;
    expect(await outcome(html(page))).toBe('feed:5');
  });
});
