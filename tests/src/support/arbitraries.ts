import fc from 'fast-check';

/**
 * Hostile page material for property tests: text with control characters, NUL, lone surrogates and
 * CDATA terminators; tags and attributes that carry code; URLs in every spelling that hides a
 * `javascript:` scheme; and deep nesting.
 */
export const NASTY_FRAGMENTS = [
  ']]>', '<![CDATA[', '\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001f', '\u007f', '\u0085', '\u0090',
  '\ud800', '\udfff', '\ud83d', '\ude00', '\ud83d\ude00', '\ufffe', '\uffff', '\u2028', '\u2029', '\ufeff',
  '&#0;', '&#x0;', '&#xD800;', '&#55296;', '&#x110000;', '&#65535;', '&#1;', '&amp;', '&lt;', '&', '<', '>', '"', "'",
  '--!>', '<!--', '-->', '<?xml version="1.0"?>', '<!DOCTYPE x [<!ENTITY e "x">]>', '&e;', '\r\n', '\t',
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '<svg onload=alert(1)>', '</textarea><script>alert(1)</script>',
];

export const HOSTILE_URLS = [
  'javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)',
  'java&#x09;script:alert(1)', '&#106;avascript:alert(1)', '&#x6A;avascript:alert(1)', 'javascript&colon;alert(1)',
  '\u0001javascript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+', 'data:image/png;base64,iVBORw0KGgo=', '//evil.test/x',
  '/relative/path', '?q=1', '#top', 'https://example.com/a b', 'http://[::1]/', 'mailto:a@b.c', 'tel:+123',
  'https://ex\u0000ample.com/', 'https://example.com/\ud800', 'http://%zz/', 'https://', '', ' ', 'about:blank',
];

const TAGS = [
  'p', 'div', 'span', 'a', 'img', 'article', 'h2', 'li', 'ul', 'table', 'td', 'b', 'time', 'script', 'style', 'iframe',
  'svg', 'math', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'template', 'noscript', 'base', 'link', 'meta',
  'video', 'source', 'picture', 'x-custom', 'title', 'xmp', 'plaintext',
];

const ATTRIBUTES = [
  'href', 'src', 'srcset', 'data-src', 'data-srcset', 'poster', 'cite', 'action', 'formaction', 'style', 'class', 'id',
  'onclick', 'onerror', 'onload', 'OnMouseOver', 'datetime', 'title', 'alt', 'xlink:href', 'background', 'lang',
];

export const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.array(fc.constantFrom(...NASTY_FRAGMENTS), { maxLength: 6 }).map((parts) => parts.join('')) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_URLS) },
);

const attributeValue = fc.oneof(fc.constantFrom(...HOSTILE_URLS), hostileText);

function escapeQuotes(value: string): string {
  return value.replace(/"/g, '&quot;');
}

const attribute = fc
  .tuple(fc.constantFrom(...ATTRIBUTES), attributeValue, fc.boolean())
  .map(([name, value, quoted]) => (quoted ? ` ${name}="${escapeQuotes(value)}"` : ` ${name}=${value.replace(/[\s>]/g, '')}`));

/** Random markup: a tree of tags with hostile attributes and text, sometimes left unclosed. */
export const hostileHtml: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    fc
      .tuple(fc.constantFrom(...TAGS), fc.array(attribute, { maxLength: 4 }), fc.array(tie('node'), { maxLength: 4 }), fc.boolean())
      .map(([tag, attributes, children, close]) => `<${tag}${attributes.join('')}>${children.join('')}${close ? `</${tag}>` : ''}`),
  ),
})).node;

/** `depth` nested elements around `inner`, the shape that breaks recursive tree walkers. */
export function nested(depth: number, inner: string, tag = 'div'): string {
  return `${`<${tag}>`.repeat(depth)}${inner}${`</${tag}>`.repeat(depth)}`;
}

/** A listing page whose items are made of hostile material, so selectors find something. */
export const hostilePage = fc
  .record({
    items: fc.array(fc.record({ title: hostileText, href: fc.constantFrom(...HOSTILE_URLS), body: hostileHtml, date: hostileText }), { minLength: 1, maxLength: 4 }),
    noise: hostileHtml,
    depth: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40 }), fc.constantFrom(500, 3000)),
    title: hostileText,
  })
  .map(({ items, noise, depth, title }) => {
    const articles = items
      .map((item) => `<article><h2><a href="${escapeQuotes(item.href)}">${item.title}</a></h2><time datetime="${escapeQuotes(item.date)}">${item.date}</time><div class="body">${item.body}</div></article>`)
      .join('\n');
    return `<!doctype html><html><head><title>${title}</title><meta name="description" content="${escapeQuotes(title)}"></head><body>${nested(depth, `${noise}<main>${articles}</main>`, 'section')}</body></html>`;
  });
