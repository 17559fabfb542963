import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyNode } from 'domhandler';
import fc from 'fast-check';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, SHARED_AVAILABLE } from '../../../../testing/paths.js';
import { parseFragment } from './deferred-entities.js';
import { parseHtml } from './parse.js';

/**
 * Pages are tokenized without decoding references, which are decoded as text and attribute values
 * reach the tree (see `deferred-entities.ts`). The tree must be exactly the one htmlparser2 builds
 * when it decodes while tokenizing (`parseDocument`, the library default).
 */
type Shape = [string, string | null, [string, string][] | null, Shape[]];

function shape(node: AnyNode): Shape {
  const children = 'children' in node ? node.children.map(shape) : [];
  if ('data' in node) return [node.type, node.data, null, children];
  return [node.type, 'name' in node ? node.name : null, 'attribs' in node ? Object.entries(node.attribs) : null, children];
}

const reference = (html: string): Shape[] => parseDocument(html).children.map(shape);
const page = (html: string): Shape[] => parseHtml(html).children.map(shape);
const fragment = (html: string): Shape[] => parseFragment(html).children.map(shape);

describe('references decoded after tokenizing', () => {
  it.each([
    ['text, named, numeric and legacy references', '<p>a &amp; b &lt;c&gt; &#169; &#x263a; &copy 2024 &notit; &nosuch; &amp</p>'],
    ['attribute values, in attribute mode', '<a href="/q?a=1&amp;b=2&copy=3&amp=4&notin" title=\'&quot;x&quot;\' data-x=a&amp;b>x</a>'],
    ['raw text elements keep their text', '<script>if (a &amp;&amp; b) x = "&lt;";</script><style>a::after{content:"&amp;"}</style><textarea>&amp;</textarea><xmp>&amp;</xmp>'],
    ['a title is decoded', '<title>Tom &amp; Jerry &mdash; &#8217;s</title>'],
    ['a title leaves & after a partial end tag as written', '<title>a</&amp;<&lt;</t&amp;</titl&amp;</title&amp;</title>'],
    ['a title ended by the page', '<title>a &amp; b </ti'],
    ['a self-closed script is ordinary content', '<script/>a &amp; <b>b</b></script><p>&amp;</p>'],
    ['a script whose unquoted value ends in a slash is raw', '<script src=a/>x &amp; y</script>'],
    ['a self-closed title is ordinary content', '<title/>a &amp; b</title>'],
    ['svg title and style', '<svg><title>a &amp; b</title><style>&amp;</style><style/></svg>'],
    ['a < that starts no tag', '<p>a < b &amp; c <&amp; d</p>'],
    ['bogus comments and declarations are not text', '<p></&amp;> <!x &amp;> <?pi &amp;?> <!-- &amp; --></p>'],
    ['a page ending inside a declaration', '<p>x</p><!unfinished &amp;'],
    ['a page ending inside a reference', '<p>x &am'],
    ['a page ending right after a legacy reference', '<p>x &amp'],
    ['duplicate attributes: the first wins', '<a href="&amp;1" href="&amp;2">x</a>'],
    ['upper-case names', '<P CLASS="A&amp;B">x &AMP; y &Amp;</P>'],
    ['invalid numeric references', '<p>&#0; &#x80; &#xD800; &#1114112; &#9999999999;</p>'],
  ])('%s', (_name, html) => {
    expect(page(html)).toEqual(reference(html));
    expect(fragment(html)).toEqual(reference(html));
  });

  it('a page of little but ampersands', () => {
    const html = `<p title="${'&'.repeat(50_000)}">${'&amp;&'.repeat(50_000)}</p>${'&'.repeat(50_000)}`;
    expect(page(html)).toEqual(reference(html));
  });

  it('gives parseDocument’s tree for generated markup (property)', () => {
    const piece = fc.oneof(
      fc.constantFrom('<', '>', '/', '&', ';', '#', 'x', '"', "'", '=', ' ', '\n', '</', '<!', '<?', '<!--', '-->', '/>'),
      fc.constantFrom('&amp;', '&amp', '&lt', '&notin;', '&not', '&#60;', '&#x3C;', '&#;', '&copy=', '&ampx', '&AMP;'),
      fc.constantFrom('<p>', '</p>', '<a href="', '<a href=', "<b title='", '<br/>', '<td>', '<li>', '<svg>', '</svg>'),
      fc.constantFrom('<script>', '</script>', '<script/>', '<style>', '</style>', '<title>', '</title>', '</titl', '<textarea>', '</textarea>', '<xmp>', '</xmp>', '<title/>'),
      fc.string({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const html = pieces.join('');
        expect(page(html)).toEqual(reference(html));
        expect(fragment(html)).toEqual(reference(html));
      }),
      { numRuns: 3_000 },
    );
  });

  it.skipIf(!SHARED_AVAILABLE)('gives parseDocument’s tree for every corpus page', () => {
    const directory = join(CORPUS_DIR, 'pages');
    const files = readdirSync(directory).filter((file) => file.endsWith('.html'));
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const html = readFileSync(join(directory, file), 'utf8');
      expect(page(html), file).toEqual(reference(html));
    }
  });
});
