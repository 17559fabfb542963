import { isTag, isText, type Document, type Element, type ParentNode } from 'domhandler';
import { classAndId, type TextMeasure } from './nodes.js';
import { BLOCK_TAGS, NEGATIVE, POSITIVE } from './patterns.js';

/**
 * Finds the element holding the article: every paragraph-like block gives points to its parent
 * (in full), grandparent (half) and further ancestors (less), weighted by its length and commas;
 * an ancestor starts from a score for its tag and its class/id words, and ends multiplied by the
 * share of its text that is not link text. This is Readability's idea, written for htmlparser2's
 * tree and measured once per element.
 */
export interface Scored {
  readonly top: Element;
  readonly scores: Map<Element, number>;
}

const MIN_BLOCK = 25;
const LEVELS = 5;

export function findTop(document: Document, measure: TextMeasure): Scored | undefined {
  const scores = new Map<Element, number>();
  const blocks: Element[] = [];
  collectBlocks(document, blocks);
  for (const block of blocks) {
    const length = ownRunLength(block, measure);
    if (length < MIN_BLOCK) continue;
    const points = 1 + Math.min(measure.commaCount(block), 12) + Math.min(Math.floor(length / 100), 3);
    let ancestor: ParentNode | null = isParagraph(block) ? block.parent : block;
    for (let level = 0; level < LEVELS && ancestor && isTag(ancestor); level++) {
      if (ancestor.name === 'html') break;
      if (!scores.has(ancestor)) scores.set(ancestor, initialScore(ancestor));
      const divider = level === 0 ? 1 : level === 1 ? 2 : level * 3;
      scores.set(ancestor, (scores.get(ancestor) ?? 0) + points / divider);
      ancestor = ancestor.parent;
    }
  }
  let top: Element | undefined;
  let best = -Infinity;
  for (const [element, score] of scores) {
    const final = score * (1 - measure.linkDensity(element));
    scores.set(element, final);
    if (final > best) {
      best = final;
      top = element;
    }
  }
  if (!top) return undefined;
  return { top: raise(top, scores, measure), scores };
}

/** Paragraph-like blocks: `<p>`, `<pre>`, and elements whose own text is not split by blocks. */
function collectBlocks(node: ParentNode, out: Element[]): void {
  for (const child of node.children) {
    if (!isTag(child)) continue;
    if (isParagraph(child)) out.push(child);
    else {
      if (child.name !== 'body' && child.name !== 'html' && holdsLooseText(child)) out.push(child);
      collectBlocks(child, out);
    }
  }
}

function isParagraph(element: Element): boolean {
  const name = element.name;
  return name === 'p' || name === 'pre' || (name !== 'li' && name !== 'a' && !hasBlockChild(element) && BLOCK_TAGS.has(name));
}

function hasBlockChild(element: Element): boolean {
  for (const child of element.children) if (isTag(child) && BLOCK_TAGS.has(child.name) && child.name !== 'br') return true;
  return false;
}

const LOOSE_TEXT_HOLDERS: ReadonlySet<string> = new Set(['div', 'section', 'article', 'main', 'td', 'center', 'font', 'blockquote', 'dd', 'li']);

/** An element with block children that also holds text of its own (text split by `<br>`s). */
function holdsLooseText(element: Element): boolean {
  if (!LOOSE_TEXT_HOLDERS.has(element.name)) return false;
  for (const child of element.children) if (isText(child) && child.data.trim().length >= 20) return true;
  return false;
}

/** The text of a block that counts for it: all of a paragraph's; the loose runs of a mixed element. */
function ownRunLength(block: Element, measure: TextMeasure): number {
  if (isParagraph(block)) return measure.length(block) - measure.linkLength(block) * 0.5;
  let length = 0;
  for (const child of block.children) {
    if (isText(child)) length += child.data.trim().length;
    else if (isTag(child) && !BLOCK_TAGS.has(child.name)) length += measure.length(child);
  }
  return length;
}

function initialScore(element: Element): number {
  let score = classWeight(element);
  switch (element.name) {
    case 'article': case 'main': score += 10; break;
    case 'div': score += 5; break;
    case 'pre': case 'td': case 'blockquote': score += 3; break;
    case 'address': case 'ol': case 'ul': case 'dl': case 'dd': case 'dt': case 'li': case 'form': score -= 3; break;
    case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': case 'th': score -= 5; break;
  }
  return score;
}

/** +25 for article-like class/id words, -25 for furniture words (both can apply). */
export function classWeight(element: Element): number {
  const words = classAndId(element);
  if (words === '') return 0;
  let weight = 0;
  if (NEGATIVE.test(words)) weight -= 25;
  if (POSITIVE.test(words)) weight += 25;
  return weight;
}

/**
 * Climbs from the best element while its parent is at least as good a container: when several
 * high-scoring elements share an ancestor (an article split in sections), or the parent scores
 * higher, or the element is its parent's only child.
 */
function raise(top: Element, scores: Map<Element, number>, measure: TextMeasure): Element {
  const topScore = scores.get(top) ?? 0;
  const rivals = [...scores].filter(([element, score]) => element !== top && score >= topScore * 0.75).map(([element]) => element);
  let chosen = top;
  if (rivals.length >= 3) {
    for (let ancestor = top.parent; ancestor && isTag(ancestor) && ancestor.name !== 'body'; ancestor = ancestor.parent) {
      const holding = rivals.filter((rival) => contains(ancestor, rival)).length;
      if (holding >= 3) {
        chosen = ancestor;
        break;
      }
    }
  }
  let score = scores.get(chosen) ?? 0;
  for (let parent = chosen.parent; parent && isTag(parent) && parent.name !== 'body'; parent = chosen.parent) {
    const parentScore = scores.get(parent);
    const onlyChild = parent.children.filter(isTag).length === 1;
    if (!onlyChild && (parentScore === undefined || parentScore < score * 0.9 || measure.length(parent) > measure.length(chosen) * 2.5)) break;
    chosen = parent;
    score = Math.max(score, parentScore ?? 0);
  }
  return chosen;
}

function contains(ancestor: ParentNode, node: Element): boolean {
  for (let current = node.parent; current; current = current.parent) if (current === ancestor) return true;
  return false;
}
