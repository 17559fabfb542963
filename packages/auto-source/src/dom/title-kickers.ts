import type { Element } from 'domhandler';
import { attribute, walkElements } from '../util/dom.js';
import { textOf } from '../util/text.js';

// A kicker set apart from the headline inside one element, left out of the title a reader sees
// (read by `refineTitle`, item-title.ts).

/** Class names of a kicker: the short label a news site sets above or before a headline ("Dachzeile"). */
const KICKER_CLASS = /(?:^|[-_\s])(?:kicker|topline|top-line|overline|eyebrow|dachzeile|roofline|supertitle|super-title|pretitle|pre-title|strapline)(?:[-_\s]|$)/i;

/**
 * A headline element that holds a kicker before the headline proper (`<h3><span
 * class="…topline">Konferenz der Gesundheitsminister</span> <span class="…headline">Anspruch auf
 * PCR-Test …</span></h3>`): the title is the headline without the kicker, as a reader sees them
 * set apart. Only an element classed as a kicker whose text opens the title counts.
 */
export function withoutKicker(title: string, elements: readonly (Element | undefined)[]): string {
  for (const element of elements) {
    if (!element) continue;
    let kicker: string | undefined;
    walkElements(element, (inner) => {
      if (kicker !== undefined) return false;
      if (KICKER_CLASS.test(attribute(inner, 'class') ?? '')) {
        kicker = textOf(inner, 200);
        return false;
      }
      return true;
    }, 4);
    // The kicker ends where a word ends ("Retail" is not the kicker of "Retailers see …").
    if (kicker && title.startsWith(kicker) && !/^[\p{L}\p{N}]/u.test(title.slice(kicker.length))) {
      const rest = title.slice(kicker.length).replace(/^[\s:|·–—-]+/, '').trim();
      if (rest.length >= 3) return rest;
    }
  }
  return title;
}
