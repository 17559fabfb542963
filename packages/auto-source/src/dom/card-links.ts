import type { ItemDraft } from '@pagefeed/core';
import type { Element } from 'domhandler';
import { ancestorsOf, attribute } from '../util/dom.js';
import type { ExtractedItem } from './item-fields.js';

/** How far above an item a link wrapping its card is looked for (card, body, heading wrappers). */
const MAX_LEVELS = 6;
/** Share of the items that must sit in a link of their own, and of those links that must be distinct. */
const MIN_SHARE = 0.9;

/**
 * Items whose whole card is one link (`<a href><div class="card">…<h3>…</h3></div></a>`) while the
 * list was read from inside it (the cards' headings) have no link of their own, so every item fell
 * back to the page's address. When every item of the list does and nearly all of them sit inside a
 * link of their own — distinct per item, wrapping no other item — they take that link: a person
 * clicking the card reaches the item (eleventh session, `enclosingCardLinks`).
 */
export function linksFromEnclosingCards(entries: readonly { item: ExtractedItem; draft: ItemDraft }[]): void {
  if (entries.length < 3 || entries.some(({ item }) => item.url !== undefined)) return;
  const found = entries.map(({ item }) => enclosingLink(item.member));
  const urls = found.map((link, index) => (link ? entries[index]!.item.urls.resolve(attribute(link, 'href')) : undefined));
  const linked = urls.filter((url): url is string => url !== undefined);
  if (linked.length < entries.length * MIN_SHARE) return;
  if (new Set(linked.map((url) => entries[0]!.item.urls.key(url))).size < linked.length * MIN_SHARE) return;
  // A link wrapping several items is a section's, not a card's.
  if (new Set(found.filter(Boolean)).size < linked.length) return;
  entries.forEach(({ draft }, index) => {
    const url = urls[index];
    if (url !== undefined) draft.url = url;
  });
}

function enclosingLink(member: Element): Element | undefined {
  let level = 0;
  for (const ancestor of ancestorsOf(member)) {
    if (level >= MAX_LEVELS) return undefined;
    if (ancestor.name === 'a') return attribute(ancestor, 'href') !== undefined ? ancestor : undefined;
    level += 1;
  }
  return undefined;
}
