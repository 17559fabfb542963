import type { Element } from 'domhandler';
import { walkElements } from '../util/dom.js';
import { textOf } from '../util/text.js';

// What the rules that cut a trailing part off a title share (title-scores.ts: a score or rating after
// the name; title-bylines.ts: a byline): the element holding the title's text, and the title without
// the trailing part's text, both compared with white space left out.

/** The text without any white space (the title and its parts are compared this way). */
export function squeeze(text: string): string {
  return text.replace(/[\s\u00a0]+/g, '');
}

/** `source` when its text is the title, else the first element inside it (`depth` levels down) whose text is. */
export function titleHolder(source: Element, wanted: string, depth: number): Element | undefined {
  if (squeeze(textOf(source, 600)) === wanted) return source;
  let found: Element | undefined;
  walkElements(source, (element) => {
    if (found) return false;
    const text = squeeze(textOf(element, 600));
    if (text === wanted) found = element;
    // Only an element whose text holds the title can hold the element whose text is the title.
    return !found && text.includes(wanted);
  }, depth);
  return found;
}

/** `text` without `end` (spaces aside: "9. 3" as extracted is the "9.3" shown), or undefined when it does not end so. */
export function withoutEnd(text: string, end: string): string | undefined {
  let at = text.length;
  for (let index = end.length - 1; index >= 0; index -= 1) {
    while (at > 0 && /[\s\u00a0]/.test(text[at - 1]!)) at -= 1;
    if (at === 0 || text[at - 1] !== end[index]) return undefined;
    at -= 1;
  }
  return text.slice(0, at);
}
