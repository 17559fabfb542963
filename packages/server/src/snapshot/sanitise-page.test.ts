import { compileSelector, parseHtml } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { sanitisePage } from './sanitise-page.js';

const PAGE = `<!doctype html><html><head><title> News  list </title><base href="https://example.com/news/">
<meta http-equiv="refresh" content="0;url=https://evil.example/">
<link rel="stylesheet" href="/site.css"><style>@import "x.css"; .card{color:red;background:url(/bg.png)}</style>
<script src="/app.js"></script><script>alert(1)</script></head>
<body onload="alert(2)" class="home"><ul id="list">
<li class="card"><script>track()</script><a href="a.html" onclick="x()" target="_blank" ping="/p">First</a><img src="/a.png" srcset="/a2.png 2x" alt="A"></li>
<li class="card" style="color:blue;background-image:url('https://cdn.example/x.png')"><a href="javascript:alert(3)">Second</a><iframe src="https://ads.example/"></iframe></li>
<li class="card"><a href="//other.example/c">Third</a><time datetime="2024-01-02">2 Jan</time><svg><use href="https://x.example/s.svg#i"></use><use href="#local"></use></svg></li>
</ul><form action="https://evil.example/post"><input autofocus name="q"><button formaction="/x">go</button></form>
<video src="/v.mp4" poster="/p.jpg"></video><object data="/x.swf"></object><embed src="/x.swf"><!-- comment -->
</body></html>`;

const REMOVED_HERE = ['iframe', 'script', 'template'];

describe('sanitisePage', () => {
  const result = sanitisePage(PAGE, 'https://example.com/news/index.html', { images: false });

  it('leaves no script, handler, plugin, frame or javascript: link', () => {
    expect(result.html).not.toMatch(/<script|<iframe|<object|<embed|<meta|<link|<base|javascript:|alert|\bon[a-z]+=|<!--/i);
  });

  it('leaves nothing that loads from the page hosts when pictures are off', () => {
    expect(result.html).not.toMatch(/\ssrc=|srcset=|poster=|ping=|action=|formaction=|xlink:href=|url\(/i);
    expect(result.html).not.toMatch(/href="https:\/\/x\.example/);
    expect(result.styles.join('')).not.toMatch(/url\(|@import|\.png|\.css/);
    expect(result.removed).toMatchObject({ script: 3, stylesheet: 2, image: 1, iframe: 1, 'event handler': 2 });
  });

  it('keeps picture addresses as data, links absolute (base href applied), styles as data', () => {
    expect(result.html).toContain('data-pf-src="https://example.com/a.png"');
    expect(result.html).toContain('href="https://example.com/news/a.html"');
    expect(result.html).toContain('href="https://other.example/c"');
    expect(result.html).toContain('data-pf-style="color:blue;background-image:none"');
    expect(result.html).toContain('href="#local"');
    expect(result.styles).toEqual([' .card{color:red;background:none}']);
    expect(result.title).toBe('News list');
    expect(result.html).not.toMatch(/autofocus|target=/);
  });

  it('loads pictures directly when the operator allows it', () => {
    const allowed = sanitisePage(PAGE, 'https://example.com/news/index.html', { images: true });
    expect(allowed.html).toContain('src="https://example.com/a.png"');
    expect(allowed.html).not.toMatch(/srcset=/);
  });

  it('keeps the tree’s shape: positional and structural selectors select the same elements', () => {
    const before = parseHtml(PAGE);
    const after = parseHtml(result.html);
    for (const selector of ['ul#list > li', 'li:nth-child(2) > a', 'li > :nth-child(2)', 'body > :nth-child(3)', 'li.card:last-child time']) {
      // A removed element's placeholder stands in its place: compare positions, not names.
      const texts = (root: ReturnType<typeof parseHtml>) =>
        compileSelector(selector).selectAll(root).map((element) => (REMOVED_HERE.includes(element.name) ? 'template' : element.name) + ':' + (element.name === 'template' ? 0 : element.children.length));
      expect(texts(after), selector).toEqual(texts(before));
    }
  });

  it('escapes text and attribute values so the browser reads the same text', () => {
    const tricky = sanitisePage('<p title="a&quot;b<c">1 &lt; 2 &amp; <b>x</b></p><p data-x=\'"><script>\'>y</p>', 'https://example.com/', { images: false });
    expect(tricky.html).toContain('<p title="a&quot;b<c">1 &lt; 2 &amp; <b>x</b></p>');
    expect(tricky.html).toContain('data-x="&quot;><script>"');
  });
});
