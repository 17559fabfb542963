import type { Element } from 'domhandler';
import { attribute, isElement, walkElements } from '../util/dom.js';
import { textOf } from '../util/text.js';

// Fourteenth session (issue #17): a badge set as an element of its own at the start of the element
// that holds the headline (`<h3><span class="tag">#showdev</span>How to …</h3>`, `<a><span
// class="label">TQ</span>&nbsp;Email …</a>`, `<em><span class="category">[News]</span> County …</em>`)
// is not a part of the headline: a person reads the badge as a tag beside the name.

/** Class names of a badge: a label, a tag, a flag, a category (`label--gray`, `tag-identifier`, `styCategory`). */
const BADGE_CLASS = /(?:^|[-_\s])(?:label|badge|tag|flag|category|prefix)s?(?:[-_\s]|$)|[a-z](?:Label|Badge|Tag|Flag|Category|Prefix)s?(?:[-_A-Z\s]|$)/;
/** A badge's text set off by its own writing: a hash tag, or a text in brackets ("[News]", "【PR】"). */
const BADGE_TEXT = /^(?:#[\p{L}\p{N}_-]+|\[[^\]]{1,20}\]|【[^】]{1,20}】)$/u;

/**
 * The title without the badges that open it: in one of `sources` whose text is the title (or the
 * element inside it, up to four levels down, that holds all of that text), the leading child elements that are badges — classed
 * as one or written as one (see above), without a link, at most 25 characters and three words —
 * followed by the element's own bare text, which is the headline. The headline left must hold a
 * letter, be at least 8 characters and twice as long as the badges. Else the title as it was.
 */
export function withoutLeadingBadges(title: string, sources: readonly (Element | undefined)[]): string {
  const wanted = squeeze(title);
  if (wanted.length < 12) return title;
  for (const source of sources) {
    if (!source) continue;
    // The source when its text is the title, then down through wrappers of one child (a card
    // link's `div` around its heading): one text read per source, as this runs for every item.
    if (squeeze(textOf(source, 600)) !== wanted) continue;
    const holder = innermost(source);
    const badges = leadingBadges(holder);
    if (badges === undefined) continue;
    let rest = title;
    for (const badge of badges) {
      const at = rest.indexOf(badge);
      if (at < 0 || rest.slice(0, at).trim() !== '') return title;
      rest = rest.slice(at + badge.length);
    }
    rest = rest.replace(/^[\s\u00a0:|·•–—-]+/, '').trim();
    const badgeLength = badges.reduce((total, badge) => total + badge.length, 0);
    if (rest.length >= 8 && /\p{L}/u.test(rest) && rest.length >= badgeLength * 2) return rest;
  }
  return title;
}

/**
 * The element below `element` (up to four levels) that holds all of its text: down through
 * elements whose only content is one child element (spaces, and empty elements beside it, aside).
 */
export function innermost(element: Element): Element {
  let holder = element;
  for (let level = 0; level < 4; level += 1) {
    let only: Element | undefined;
    let several = false;
    for (const child of holder.children) {
      if (child.type === 'text') {
        if ((child as unknown as { data: string }).data.replace(/[\s\u00a0]+/g, '') !== '') return holder;
        continue;
      }
      if (!isElement(child) || textOf(child, 60) === '') continue;
      if (only) several = true;
      only = child;
    }
    if (!only || several) return holder;
    holder = only;
  }
  return holder;
}

/** The texts of the badges that open `holder` before its own bare text, or undefined. */
function leadingBadges(holder: Element): string[] | undefined {
  const badges: string[] = [];
  for (const child of holder.children) {
    if (child.type === 'text') {
      const data = (child as unknown as { data: string }).data;
      if (data.replace(/[\s\u00a0]+/g, '') === '') continue;
      return badges.length > 0 ? badges : undefined;
    }
    if (!isElement(child)) continue;
    const text = textOf(child, 60);
    // An empty spacer (`<span class="label-append">&nbsp;</span>`, an icon) between badges.
    if (text === '') continue;
    if (!badge(child, text)) return undefined;
    badges.push(text);
  }
  return undefined;
}

function badge(element: Element, text: string): boolean {
  if (element.name === 'a' || text.length > 25 || text.split(/\s+/).length > 3) return false;
  let linked = false;
  walkElements(element, (inner) => {
    if (inner.name === 'a') linked = true;
    return !linked;
  }, 4);
  if (linked) return false;
  return BADGE_TEXT.test(text) || BADGE_CLASS.test(attribute(element, 'class') ?? '');
}

/** A label written before a headline: "Q:", "[转]", "【PR】", "#tag" (at most 12 characters). */
const WRITTEN_LABEL = /^(?:\[[^\]]{1,10}\]|【[^】]{1,10}】|\p{L}{1,6}:|#[\p{L}\p{N}_-]{1,12})$/u;

/**
 * The title without a label written before the headline in the link's own text ("Q: How to …",
 * "[转] 负载均衡…") where the link's `title` attribute — the page's own name for the item — starts
 * with the text after the label and not with the label: the page itself names the item without it.
 */
export function withoutWrittenLabel(title: string, link: Element | undefined): string {
  const label = link ? attribute(link, 'title')?.replace(/\s+/g, ' ').trim() : undefined;
  if (!label || label.length < 8) return title;
  const match = /^(\S+)\s+(.+)$/su.exec(title);
  if (!match || !WRITTEN_LABEL.test(match[1]!)) return title;
  const rest = match[2]!.trim();
  const stem = rest.replace(/\s*(?:…|\.\.\.)$/, '');
  if (stem.length < 8 || label.startsWith(match[1]!)) return title;
  if (!label.startsWith(stem)) return title;
  // A text cut with "…" takes the label's whole text, as a cut title does (item-title.ts).
  return stem.length < rest.length && label.length > stem.length && !/\s-\s|\s\|\s/.test(label.slice(stem.length)) ? label : rest;
}

function squeeze(text: string): string {
  return text.replace(/[\s\u00a0]+/g, '');
}
