import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine/create-engine.js';
import { loadFeedConfig } from '../config/index.js';

/**
 * `description`/`content` parts with the html extractor are sanitised straight from the page's
 * nodes when nothing reads them raw; the feed must be what serialising and sanitising gave.
 */
const PAGE = `<ul>
<li><h2><a href="/a">A</a></h2><font>text one\n\ntext two</font></li>
<li><h2><a href="/b">B</a></h2><div class="x" onclick="x()">x &amp; <b>y</b> <a href="rel">r</a><img data-src="i.png"><script>z()</script></div></li>
<li><h2><a href="/c">C</a></h2></li>
</ul>`;
const engine = createEngine({ strategies: { plain: { name: 'plain', fetch: () => Promise.reject(new Error('offline')) } } });

async function descriptions(part: Record<string, unknown>, field = 'description'): Promise<(string | undefined)[]> {
  const config = loadFeedConfig(
    JSON.stringify({ channel: { url: 'https://example.com/list/' }, selectors: { items: { selector: 'li' }, title: { selector: 'h2' }, url: { selector: 'a', extractor: 'href' }, [field]: part } }),
    { env: {} },
  );
  const { feed } = await engine.generate(config, { source: { url: 'https://example.com/list/', status: 200, headers: {}, body: PAGE, contentType: 'text/html' } });
  return feed.items.map((item) => (field === 'description' ? item.description : item.content));
}

describe('html parts sanitised from the page', () => {
  const sanitised = '<div>x &amp; <b>y</b> <a href="https://example.com/list/rel">r</a><img src="https://example.com/list/i.png" /></div>';

  it('without post-processors: sanitised HTML, text kept as text', async () => {
    expect(await descriptions({ selector: 'font, div', extractor: 'html' })).toEqual(['text one\n\ntext two', sanitised, undefined]);
  });

  it('with sanitize_html: the same HTML, and text that is only text gets paragraphs as before', async () => {
    expect(await descriptions({ selector: 'font, div', extractor: 'html', post_process: [{ name: 'sanitize_html' }] })).toEqual([
      '<p>text one</p><p>text two</p>',
      sanitised,
      undefined,
    ]);
  });

  it('as content: sanitised, never converted', async () => {
    expect(await descriptions({ selector: 'font, div', extractor: 'html', post_process: [{ name: 'sanitize_html' }] }, 'content')).toEqual([
      'text one\n\ntext two',
      sanitised,
      undefined,
    ]);
  });

  it('a later post-processor sees the raw HTML', async () => {
    // The onclick attribute exists only in the raw HTML: gsub turns it into a title the sanitiser keeps.
    const part = { selector: 'div', extractor: 'html', post_process: [{ name: 'gsub', pattern: 'onclick="x()"', replacement: 'title="seen"' }] };
    expect((await descriptions(part))[1]).toBe(sanitised.replace('<div>', '<div title="seen">'));
  });
});

describe('html parts of a JSON source', () => {
  it('are text from the JSON, so the normaliser sanitises them (never trusted as sanitised)', async () => {
    const config = loadFeedConfig(
      JSON.stringify({
        channel: { url: 'https://api.example.com/posts' },
        selectors: { items: { selector: 'array > object' }, title: { selector: 'title' }, description: { selector: 'body', extractor: 'html' } },
      }),
      { env: {} },
    );
    const body = JSON.stringify([{ title: 'T', body: '<p href=javascript:alert(1) onclick="x()">hi<script>alert(2)</script></p>' }]);
    const { feed } = await engine.generate(config, { source: { url: 'https://api.example.com/posts', status: 200, headers: {}, body, contentType: 'application/json' } });
    expect(feed.items[0]?.description).toBe('<p>hi</p>');
  });
});
