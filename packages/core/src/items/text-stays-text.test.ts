import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine/create-engine.js';
import { fakeStrategy, feedConfig, htmlResult } from '../engine/test-support/helpers.js';
import { renderFeed } from '../render/index.js';

/**
 * Issue #18: text read as text (the `text` extractor) is escaped in every format. The page holds
 * the escaped text `&lt;img …&gt;`; a reader must show those characters, never an element.
 */
const PAGE = `<!doctype html><html><body>
<article><h2><a href="/a">One</a></h2><p>&lt;img src=x onerror=alert(1)&gt;</p></article>
<article><h2><a href="/b">Two</a></h2><p>Tom &amp; Jerry say &lt;b&gt;hi&lt;/b&gt;
and more</p></article>
</body></html>`;

const SELECTORS = {
  items: { selector: 'article' },
  parts: { title: { selector: 'h2' }, url: { selector: 'a', extractor: 'href' as const }, description: { selector: 'p' } },
};

async function generate(description: Record<string, unknown>) {
  const engine = createEngine({ strategies: { plain: fakeStrategy('plain', () => htmlResult(PAGE)) } });
  return engine.generate(feedConfig({ selectors: { ...SELECTORS, parts: { ...SELECTORS.parts, description } } }));
}

describe('text stays text', () => {
  it('escapes a single-line text description that looks like markup', async () => {
    const { feed } = await generate({ selector: 'p' });
    expect(feed.items[0]?.description).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(feed.items[1]?.description).toBe('Tom &amp; Jerry say &lt;b&gt;hi&lt;/b&gt; and more');
  });

  it.each(['rss', 'atom', 'json'] as const)('no element reaches the %s output', async (format) => {
    const { feed } = await generate({ selector: 'p' });
    const output = renderFeed(feed, format);
    expect(output).not.toMatch(/<img/);
    // In the XML formats the description is escaped once more as character data.
    if (format === 'json') expect(output).toContain('&lt;img src=x onerror=alert(1)&gt;');
    else expect(output).toMatch(/<!\[CDATA\[&lt;img src=x onerror=alert\(1\)&gt;\]\]>|&amp;lt;img src=x onerror=alert\(1\)&amp;gt;/);
  });

  it('keeps the derived title readable (entities decoded back to the characters)', async () => {
    const engine = createEngine({ strategies: { plain: fakeStrategy('plain', () => htmlResult(PAGE)) } });
    const { feed } = await engine.generate(feedConfig({ selectors: { items: SELECTORS.items, parts: { description: { selector: 'p' }, url: SELECTORS.parts.url } } }));
    expect(feed.items[0]?.title).toBe('<img src=x onerror=alert(1)>');
  });

  it('HTML read as HTML is still sanitised and kept as markup', async () => {
    const { feed } = await generate({ selector: 'p', extractor: 'html' });
    expect(feed.items[0]?.description).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(feed.items[1]?.description).toContain('Tom &amp; Jerry');
  });
});
