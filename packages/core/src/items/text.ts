import { parseFragment } from '../dom/deferred-entities.js';
import type { AnyNode } from 'domhandler';
import { isCDATA, isTag, isText } from 'domutils';

const TITLE_FROM_DESCRIPTION_LENGTH = 100;

/**
 * One line, single spaces: feed readers show titles on one line. Soft hyphens (U+00AD, `&shy;`)
 * go: a browser shows one only where it breaks a word at a line's end, and a title is one line, but
 * some readers print every one ("Attor-ney Gen-eral").
 */
export function singleLine(value: string): string {
  if (!NOT_SINGLE_LINE.test(value)) return value;
  const text = value.includes('\u00ad') ? value.replace(/\u00ad/g, '') : value;
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Text that `singleLine` would change: whitespace other than a plain space, two in a row, a space
 * at either end, or a soft hyphen. Most extracted text has none of these and is returned as it is,
 * without a replacement that rebuilt every string with a space in it.
 */
const NOT_SINGLE_LINE = /[^\S ]|\s\s|^\s|\s$|\u00ad/;

/**
 * The visible text of an HTML fragment (entities decoded, tags dropped; blocks and `<br>` separate
 * words, so `<p>One.</p><p>Two</p>` reads "One. Two").
 */
export function htmlToText(html: string): string {
  // A fragment's top-level nodes run on like any siblings (`<b>a</b><i>b</i>` reads "ab").
  return singleLine(visibleText(parseFragment(html).children, false, ''));
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

const SKIPPED = new Set(['script', 'style', 'template', 'noscript']);
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure',
  'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre',
  'section', 'table', 'td', 'th', 'tr', 'ul',
]);

/** Visible text with whitespace collapsed; block elements and `<br>` separate words. */
export function textOf(nodes: readonly AnyNode[], json = false): string {
  // The common case, a link or heading holding only its text, without the walk.
  const only = nodes.length === 1 ? nodes[0]! : undefined;
  if (only && isTag(only) && only.children.length === 1 && !SKIPPED.has(only.name)) {
    const child = only.children[0]!;
    if (isText(child)) return singleLine(child.data);
  }
  return singleLine(visibleText(nodes, json, ' '));
}

/** The text pieces under `nodes` joined, `between` after each of `nodes` (see `textOf`). */
function visibleText(nodes: readonly AnyNode[], json: boolean, between: string): string {
  const pieces: string[] = [];
  const walk = (node: AnyNode): void => {
    if (isText(node)) pieces.push(node.data);
    else if (isCDATA(node)) node.children.forEach(walk);
    else if (isTag(node) && !SKIPPED.has(node.name)) {
      const block = json || BLOCKS.has(node.name);
      if (block) pieces.push(' ');
      node.children.forEach(walk);
      if (block) pieces.push(' ');
    }
  };
  nodes.forEach((node) => {
    walk(node);
    pieces.push(between);
  });
  return pieces.join('');
}
