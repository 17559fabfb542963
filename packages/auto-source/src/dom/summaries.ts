import type { ItemDraft } from '@pagefeed/core';
import { notAHeadline } from './title-text.js';

// What is left of an item's text for its summary (see `draftOf` in item-fields.ts).

/**
 * The rest of the item's text after its title and date, kept as the summary when a reader learns
 * something from it. From 20 characters on it is a snippet. A shorter rest is kept when it is real
 * item text — a price ("CA$ 13.39"), a place ("Room 300"), a size ("86 m²"), an author — and
 * dropped when it is a call to action ("Read more"), a count ("12 comments"), a rating, a date, a
 * label ("Wichtig:"), only the texts of the item's links ("Video", "2 Attachments"), or holds no
 * letter or digit ("|", "·"). Text most items of the list share is dropped list-wide
 * (`dropSharedSummaries`).
 */
export function keptSummary(rest: string, linkTexts: readonly string[] = []): string | undefined {
  const text = rest.trim();
  if (text.length >= 20) return text;
  if (text.length < 2 || !/[\p{L}\p{N}]/u.test(text) || notAHeadline(text) || text.endsWith(':')) return undefined;
  // Only the texts of the item's other links ("Video", "2 Attachments", "PDF Document"): the links
  // themselves say it, the summary would not.
  let left = text;
  for (const link of linkTexts) if (link.length > 0) left = left.split(link).join(' ');
  return /[\p{L}\p{N}]/u.test(left) ? text : undefined;
}

/**
 * Drops a short summary (under 20 characters, the ones `keptSummary` admits as real text) that
 * more than half of a list's items (at least three) share word for word: the list's boilerplate
 * ("Add to cart", "Tweet Pin It", a shop's name), not any item's text. Longer summaries are left
 * alone, as before: identical snippets are rare and may be real (one job text on every opening).
 */
export function dropSharedSummaries(drafts: readonly ItemDraft[]): void {
  if (drafts.length < 3) return;
  const counts = new Map<string, number>();
  for (const draft of drafts) if (typeof draft.description === 'string' && draft.description.length < 20) counts.set(draft.description, (counts.get(draft.description) ?? 0) + 1);
  for (const draft of drafts) {
    if (typeof draft.description === 'string' && (counts.get(draft.description) ?? 0) * 2 > drafts.length) delete draft.description;
  }
}
