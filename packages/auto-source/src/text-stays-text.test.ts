import { createEngine, renderFeed, type FetchResult } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { createAutoSource } from './create-auto-source.js';

/**
 * Issue #18: an excerpt auto-source reads as text stays text. Its entities are decoded when read, so
 * without the plain-text mark `&lt;img …&gt;` came out as a real element in the RSS description.
 */
const hostile = (index: number) => `<li class="post"><h3><a href="/posts/${index}">Release notes number ${index}</a></h3>
<p class="excerpt">&lt;img src=x onerror=alert(${index})&gt; what changed in this release, in a few words</p></li>`;
const PAGE = `<!doctype html><html><head><title>News</title></head><body><main><ul>${[1, 2, 3, 4, 5].map(hostile).join('')}</ul></main></body></html>`;

describe('auto-source excerpts stay text', () => {
  it.each(['rss', 'atom', 'json'] as const)('no element reaches the %s output', async (format) => {
    const plain = {
      name: 'plain',
      fetch: (): Promise<FetchResult> => Promise.resolve({ url: 'https://example.test/news/', status: 200, headers: {}, body: PAGE, contentType: 'text/html' }),
    };
    const engine = createEngine({ strategies: { plain }, autoSource: createAutoSource() });
    const { feed } = await engine.generate({ channel: { url: 'https://example.test/news/' }, strategy: 'plain', headers: {}, auto_source: { enabled: true }, stylesheets: [], request: {}, parameters: {} });
    expect(feed.items.length).toBeGreaterThanOrEqual(5);
    const described = feed.items.filter((item) => item.description !== undefined);
    expect(described.length).toBeGreaterThan(0);
    for (const item of described) expect(item.description).toMatch(/^&lt;img src=x onerror=alert\(\d\)&gt; what changed/);
    expect(renderFeed(feed, format)).not.toMatch(/<img/);
  });
});
