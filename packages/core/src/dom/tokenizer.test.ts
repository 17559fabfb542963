import fc from 'fast-check';
import { Parser, Tokenizer, type Handler } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { IndexOfTokenizer, REPLACED_METHODS } from './tokenizer.js';

/**
 * `IndexOfTokenizer` must report exactly the events, with the same positions, that htmlparser2's
 * own tokenizer reports in the same mode (entities not decoded, as `EntityDeferringParser` runs it).
 */
function events(html: string, tokenizer: typeof Tokenizer | undefined, chunks = 1): string[] {
  const log: string[] = [];
  let parser: Parser;
  const note = (name: string) => (...values: unknown[]) => log.push(`${name} ${JSON.stringify(values)} ${parser.startIndex}-${parser.endIndex}`);
  const handler: Partial<Handler> = {
    onopentag: note('open'),
    onclosetag: note('close'),
    ontext: note('text'),
    oncomment: note('comment'),
    oncdatastart: note('cdata'),
    onprocessinginstruction: note('instruction'),
    onattribute: note('attribute'),
    onend: note('end'),
  };
  parser = new Parser(handler, { decodeEntities: false, lowerCaseAttributeNames: true, ...(tokenizer ? { Tokenizer: tokenizer } : {}) });
  const size = Math.ceil(html.length / chunks) || 1;
  for (let start = 0; start < html.length; start += size) parser.write(html.slice(start, start + size));
  parser.end();
  return log;
}

describe('IndexOfTokenizer', () => {
  it.each(REPLACED_METHODS)('replaces %s, a method htmlparser2 still has (otherwise it would silently change nothing or fail)', (name) => {
    expect(typeof (Tokenizer.prototype as unknown as Record<string, unknown>)[name]).toBe('function');
    expect(Object.hasOwn(IndexOfTokenizer.prototype, name)).toBe(true);
  });

  it.each([
    ['text and tags', '<p class="a b" id=x data-y=\'z\'>one <b>two</b> three</p>'],
    ['text running to the end of the page', '<p>no closing tag and no other <'],
    ['an attribute value the page ends inside', '<a href="https://example.com/unfinished'],
    ['a closing tag the page ends inside', '<p>a</p  junk'],
    ['comments, CDATA, declarations, instructions', '<!DOCTYPE html><!-- a -- b --->x<![CDATA[ y ]]]>z<?xml v?><!x>'],
    ['raw text elements', '<script>if (a < b && "</p>") x = 1;</script><style>a>b{}</style><textarea></b></textarea>'],
    ['a title with partial end tags', '<title>a </ti </title x>b'],
    ['an empty page', ''],
    ['names in any case, with non-ASCII characters and every whitespace', '<DiV\tCLASS=a\fdata-é="1"\r\nlang><svg:rect x=1/></DIV\n ><p\u00e9 a\u2028b=c>x</p\u00e9\t>'],
    ['names ended by `/`, `=` and `>`', '<br/><img src=x/><input disabled/><a b=c d= e =f>g</a/>'],
    ['a tag name the page ends inside', '<p>x</p><section-with-a-long-name'],
    ['an attribute name the page ends inside', '<p class="a" data-unfinished'],
    ['a closing tag name the page ends inside', '<p>x</unfinished-closing'],
  ])('reports the same events for %s', (_, html) => {
    expect(events(html, IndexOfTokenizer)).toEqual(events(html, undefined));
  });

  it('reports the same events on generated markup, written whole or in pieces', () => {
    const piece = fc.constantFrom('<', '>', '</', '/>', '"', "'", '=', '-->', '<!--', ']]>', '<![CDATA[', '<p ', '<a href=', '<script>', '</script>', '<title>', '</title>', ' ', 'x', '&amp;', '\n',
      '<div', '</div', '<DIV', 'class', 'data-Long-Name', '\t', '\f', '\r', 'é', '/', '<x-y');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.integer({ min: 1, max: 4 }), (pieces, chunks) => {
        const html = pieces.join('');
        expect(events(html, IndexOfTokenizer, chunks)).toEqual(events(html, undefined, chunks));
      }),
      { numRuns: 500 },
    );
  });
});
