import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'htmlparser2';
import { findOne, textContent } from 'domutils';
import { characterData, cleanXmlText, element, escapeAttribute, escapeText, htmlTextElement, serializeXmlDocument, textElement } from './xml-writer.js';
import { outsideCharacterData } from './test-support/xml.js';
import { PYTHON_PATH } from '../../../../testing/system.js';

/** The text an XML parser reads from the one `<t>` element of `document`. */
function textOfT(document: string): string {
  const element = findOne((node) => node.name === 't', parseDocument(document, { xmlMode: true }).children);
  if (!element) throw new Error(`no <t> in ${document}`);
  return textContent(element);
}

describe('xml writer', () => {
  it.each([
    ['a & b', 'a &amp; b'],
    ['<x>', '&lt;x&gt;'],
    ['end ]]> here', 'end ]]&gt; here'],
    ['nul\u0000 vt\u000B ff\u000C esc\u001B del\u007F c1\u0090', 'nul vt ff esc del c1'],
    ['lone \uD83D high and \uDE00 low', 'lone  high and  low'],
    ['pair 😀 kept', 'pair 😀 kept'],
    ['tab\tnewline\ncr\r', 'tab\tnewline\ncr\r'],
    ['\uFFFE\uFFFF', ''],
    ['\uDBFF\uDBFF\uDC00 two highs, one pair', '\uDBFF\uDC00 two highs, one pair'],
    ['\uDC00\uD800 low then high', ' low then high'],
    ['astral \u{10FFFF} and \u{1F600}\u0085', 'astral \u{10FFFF} and \u{1F600}\u0085'],
  ])('escapes text %j', (input, expected) => {
    expect(escapeText(input)).toBe(expected);
  });

  it('removes exactly what the XML character range excludes (code point by code point)', () => {
    // The reference: the definition itself, one code point at a time (lone surrogates included).
    const allowed = (code: number) =>
      code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0x7e) || code === 0x85 ||
      (code >= 0xa0 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
    const reference = (text: string) => [...text].filter((character) => allowed(character.codePointAt(0)!)).join('');
    // Code units, so lone and swapped surrogates and C0/C1 controls are all drawn often.
    const unit = fc.oneof(
      fc.integer({ min: 0, max: 0x3f }),
      fc.integer({ min: 0x7e, max: 0xa0 }),
      fc.integer({ min: 0xd7f0, max: 0xe010 }),
      fc.integer({ min: 0xfff0, max: 0xffff }),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 24 }), (units) => {
        const text = String.fromCharCode(...units);
        expect(cleanXmlText(text)).toBe(reference(text));
        // An element is written exactly when something is left of its text.
        expect(textElement('t', text) === undefined).toBe(reference(text) === '');
      }),
      { numRuns: 3000 },
    );
  });

  it('escapes attributes including quotes and whitespace that normalisation would eat', () => {
    expect(escapeAttribute('a"b<c>&\n\t')).toBe('a&quot;b&lt;c&gt;&amp;&#10;&#9;');
  });

  it('drops missing children and attributes, self-closes empty elements, indents nested ones', () => {
    const root = element('a', { x: '1', y: undefined }, [textElement('b', 'text'), textElement('c', ''), undefined, element('d')]);
    expect(serializeXmlDocument(root, { processingInstructions: [{ name: 'xml-stylesheet', attributes: { href: 'x?a=1&b=2', media: undefined } }] })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<?xml-stylesheet href="x?a=1&amp;b=2"?>\n<a x="1">\n  <b>text</b>\n  <d/>\n</a>\n',
    );
  });

  it('treats text made only of illegal characters as empty', () => {
    expect(textElement('t', '\u0000\u0001')).toBeUndefined();
    expect(cleanXmlText('\u0000ok')).toBe('ok');
  });

  it.each([
    ['<p>Hi</p>', '<![CDATA[<p>Hi</p>]]>'],
    ['Tom & Jerry', '<![CDATA[Tom & Jerry]]>'],
    ['plain text', 'plain text'],
    ['a ]]> b', '<![CDATA[a ]]]]><![CDATA[> b]]>'],
    ['<![CDATA[x]]>', '<![CDATA[<![CDATA[x]]]]><![CDATA[>]]>'],
    ['nul\u0000<b>', '<![CDATA[nul<b>]]>'],
  ])('writes HTML payload %j as %j', (input, expected) => {
    expect(characterData(input)).toBe(expected);
  });

  it('reads back from a CDATA payload exactly the text the escaped form gives (generated text)', () => {
    const piece = fc.oneof(
      fc.constantFrom(']]>', ']]', ']', '>', '<', '&', '&amp;', '<![CDATA[', '<p>', '\u0000', '\uD800', '😀', '\r\n', ' '),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        const payload = htmlTextElement('t', text);
        const escaped = textElement('t', text);
        expect(payload === undefined).toBe(escaped === undefined);
        if (payload === undefined || escaped === undefined) return;
        const document = serializeXmlDocument(payload);
        // No `]]>` outside the sections, and the text read back is the cleaned text, as from escaping.
        expect(outsideCharacterData(document)).not.toContain(']]>');
        expect(textOfT(document)).toBe(cleanXmlText(text));
        expect(textOfT(document)).toBe(textOfT(serializeXmlDocument(escaped)));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives a strict XML parser (expat) the same text from CDATA payloads as from escaped text', () => {
    // One Python process for a few hundred generated documents: expat normalises line ends and
    // refuses anything not well-formed, which htmlparser2 above does not.
    const piece = fc.oneof(fc.constantFrom(']]>', ']]', '>', '<', '&', '<![CDATA[', '\r\n', '\r', '\u0000', '😀'), fc.string({ maxLength: 5 }));
    const texts = fc.sample(fc.array(piece, { maxLength: 10 }).map((pieces) => pieces.join('')), { numRuns: 400, seed: 7 });
    const pairs = texts.flatMap((text) => {
      const payload = htmlTextElement('t', text);
      const escaped = textElement('t', text);
      return payload && escaped ? [[serializeXmlDocument(payload), serializeXmlDocument(escaped)]] : [];
    });
    const script = [
      'import sys, json, xml.dom.minidom',
      'def text(d):',
      '    return "".join(n.data for n in xml.dom.minidom.parseString(d.encode("utf-8")).documentElement.childNodes)',
      'print(json.dumps([[text(a), text(b)] for a, b in json.load(sys.stdin)]))',
    ].join('\n');
    const result = spawnSync(PYTHON_PATH, ['-c', script], { input: JSON.stringify(pairs), encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    const read = JSON.parse(result.stdout) as [string, string][];
    expect(read).toHaveLength(pairs.length);
    expect(pairs.length).toBeGreaterThan(300);
    for (const [fromPayload, fromEscaped] of read) expect(fromPayload).toBe(fromEscaped);
  });
});

