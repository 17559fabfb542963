import { describe, expect, it } from 'vitest';
import { sanitiseCss } from './sanitise-css.js';

describe('sanitiseCss', () => {
  it('keeps ordinary rules as they are', () => {
    expect(sanitiseCss('.card { color: red; margin: 0 auto }')).toBe('.card { color: red; margin: 0 auto }');
  });

  it.each([
    ['url() unquoted', 'a{background:url(https://example.com/x.png)}'],
    ['url() quoted with a parenthesis inside', 'a{background:url("https://example.com/x).png")}'],
    ['image-set', 'a{background-image:image-set("a.png" 1x, "b.png" 2x)}'],
    ['@import', '@import url("https://example.com/a.css") screen; a{}'],
    ['@import of a string', "@import 'https://example.com/a.css';"],
    ['url in @font-face', '@font-face{font-family:x;src:url(/f.woff2) format("woff2")}'],
    ['escaped url keyword in a comment', '/* url(http://x) */ a{}'],
  ])('removes everything that would load something: %s', (_name, css) => {
    const cleaned = sanitiseCss(css);
    expect(cleaned).not.toMatch(/https?:|\.png|\.css|\.woff/);
    expect(cleaned).not.toMatch(/@import/i);
  });

  it('disarms legacy script-in-CSS constructs and markup', () => {
    const cleaned = sanitiseCss('a{width:expression(alert(1));behavior:url(x.htc);-moz-binding:url(x.xml)}</style><script>');
    expect(cleaned).not.toMatch(/expression\s*\(|behavior\s*:|-moz-binding\s*:|<\/style|<script/i);
  });
});
