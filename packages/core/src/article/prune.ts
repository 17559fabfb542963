import { isComment, isTag, type Element, type ParentNode } from 'domhandler';
import { attr, classAndId, detach } from './nodes.js';
import { DROPPED_TAGS, FURNITURE_ROLES, MAYBE, UNLIKELY } from './patterns.js';

/** Tags never removed for their class or id words: the page's frame and the article's own tags. */
const KEPT: ReadonlySet<string> = new Set(['html', 'body', 'article', 'main', 'a', 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'tbody', 'tr', 'td', 'th', 'thead', 'li', 'img', 'picture', 'figure']);

const HIDDEN_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i;

/**
 * Removes what is never article text before any scoring: scripts, forms and media players, page
 * furniture by tag (nav, aside, footer), by ARIA role, by class or id words, and hidden elements.
 * `keepFurniture` leaves class/id matches in place (the second, gentler pass when the first one
 * left too little text).
 */
export function prune(root: ParentNode, keepFurniture: boolean): void {
  for (const child of [...root.children]) {
    if (isComment(child)) {
      detach(child);
      continue;
    }
    if (!isTag(child)) continue;
    if (shouldDrop(child, keepFurniture)) detach(child);
    else prune(child, keepFurniture);
  }
}

function shouldDrop(element: Element, keepFurniture: boolean): boolean {
  const name = element.name;
  if (DROPPED_TAGS.has(name)) return name !== 'footer' || !keepFurniture;
  if (element.attribs.hidden !== undefined) return true;
  if (attr(element, 'aria-hidden') === 'true' && name !== 'img' && name !== 'figure') return true;
  const style = element.attribs.style;
  if (style !== undefined && HIDDEN_STYLE.test(style)) return true;
  const role = element.attribs.role;
  if (role !== undefined && FURNITURE_ROLES.has(role.toLowerCase())) return !keepFurniture || role !== 'complementary';
  if (keepFurniture || KEPT.has(name)) return false;
  if (name === 'header') return !holdsParagraphs(element);
  const words = classAndId(element);
  if (words === '' || !UNLIKELY.test(words) || MAYBE.test(words)) return false;
  return !insideTable(element);
}

function holdsParagraphs(element: Element): boolean {
  let count = 0;
  const walk = (node: ParentNode): void => {
    for (const child of node.children) {
      if (!isTag(child)) continue;
      if (child.name === 'p') count += 1;
      else walk(child);
    }
  };
  walk(element);
  return count >= 2;
}

function insideTable(element: Element): boolean {
  for (let node = element.parent; node && isTag(node); node = node.parent) {
    if (node.name === 'table') return true;
  }
  return false;
}
