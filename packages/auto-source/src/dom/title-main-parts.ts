import type { AnyNode, Element } from 'domhandler';
import { isElement, walkElements } from '../util/dom.js';
import { textOf } from '../util/text.js';
import { squeeze } from './title-ends.js';
import { notAHeadline } from './title-text.js';

// Seventeenth session (issue #17): a headline element laid out in parts — the name, then the
// film's original and other names, a flat's spec line, a car's trim, or the authors before a
// paper's title — is titled by the part a person copies as the item's name, which the page marks:
// the part classed as the title, or everything before the part classed as a subtitle or other name.

/** A class token that marks the title part (`title`, `item-title`, camel case `articleTitle`; not a subtitle). */
const TITLE_PART = /(?:^|[-_\s])(?:title|headline|heading)(?:[-_\s]|$)|[a-z](?<!sub)(?:Title|Headline|Heading)(?:[-_A-Z\s]|$)/;
/**
 * A class token that marks a subtitle or the rest of a headline (`subtitle`, `sub`, `subline`). A
 * title and its subtitle are one name ("Series" and "Episode 5727", a show and tonight's guest,
 * "<span class="title">Harbor Lights</span> <span class="sub">returns home</span>"): no part is cut
 * where the title holds one.
 */
const SUBTITLE_PART = /(?:^|[-_\s])sub(?:-?(?:title|heading|headline|head|line))?(?:[-_\s]|$)|[a-z](?:Sub|Subtitle|SubTitle|Subheading|Subline)(?:[-_A-Z\s]|$)/;
/** A class token that marks a part after the name: an original, alternative or other name, a tagline. */
const SECONDARY_PART = /(?:^|[-_\s])(?:original|alternative|other|tagline)(?:[-_\s]|$)|[a-z](?:Original|Alternative|Other|Tagline)(?:[-_A-Z\s]|$)/;
/** A part that opens with a separator (" / Léon"): another name of the item, not a part of its name. */
const SEPARATED = /^[\s\u00a0]*[/|｜][\s\u00a0]/;
/** A title-classed part that is a label, a badge, a count or a stamp of the title (`title-label`, `titleIcon`, `title-date`). */
const NOT_A_NAME_PART = /(?:^|[-_\s])(?:label|prefix|badge|tags?|kicker|category|icon|flag|count|number|date|time)(?:[-_\s]|$)|[a-z](?:Label|Prefix|Badge|Tags?|Kicker|Category|Icon|Flag|Count|Number|Date|Time)(?:[-_A-Z\s]|$)/;
const DEPTH = 4;
/** Every word `TITLE_PART`, `SUBTITLE_PART` and `SECONDARY_PART` can match, in any case (a cheap first test). */
const ANY_PART_WORD = /title|headline|heading|sub|original|alternative|other|tagline/i;
/**
 * The attributes that name an element's role for the page's own scripts and tests where its classes
 * are generated (`data-testid="ad-title"`, `data-qa-id="aditem_title"`, `data-mark="OfferTitle"`).
 */
const ROLE_ATTRIBUTES = ['class', 'data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-qa-id', 'data-mark', 'data-cy'];

/** The element's class and role names, space-separated (each is read as class words). */
function marksOf(element: Element): string {
  let marks = '';
  for (const name of ROLE_ATTRIBUTES) {
    const value = element.attribs[name];
    if (value) marks += ` ${value}`;
  }
  return marks;
}

/**
 * The title without the parts after (or before) its name, when one of `sources` lays it out in
 * parts: (1) the first element classed as the title whose text is a part of the title, when no
 * later title-classed part follows it other than one opening with a separator ("<span
 * class="title">Name</span><span class="title"> / Original name</span>", authors before "<span
 * class="articleTitle">…</span>", a car's "<span class="…_heading">Make model</span><span>trim</span>");
 * (2) else the text before the first element classed as an original, alternative or other name or
 * a tagline, when the title goes on with that element's text ("<p class="…__name">Name</p><p
 * class="…__original-name">Original, 1999</p>"). A title that holds a subtitle-classed part (a
 * series and its episode, a show and tonight's guest) is kept whole. Else the title as it was.
 */
export function withoutSecondaryParts(title: string, sources: readonly (Element | undefined)[]): string {
  const wanted = squeeze(title);
  if (wanted.length < 4) return title;
  // The sources are often one element under several names (the heading is the first heading).
  const unique = [...new Set(sources)].filter((source): source is Element => source !== undefined);
  if (!unique.some(holdsMarkedPart)) return title;
  if (unique.some((source) => holdsSubtitle(source, wanted))) return title;
  for (const source of unique) {
    if (!squeeze(textOf(source, 600)).includes(wanted.slice(0, 12))) continue;
    const named = titlePart(source, wanted);
    if (named !== undefined) return named;
    const before = textBeforeSecondary(source, title, wanted);
    if (before !== undefined) return before;
  }
  return title;
}

