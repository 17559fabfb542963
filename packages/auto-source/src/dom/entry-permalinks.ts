import type { Element } from 'domhandler';
import { attribute, isElement, walkElements } from '../util/dom.js';
import { readingText } from '../util/reading-text.js';
import { textOf } from '../util/text.js';
import type { ExtractedItem } from './item-fields.js';
import type { RowAccess } from './row-link-shape.js';

/**
 * A changelog, a release log or a notice board often writes its entries as text without a link of
 * their own: a category label, a paragraph, and at the entry's end (or beside its heading) a
 * permalink icon whose href is only a fragment of this page (`#entry-2024-11-1`). The links a person
 * sees inside such an entry are words of its sentences ("see our previous announcement",
 * "the conversations.info method") — they are not the entry. Read by its links alone, the list takes
 * those inline links as its items' links and their words as the titles, and drops every entry
 * without one (sixteenth session, `entryPermalinks`).
 *
 * So when most rows of the leading list hold a permalink of their own to this page — a fragment
 * link without words (or "¶", "#", "permalink", `rel=bookmark`), a different fragment in each
 * row — and the list's current links do not lead their rows (the link's words are not the first
 * thing the row says, or rows were dropped for having no link or title at all), every row with
 * such a permalink becomes an item linked by it (the page URL with its fragment), titled by its
 * heading or else by its longest text. Rows whose links lead them (a post list's headline links
 * with a comment anchor beside them) are never touched.
 */

/** Fewest rows for the rule to read a list. */
const MIN_ROWS = 3;
/** Share of the leading list's rows that must hold a permalink to the page. */
const PERMALINK_SHARE = 0.6;
/** Share of those permalinks with a fragment of their own. */
const PERMALINK_DISTINCT = 0.9;
/**
 * The list's links lead their rows when at least this share of its items has its title first
 * (a heading's link, or the link's words at the row's start) and the list kept this share of the
 * rows with permalinks.
 */
const LEADING_SHARE = 0.5;
const KEPT_SHARE = 0.8;
/** How far below a row its permalink is looked for. */
const PERMALINK_DEPTH = 12;

/** Words of a permalink mark: the icon's only text, if any. */
const PERMALINK_WORDS = /^(permalink|permanent link|link|#|¶|§|∞|⚓|🔗)?$/iu;

/** The link path that reads a row as an entry linked by its permalink (see `extractItem`). */
export const ENTRY_PATH = '\u0002entry';

export function isEntryPath(linkPath: string | undefined): boolean {
  return linkPath === ENTRY_PATH;
}

/** Whether `anchor` is a permalink to a fragment of this page (see the module comment). */
export function isEntryPermalink(anchor: Element): boolean {
  const href = attribute(anchor, 'href') ?? '';
  if (!href.startsWith('#') || href.length < 2 || href.startsWith('#!')) return false;
  const rel = attribute(anchor, 'rel') ?? '';
  const className = attribute(anchor, 'class') ?? '';
  if (/\bbookmark\b/i.test(rel) || /permalink/i.test(className)) return true;
  return PERMALINK_WORDS.test(textOf(anchor, 40).replace(/\s+/g, ' ').trim());
}

/** The row's last permalink to a fragment of the page (an entry's permalink closes it or sits beside its heading). */
function permalinkOf(member: Element): string | undefined {
  let found: string | undefined;
  walkElements(member, (element) => {
    if (element.name === 'a' && isEntryPermalink(element)) found = attribute(element, 'href');
    return true;
  }, PERMALINK_DEPTH);
  return found;
}

/**
 * The leading list's items re-read as entries linked by their own permalinks (see the module
 * comment); `items` itself when the list is no such list.
 */
export function relinkToEntryPermalinks<S>(items: readonly ExtractedItem[], states: readonly S[], access: RowAccess<S>, pageUrl: string): readonly ExtractedItem[] {
  if (states.length < MIN_ROWS) return items;
  const permalinks = new Map<S, string>();
  for (const state of states) {
    const member = access.memberOf(state) as Element;
    const fragment = permalinkOf(member);
    if (fragment !== undefined) permalinks.set(state, fragment);
  }
  if (permalinks.size < states.length * PERMALINK_SHARE) return items;
  const fragments = new Set(permalinks.values());
  if (fragments.size < permalinks.size * PERMALINK_DISTINCT) return items;
  let leading = 0;
  for (const item of items) if (item.titleLeads) leading += 1;
  if (leading >= items.length * LEADING_SHARE && items.length >= permalinks.size * KEPT_SHARE) return items;
  const byMember = new Map<unknown, ExtractedItem>();
  for (const item of items) byMember.set(item.member, item);
  const base = pageUrl.replace(/#.*$/, '');
  const result: ExtractedItem[] = [];
  for (const state of states) {
    const fragment = permalinks.get(state);
    const entry = fragment !== undefined ? access.itemOf(state, ENTRY_PATH) : undefined;
    if (entry !== undefined && fragment !== undefined) {
      result.push({ ...entry, url: `${base}${fragment}`, draft: undefined });
      continue;
    }
    const current = byMember.get(access.memberOf(state));
    if (current) result.push(current);
  }
  return result.length >= MIN_ROWS ? result : items;
}

/** Longest title an entry without a heading takes from its text (its first sentence or words). */
const ENTRY_TITLE = 120;
/** Longest first sentence an entry's title may be. */
const ENTRY_SENTENCE = 200;
/** Shortest block of text an entry's title is read from. */
const ENTRY_BLOCK = 20;
const INLINE_ELEMENTS = /^(a|abbr|b|bdi|cite|code|data|del|em|font|i|img|ins|kbd|mark|q|s|small|span|strong|sub|sup|time|u|wbr|br)$/;

/**
 * An entry's words where it has no heading: its first block of text that reads as a sentence (a
 * category label or a date line before it is too short), cut to its first sentence when long.
 */
export function entryWords(member: Element): string {
  let first: string | undefined;
  walkElements(member, (element) => {
    if (first !== undefined) return false;
    if (!isElement(element) || INLINE_ELEMENTS.test(element.name)) return true;
    if (element.children.some((child) => isElement(child) && !INLINE_ELEMENTS.test(child.name))) return true;
    // As the page shows it: no space where inline markup (a code name, a bold date) meets a comma.
    const text = readingText(element, 2_000).replace(/\s+/g, ' ').trim();
    if (text.length >= ENTRY_BLOCK && /\p{L}{2}/u.test(text)) first = text;
    return false;
  }, 16);
  const text = first ?? textOf(member, 600).replace(/\s+/g, ' ').trim();
  if (text.length <= ENTRY_TITLE) return text;
  // Its first sentence when that is short enough, else its first words.
  const sentence = /^.{20,}?[.!?。！？](?=\s|$)/u.exec(text.slice(0, ENTRY_SENTENCE + 1));
  return sentence ? sentence[0] : text.slice(0, ENTRY_TITLE).replace(/\s+\S*$/, '');
}
