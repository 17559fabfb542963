import { describe, expect, it } from 'vitest';
import { cleanXmlText, element, escapeAttribute, escapeText, serializeXmlDocument, textElement } from './xml-writer.js';

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
  ])('escapes text %j', (input, expected) => {
    expect(escapeText(input)).toBe(expected);
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
});
