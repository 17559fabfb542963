import { parseDocument } from 'htmlparser2';
import { findAll } from 'domutils';
import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { forgetSanitisedOutputs, rememberFragmentNodes, sanitizeItemHtml } from './sanitize.js';

const BASE = 'https://example.com/blog/post.html';

/** Elements of the sanitised output, parsed back the way a reader would. */
function elements(html: string): Element[] {
  return findAll(() => true, parseDocument(html).children);
}

function assertHarmless(html: string): void {
  for (const element of elements(html)) {
    expect(['script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'form', 'base', 'meta', 'link']).not.toContain(element.name);
    for (const [name, value] of Object.entries(element.attribs)) {
      expect(name.startsWith('on'), `event handler ${name} on <${element.name}>`).toBe(false);
      expect(name).not.toBe('style');
      if (['href', 'src', 'cite', 'poster'].includes(name)) {
        expect(value).toMatch(/^(https?:|mailto:|tel:|data:image\/(png|jpe?g|gif|webp|avif|bmp);base64,)/i);
      }
    }
  }
}

describe('sanitizeItemHtml: hostile input', () => {
  const hostile: [string, string][] = [
    ['script element', '<p>ok</p><script>alert(1)</script>'],
    ['script with odd case', '<ScRiPt>alert(1)</sCrIpT><p>ok</p>'],
    ['onerror on img', '<img src="x.png" onerror="alert(1)">'],
    ['onclick and style', '<p onclick="x()" style="background:url(javascript:x)">ok</p>'],
    ['javascript: link', '<a href="javascript:alert(1)">x</a>'],
    ['javascript: with tab and case', '<a href="Java\tScRipt:alert(1)">x</a>'],
    ['javascript: with entities', '<a href="&#106;avascript:alert(1)">x</a>'],
    ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>'],
    ['data: html link', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>'],
    ['svg with script', '<svg onload="alert(1)"><script>alert(1)</script></svg><p>ok</p>'],
    ['svg data image', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
    ['style element', '<style>body{background:url(javascript:alert(1))}</style><p>ok</p>'],
    ['iframe and object', '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="y">'],
    ['form and inputs', '<form action="https://evil.example"><input name="a"><button>Go</button></form>'],
    ['meta refresh and base', '<meta http-equiv="refresh" content="0;url=javascript:x"><base href="https://evil.example/">'],
    ['math and template', '<math><mtext><script>x</script></mtext></math><template><img src=x onerror=x></template>'],
    ['unclosed tag soup', '<img src="a.png" onerror=alert(1)//<a href="javascript:x">'],
  ];

  it.each(hostile)('%s', (_name, html) => {
    const output = sanitizeItemHtml(html, BASE);
    assertHarmless(output);
    expect(output.toLowerCase()).not.toContain('alert(1)</');
  });

  it('drops the text of script and style, keeps the text of unknown wrappers', () => {
    const output = sanitizeItemHtml('<form>Keep <b>me</b></form><script>var secret = 1;</script>', BASE);
    expect(output).toBe('Keep <b>me</b>');
  });
});

describe('sanitizeItemHtml: URLs and lazy images', () => {
  const cases: [string, string, Record<string, string>][] = [
    ['relative link', '<a href="../about?x=1#top">a</a>', { href: 'https://example.com/about?x=1#top' }],
    ['root-relative image', '<img src="/img/a.png" alt="A">', { src: 'https://example.com/img/a.png', alt: 'A' }],
    ['protocol-relative link', '<a href="//cdn.example.org/x">a</a>', { href: 'https://cdn.example.org/x' }],
    ['mailto kept', '<a href="mailto:me@example.com">m</a>', { href: 'mailto:me@example.com' }],
    ['data-src over placeholder', '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="lazy.jpg">', { src: 'https://example.com/blog/lazy.jpg' }],
    ['data-lazy-src without src', '<img data-lazy-src="/l.webp">', { src: 'https://example.com/l.webp' }],
    ['data-srcset gives srcset and largest src', '<img data-srcset="s.jpg 320w, l.jpg 1280w">', { src: 'https://example.com/blog/l.jpg', srcset: 'https://example.com/blog/s.jpg 320w, https://example.com/blog/l.jpg 1280w' }],
    ['srcset only', '<img srcset="/a.jpg 1x, /b.jpg 2x">', { src: 'https://example.com/b.jpg' }],
    ['real src wins over data-src', '<img src="/real.png" data-src="/other.png">', { src: 'https://example.com/real.png' }],
    ['raster data image kept', '<img src="data:image/png;base64,iVBORw0KGgo=">', { src: 'data:image/png;base64,iVBORw0KGgo=' }],
  ];

  it.each(cases)('%s', (_name, html, expected) => {
    const output = sanitizeItemHtml(html, BASE);
    const [element] = elements(output);
    expect(element, output).toBeDefined();
    for (const [name, value] of Object.entries(expected)) expect(element?.attribs[name]).toBe(value);
    for (const name of Object.keys(element?.attribs ?? {})) expect(name.startsWith('data-')).toBe(false);
  });

  it('drops an image left without any source', () => {
    expect(sanitizeItemHtml('<p>x<img alt="none"></p>', BASE)).toBe('<p>x</p>');
  });

  it('keeps formatting, lists and tables', () => {
    const html = '<h2>T</h2><p><strong>b</strong> <em>i</em> <code>c</code></p><ul><li>1</li></ul><table><thead><tr><th scope="col">h</th></tr></thead><tbody><tr><td colspan="2">d</td></tr></tbody></table><blockquote cite="/q">q</blockquote>';
    const output = sanitizeItemHtml(html, BASE);
    expect(output).toContain('<table><thead><tr><th scope="col">h</th></tr></thead>');
    expect(output).toContain('<td colspan="2">d</td>');
    expect(output).toContain('<blockquote cite="https://example.com/q">q</blockquote>');
    expect(output).toContain('<strong>b</strong> <em>i</em> <code>c</code>');
  });
});

describe('sanitizeItemHtml on its own output (the normaliser after a sanitize_html post-processor)', () => {
  const tricky = [
    '<p><div>x</div></p>', '<a href="x"><a href="y">z</a></a>', '<table><tr><td>x</td></tr></table>', '<img data-src="a.png">',
    '<b>unclosed', '&amp;lt;', '<ul><li>a<li>b</ul>', '<p>a<p>b', '<svg><g/></svg>t', '<!-- c -->x', '<![CDATA[x]]>', 'a < b > c',
    '"q" &nbsp; &#x41; &copy;', '<q cite="rel">q</q>', '<img srcset="a.png 1x, b.png 2x" src="c.png">', '<a href="javascript:alert(1)">j</a>',
    '<p title=\'a"b\'>t</p>', '<textarea><p>x</p></textarea>', '<div><p>a</div>b</p>', '<a href="a b">s</a>', '<pre>  a\n   b  </pre>',
    '<scr<script>ipt>alert(1)</script>', '<img src=x.png alt="<b>">', '<p>a</b>c</p>', '<img src="data:image/png;base64,AAAA" onerror="x">',
  ];

  it('is a fixed point: sanitising the output again changes nothing (what skipping the second pass relies on)', () => {
    for (const input of tricky) {
      const once = sanitizeItemHtml(input, BASE);
      forgetSanitisedOutputs();
      expect(sanitizeItemHtml(once, BASE), input).toBe(once);
    }
  });

  it('hands its own recent output back unchanged, and sanitises anything else', () => {
    const once = sanitizeItemHtml('<p onclick="x()">a <a href="/b">b</a></p>', BASE);
    expect(once).toBe('<p>a <a href="https://example.com/b">b</a></p>');
    expect(sanitizeItemHtml(once, BASE)).toBe(once);
    expect(sanitizeItemHtml(`${once}<script>x</script>`, BASE)).toBe(once);
    // Made for another page: relative URLs would resolve elsewhere, so it is sanitised again.
    expect(sanitizeItemHtml('<a href="/c">c</a>', 'https://other.example/')).toBe('<a href="https://other.example/c">c</a>');
  });
});

describe('sanitizeItemHtml on a fragment of a parsed page', () => {
  const page = parseDocument(
    '<div class="post"><h2>T</h2><p onclick="x()">a <a href="/b">b</a><img data-src="i.png"></p><script>x()</script><ul><li>1<li>2</ul></div>',
    { decodeEntities: true },
  );
  const fragment = findAll((element) => element.name === 'div', page.children);

  it('walks the remembered nodes and gives what parsing the serialised string gives', () => {
    const html = '<div class="post"><h2>T</h2><p onclick="x()">a <a href="/b">b</a><img data-src="i.png"></p><script>x()</script><ul><li>1<li>2</ul></div>';
    forgetSanitisedOutputs();
    const fromString = sanitizeItemHtml(html, BASE);
    forgetSanitisedOutputs();
    // A string that is not the fragment's serialisation would show here: the nodes are what is walked.
    rememberFragmentNodes('marker', fragment);
    expect(sanitizeItemHtml('marker', BASE)).toBe(fromString);
    expect(fromString).toBe('<div><h2>T</h2><p>a <a href="https://example.com/b">b</a><img src="https://example.com/blog/i.png" /></p><ul><li>1</li><li>2</li></ul></div>');
    forgetSanitisedOutputs();
    expect(sanitizeItemHtml('marker', BASE)).toBe('marker');
  });

  it('survives nesting far deeper than the call stack allows', () => {
    const depth = 20_000;
    const output = sanitizeItemHtml(`${'<span>'.repeat(depth)}deep${'</span>'.repeat(depth)}`, BASE);
    expect(output.startsWith('<span><span>')).toBe(true);
    expect(output).toContain('deep');
  });
});
