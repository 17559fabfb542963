import type { Element } from 'domhandler';
import { attribute, isElement, walkElements } from '../util/dom.js';
import { textOf } from '../util/text.js';
import { innermost } from './title-badges.js';
import { squeeze, titleHolder, withoutEnd } from './title-ends.js';

// Fifteenth session (issue #17): a score set as an element of its own after the name in the element
// that holds it (`<div class="title"><span class="name">Film</span><span class="score">9.3</span></div>`,
// `<span class="name">Team</span><span class="points">(823 points)</span>`) is a rating of the item,
// not a part of its name — as the badges before a headline are not (title-badges.ts).

/** Class names of a score: a score, a rating, points, a grade, stars, votes (`score`, `movie-rating`, `teamPoints`). */
const SCORE_CLASS = /(?:^|[-_\s])(?:score|rating|points|grade|stars|votes)(?:[-_\s]|$)|[a-z](?:Score|Rating|Points|Grade|Stars|Votes)(?:[-_A-Z\s]|$)/;
/** A score's text: a number, with a unit or in brackets ("9.3", "(823 HLTV points)", "4,5 ★"). */
const SCORE_TEXT = /^[([（]?\s*\d{1,5}(?:[.,]\d{1,2})?\s*(?:[\p{L}★☆][\p{L}\s★☆]{0,20})?[)\]）]?$/u;

/**
 * The title without the scores that close it: in one of `sources` whose text is the title (or the
 * element inside it that holds all of that text), the trailing child elements classed as a score
 * whose text is a number (with a unit or in brackets, at most 25 characters, no link) are left out
 * when a name with a letter or a digit stands before them. Else the title as it was.
 */
export function withoutTrailingScores(title: string, sources: readonly (Element | undefined)[]): string {
  // Only a title with a digit near its end can close with a score: most titles are passed at once.
  if (!SCORE_NEAR_END.test(title)) return title;
  const wanted = squeeze(title);
  for (const source of sources) {
    const holder = source ? titleHolder(source, wanted, 8) : undefined;
    if (!holder) continue;
    const scores = trailingScores(innermost(holder));
    if (scores === undefined) continue;
    let rest: string | undefined = title;
    for (const score of scores) {
      rest = withoutEnd(rest, squeeze(score));
      if (rest === undefined) return title;
    }
    rest = rest.replace(/[\s\u00a0:|·•–—-]+$/, '').trim();
    if (rest.length >= 1 && /[\p{L}\p{N}]/u.test(rest)) return rest;
  }
  return title;
}

/** A digit within the last 25 characters. */
const SCORE_NEAR_END = /\d[^\d]{0,24}$/;

/** The texts of the score elements that close `holder` after a part of its name, last first, or undefined. */
function trailingScores(holder: Element): string[] | undefined {
  const scores: string[] = [];
  for (let index = holder.children.length - 1; index >= 0; index -= 1) {
    const child = holder.children[index]!;
    if (child.type === 'text') {
      if ((child as unknown as { data: string }).data.replace(/[\s\u00a0]+/g, '') === '') continue;
      return scores.length > 0 ? scores : undefined;
    }
    if (!isElement(child)) continue;
    const text = textOf(child, 60);
    if (text === '') continue;
    if (!score(child, text)) return scores.length > 0 ? scores : undefined;
    scores.push(text);
  }
  return undefined;
}

function score(element: Element, text: string): boolean {
  if (element.name === 'a' || text.length > 25 || !SCORE_TEXT.test(squeeze(text)) || !SCORE_CLASS.test(attribute(element, 'class') ?? '')) return false;
  let linked = false;
  walkElements(element, (inner) => {
    if (inner.name === 'a') linked = true;
    return !linked;
  }, 4);
  return !linked;
}
