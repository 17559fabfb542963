import { parseFragment } from '../dom/deferred-entities.js';
import { textContent } from 'domutils';

const TITLE_FROM_DESCRIPTION_LENGTH = 100;

/** One line, single spaces: feed readers show titles on one line. */
export function singleLine(value: string): string {
  return NOT_SINGLE_LINE.test(value) ? value.replace(/\s+/g, ' ').trim() : value;
}

/**
 * Text that `singleLine` would change: whitespace other than a plain space, two in a row, or a
 * space at either end. Most extracted text has none of these and is returned as it is, without a
 * replacement that rebuilt every string with a space in it.
 */
const NOT_SINGLE_LINE = /[^\S ]|\s\s|^\s|\s$/;

/** The visible text of an HTML fragment (entities decoded, tags dropped). */
export function htmlToText(html: string): string {
  return singleLine(textContent(parseFragment(html).children));
}

/** A title for an item that has none: the start of its text, cut at a word boundary. */
export function titleFromText(text: string, maxLength = TITLE_FROM_DESCRIPTION_LENGTH): string {
  const line = singleLine(text);
  if (line.length <= maxLength) return line;
  const cut = line.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  const head = lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut;
  return `${head.replace(/[\s,;:.-]+$/, '')}…`;
}

const MARKUP = /<\/?[a-z][^>]*>|&(?:[a-z]+|#\d+|#x[0-9a-f]+);/i;

/** True when `value` holds a tag or an entity: it was written as HTML. */
export function holdsMarkup(value: string): boolean {
  return MARKUP.test(value);
}

/**
 * A description written as plain text (the `text` extractor) keeps its paragraphs and line breaks
 * when shown as HTML; anything that already holds markup or entities is left to the sanitiser.
 */
export function plainTextToHtml(value: string): string {
  if (MARKUP.test(value) || !/\n/.test(value.trim())) return value;
  return textToHtml(value);
}

/** Text known to be plain (Atom `type="text"`) as HTML: escaped, paragraphs and line breaks kept. */
export function textToHtml(text: string): string {
  const trimmed = text.trim();
  if (!/\n/.test(trimmed)) return escapeHtml(trimmed);
  return trimmed
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${paragraph.split('\n').map((line) => escapeHtml(line.trim())).join('<br>')}</p>`)
    .join('');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
