import type { AnyNode } from 'domhandler';
import { childrenOf, isElement, isSkippedTag } from './dom.js';

/**
 * Elements that flow inside a line: their text joins the text around them as the page shows it
 * (`<em>number</em>_百度翻译` reads "number_百度翻译", `„Wer liefert <b>was</b>“` reads
 * "„Wer liefert was“"). Every other element starts a new block and is set apart by a space.
 */
const INLINE = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'ins', 'kbd', 'mark', 'nobr',
  'q', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'time', 'tt', 'u', 'var', 'wbr',
]);

/**
 * The other elements of HTML: each starts a new block (or is a box of its own) and is set apart by
 * a space. An element HTML does not know (`<kw>`, a custom element) is laid out inline by browsers.
 */
const BOXES = new Set([
  'address', 'article', 'aside', 'audio', 'blockquote', 'body', 'br', 'button', 'canvas', 'caption', 'center', 'col', 'colgroup', 'dd',
  'details', 'dialog', 'dir', 'div', 'dl', 'dt', 'embed', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5',
  'h6', 'header', 'hgroup', 'hr', 'html', 'iframe', 'img', 'input', 'label', 'legend', 'li', 'main', 'menu', 'meter', 'nav', 'object',
  'ol', 'optgroup', 'option', 'output', 'p', 'picture', 'pre', 'progress', 'ruby', 'rt', 'rp', 'search', 'section', 'select', 'summary',
  'svg', 'table', 'tbody', 'td', 'textarea', 'tfoot', 'th', 'thead', 'tr', 'ul', 'video',
]);

/**
 * The text of `node` as a reader sees it: whitespace collapsed, a space only where the source has
 * whitespace or a block boundary. `textOf` (util/text.ts) puts a space between every two text
 * nodes, which is what the list scorer needs and is cheaper; titles are read with this instead.
 * Stops after `limit` characters of text.
 */
export function readingText(node: AnyNode, limit = 600): string {
  const parts: string[] = [];
  let length = 0;
  const visit = (current: AnyNode, depth: number): void => {
    if (length >= limit || depth > 40) return;
    if (current.type === 'text') {
      const data = (current as unknown as { data: string }).data;
      parts.push(data);
      length += data.length;
      return;
    }
    if (!isElement(current) || isSkippedTag(current.name)) return;
    const block = !INLINE.has(current.name) && BOXES.has(current.name);
    if (block) parts.push(BREAK);
    for (const child of childrenOf(current)) visit(child, depth + 1);
    if (block) parts.push(BREAK);
  };
  visit(node, 0);
  return parts.join('').replace(WIDE_BREAK, '$1').replace(/[\s\u00a0\u200b\u0001]+/g, ' ').trim().slice(0, limit);
}

/** Where a block boundary or `<br>` stood in the text, until spacing is settled. */
const BREAK = '\u0001';
/**
 * A line break between two East Asian wide characters (Han, kana, full-width forms and CJK
 * punctuation) joins them without a space when the text is read as one line, as CSS does with a
 * segment break between such characters ("総集編<br>【2013～2017】" reads "総集編【2013～2017】"). A
 * space written in the source ("図解 ネットワーク") stays; Hangul, which sets words apart with
 * spaces, is not wide here.
 */
const WIDE = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u3000-\\u303f\\uff01-\\uff60\\u30fc]';
const WIDE_BREAK = new RegExp(`(${WIDE})[\\s\\u00a0\\u200b]*\\u0001[\\s\\u00a0\\u200b\\u0001]*(?=${WIDE})`, 'gu');

/** Whether two texts hold the same characters apart from whitespace. */
export function sameButSpacing(a: string, b: string): boolean {
  return a.replace(/[\s\u00a0\u200b]+/g, '') === b.replace(/[\s\u00a0\u200b]+/g, '');
}
