import { isTag, type Element, type ParentNode } from 'domhandler';
import { attr, childElements, classAndId, countTags, detach, type TextMeasure } from './nodes.js';
import { BYLINE_TEXT, CONDITIONAL, DATELINE_TEXT, FURNITURE_TEXT, LAZY_SRC, LAZY_SRCSET } from './patterns.js';
import { classWeight } from './score.js';

/**
 * Cleans the chosen article container in place: drops headings that are not part of the text,
 * blocks that read as link lists, share bars or ad slots (Readability's "conditional cleaning"
 * rules), short furniture lines, and empty paragraphs; gives lazily loaded images their real
 * address.
 */
export function cleanArticle(root: Element, measure: TextMeasure, title: string): void {
  measure.reset();
  cleanConditionally(root, measure, measure.length(root) * 0.5);
  measure.reset();
  for (const element of [...walk(root)]) {
    if (!element.parent) continue;
    const name = element.name;
    if (name === 'h1' || name === 'figcaption') detach(element);
    else if (measure.length(element) < 300 && META_WORDS.test(classAndId(element))) detach(element);
    else if (/^h[2-6]$/.test(name) && (classWeight(element) < 0 || measure.linkDensity(element) > 0.33 || sameText(element, title, measure) || isFurnitureLine(element, measure))) detach(element);
    else if (name === 'img') resolveLazyImage(element);
    else if ((name === 'p' || name === 'div' || name === 'span' || name === 'li') && isFurnitureLine(element, measure)) detach(element);
  }
  removeEmpty(root);
}

/** Class or id words of the lines around an article's text: captions, credits, bylines, time stamps. */
const META_WORDS = /caption|credit|byline|dateline|timestamp|published|author-name|article-meta|post-meta|entry-meta/i;

function* walk(root: ParentNode): Generator<Element> {
  for (const child of [...root.children]) {
    if (!isTag(child)) continue;
    yield child;
    yield* walk(child);
  }
}

interface Counts {
  p: number;
  img: number;
  li: number;
  input: number;
}

/**
 * Removes furniture-like containers, deepest first, counting the paragraphs, images, list items and
 * inputs below each element in the same pass. `bulk`: an element holding this much text is the
 * article itself, whatever its class says.
 */
function cleanConditionally(node: Element, measure: TextMeasure, bulk: number): Counts {
  const total: Counts = { p: 0, img: 0, li: 0, input: 0 };
  for (const child of childElements(node)) {
    const counts = cleanConditionally(child, measure, bulk);
    if (CONDITIONAL.has(child.name) && measure.length(child) < bulk && looksLikeFurniture(child, counts, measure)) {
      detach(child);
      continue;
    }
    total.p += counts.p + (child.name === 'p' ? 1 : 0);
    total.img += counts.img + (child.name === 'img' ? 1 : 0);
    total.li += counts.li + (child.name === 'li' ? 1 : 0);
    total.input += counts.input + (child.name === 'input' ? 1 : 0);
  }
  return total;
}

function looksLikeFurniture(element: Element, counts: Counts, measure: TextMeasure): boolean {
  const weight = classWeight(element);
  if (weight < 0) return true;
  const length = measure.length(element);
  if (measure.commaCount(element) >= 10) return false;
  const isList = element.name === 'ul' || element.name === 'ol';
  const isFigure = element.name === 'figure';
  if (element.name === 'table' && looksLikeDataTable(element)) return false;
  const paragraphs = counts.p;
  const images = counts.img;
  const items = counts.li - 100;
  const inputs = counts.input;
  const linkDensity = measure.linkDensity(element);
  if (images > 1 && paragraphs / images < 0.5 && !isFigure && length < 200) return true;
  if (!isList && items > paragraphs) return true;
  if (inputs > Math.floor(paragraphs / 3)) return true;
  if (!isList && !isFigure && length < 25 && (images === 0 || images > 2)) return true;
  if (!isList && weight < 25 && linkDensity > 0.2 && length < 1000) return true;
  if (isList && linkDensity > 0.5 && length < 1000) return true;
  if (weight >= 25 && linkDensity > 0.5) return true;
  return false;
}

function looksLikeDataTable(table: Element): boolean {
  if (attr(table, 'role') === 'presentation') return false;
  if (countTags(table, 'table') > 0) return false;
  if (countTags(table, 'caption') > 0 || countTags(table, 'th') > 0 || countTags(table, 'thead') > 0) return true;
  return countTags(table, 'tr') >= 3 && countTags(table, 'td') >= 6;
}

function isFurnitureLine(element: Element, measure: TextMeasure): boolean {
  const length = measure.length(element);
  if (length === 0 || length > 120) return false;
  const text = textOf(element).replace(/\s+/g, ' ').trim();
  if (BYLINE_TEXT.test(text) && !/[.!?]["”]?$/.test(text)) return true;
  if (length > 60) return false;
  if (DATELINE_TEXT.test(text) && (text.match(/\p{L}{4,}/gu) ?? []).length <= 3) return true;
  if (measure.linkDensity(element) > 0.8 && element.name !== 'p') return true;
  return FURNITURE_TEXT.test(text);
}

function sameText(element: Element, title: string, measure: TextMeasure): boolean {
  if (title === '' || measure.length(element) > title.length + 20) return false;
  return textOf(element).replace(/\s+/g, ' ').trim().toLowerCase() === title.toLowerCase();
}

function textOf(node: ParentNode): string {
  let text = '';
  for (const child of node.children) {
    if (child.type === 'text') text += (child as unknown as { data: string }).data;
    else if (isTag(child)) text += textOf(child);
  }
  return text;
}

const PLACEHOLDER = /^data:|blank|spacer|placeholder|pixel|transparent|lazy/i;

function resolveLazyImage(image: Element): void {
  const src = attr(image, 'src');
  if (src === '' || PLACEHOLDER.test(src)) {
    const real = LAZY_SRC.map((name) => attr(image, name)).find((value) => value !== '' && !value.startsWith('data:'));
    if (real) image.attribs.src = real;
  }
  if (attr(image, 'srcset') === '') {
    const set = LAZY_SRCSET.map((name) => attr(image, name)).find((value) => value !== '');
    if (set) image.attribs.srcset = set;
  }
  if (attr(image, 'src') === '' || attr(image, 'src').startsWith('data:')) {
    if (attr(image, 'srcset') === '') detach(image);
  }
}

const KEEP_EMPTY: ReadonlySet<string> = new Set(['img', 'br', 'hr', 'picture', 'source', 'td', 'th', 'tr', 'iframe', 'video']);

function removeEmpty(node: ParentNode): void {
  for (const child of [...node.children]) {
    if (!isTag(child)) continue;
    removeEmpty(child);
    if (KEEP_EMPTY.has(child.name)) continue;
    if (child.children.length === 0 || (childElements(child).length === 0 && textOf(child).trim() === '')) detach(child);
  }
}