/**
 * Whether any element inside `source` (to the rules' depth) carries a role attribute with one of
 * the words all three rules look for. Most titles are a bare link or heading: this one walk, with
 * no string built, lets them skip the three rules' walks and text reads (the rule cost about 1.5 ms
 * of a page's median time without it). A superset of the rules' own tests, so no title changes.
 */
function holdsMarkedPart(source: Element): boolean {
  let found = false;
  walkElements(source, (element) => {
    if (found) return false;
    for (const name of ROLE_ATTRIBUTES) {
      const value = element.attribs[name];
      if (value && ANY_PART_WORD.test(value)) {
        found = true;
        return false;
      }
    }
    return true;
  }, DEPTH);
  return found;
}

/** Whether a subtitle-classed part of the title stands inside `source`. */
function holdsSubtitle(source: Element, wanted: string): boolean {
  let found = false;
  walkElements(source, (element) => {
    if (found) return false;
    if (element !== source && SUBTITLE_PART.test(marksOf(element))) {
      const text = squeeze(textOf(element, 300));
      found = text !== '' && wanted.includes(text);
      return false;
    }
    return true;
  }, DEPTH);
  return found;
}

/** Rule 1: the first title-classed part inside `source` whose text is a shorter part of the title. */
function titlePart(source: Element, wanted: string): string | undefined {
  const parts: Element[] = [];
  walkElements(source, (element) => {
    const className = marksOf(element);
    if (element === source || !TITLE_PART.test(className) || NOT_A_NAME_PART.test(className)) return true;
    const text = textOf(element, 600);
    if (text === '') return false;
    // A title element around the whole title (a card's title line holding its time, its topic and
    // its headline part): the part is looked for inside it.
    if (squeeze(text).includes(wanted)) return true;
    parts.push(element);
    return false;
  }, DEPTH);
  const first = parts[0];
  if (!first) return undefined;
  const text = textOf(first, 300);
  const squeezed = squeeze(text);
  if (squeezed === wanted || !wanted.includes(squeezed) || !readable(text)) return undefined;
  // A second title-classed part that does not open with a separator is a part of one name
  // ("<span class="title-main">Star Wars:</span> <span class="title-sub">A New Hope</span>").
  if (parts.slice(1).some((part) => !SEPARATED.test(textOf(part, 300)) && wanted.includes(squeeze(textOf(part, 300))))) return undefined;
  return text;
}

/** Rule 2: the title's text before the first subtitle- or other-name-classed part, when the title goes on with it. */
function textBeforeSecondary(source: Element, title: string, wanted: string): string | undefined {
  let secondary: Element | undefined;
  walkElements(source, (element) => {
    if (secondary !== undefined) return false;
    if (element !== source && SECONDARY_PART.test(marksOf(element)) && textOf(element, 300) !== '') secondary = element;
    return secondary === undefined;
  }, DEPTH);
  if (!secondary) return undefined;
  const prefix = squeeze(textBefore(source, secondary));
  const rest = squeeze(textOf(secondary, 300));
  if (prefix.length < 2 || !wanted.startsWith(prefix) || !wanted.slice(prefix.length).startsWith(rest.slice(0, 12))) return undefined;
  const name = leading(title, prefix.length).replace(/[\s\u00a0:|/·•–—-]+$/u, '').trim();
  return readable(name) ? name : undefined;
}

/** A name a reader can take: two characters or more with a letter, not a date, a label or a count. */
function readable(text: string): boolean {
  return text.length >= 2 && /\p{L}/u.test(text) && !notAHeadline(text);
}

/** The text of `root` before `stop` in document order (`stop`'s own text left out). */
function textBefore(root: Element, stop: Element): string {
  const parts: string[] = [];
  let done = false;
  const visit = (node: AnyNode): void => {
    if (done) return;
    if (node === stop) {
      done = true;
      return;
    }
    if (node.type === 'text') parts.push((node as unknown as { data: string }).data);
    else if (isElement(node) && node.name !== 'script' && node.name !== 'style') for (const child of node.children) visit(child);
  };
  for (const child of root.children) visit(child);
  return parts.join(' ');
}

/** The start of `title` that holds `count` characters other than white space. */
function leading(title: string, count: number): string {
  let seen = 0;
  for (let index = 0; index < title.length; index += 1) {
    if (/[\s\u00a0]/.test(title[index]!)) continue;
    seen += 1;
    if (seen === count) return title.slice(0, index + 1);
  }
  return title;
}
