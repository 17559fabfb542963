import fc from 'fast-check';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { textOf } from '../extract/extractors.js';
import { htmlToText, singleLine } from './text.js';

// Every kind of whitespace JavaScript knows, and characters that are not whitespace.
const character = fc.constantFrom(' ', '  ', '\t', '\n', '\r', '\u00a0', '\u2028', '\u3000', '\ufeff', 'a', 'b', 'é', '&', '<');

describe('singleLine', () => {
  it('is the whitespace collapse it has always been, for any text', () => {
    fc.assert(
      fc.property(fc.array(character, { maxLength: 30 }), (characters) => {
        const text = characters.join('');
        expect(singleLine(text)).toBe(text.replace(/\s+/g, ' ').trim());
      }),
      { numRuns: 3000 },
    );
  });

  it('drops soft hyphens, which a one-line title never breaks at', () => {
    expect(singleLine('Attor\u00adney Gen\u00aderal sues  a\u00ad\u00adfirm ')).toBe('Attorney General sues afirm');
    expect(singleLine('no soft hyphen')).toBe('no soft hyphen');
  });
});

describe('textOf', () => {
  it('gives an element holding only text the same text as the general walk', () => {
    fc.assert(
      fc.property(fc.array(character, { maxLength: 20 }), fc.constantFrom('a', 'h2', 'p', 'span', 'script', 'li'), (characters, tag) => {
        const text = characters.join('').replace(/[&<]/g, 'x');
        const element = parseDocument(`<${tag}>${text}</${tag}>`).children[0]!;
        // The general walk, reached through a second, empty node.
        const walked = textOf([element, parseDocument('<i></i>').children[0]!]);
        expect(textOf([element])).toBe(walked);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('htmlToText', () => {
  it.each([
    ['<p>Saturn at opposition tonight.</p><p>Best after midnight.</p>', 'Saturn at opposition tonight. Best after midnight.'],
    ['One<br>two<br/>three', 'One two three'],
    ['<ul><li>a</li><li>b</li></ul>', 'a b'],
    ['Tom &amp; Jerry &lt;3', 'Tom & Jerry <3'],
    ['<b>bold</b><i>italic</i> run together', 'bolditalic run together'],
    ['text<script>var x = 1;</script><style>p{}</style> after', 'text after'],
    ['  spaced \n\t out  ', 'spaced out'],
  ])('%s → %s', (html, text) => {
    expect(htmlToText(html)).toBe(text);
  });
});
