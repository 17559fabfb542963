import type { Element } from 'domhandler';
import type { ItemDraft } from '@pagefeed/core';
import { attribute, isElement } from '../util/dom.js';
import type { PageUrls } from '../util/url.js';
import { notAPicture } from './image-kinds.js';

/** Names of images that stand in for a picture still to load, or hold none. */
const PLACEHOLDER = /(^|[/_.-])(placeholder|spacer|blank|pixel|transparent|loading|lazy|grey|gray|1x1|empty)([/_.-]|$)/i;
const SRCSET_ATTRIBUTES = ['srcset', 'data-srcset', 'data-lazy-srcset'];
const SRC_ATTRIBUTES = ['data-src', 'data-lazy-src', 'data-original', 'data-url', 'src'];

/**
 * The item's own picture: the largest candidate of the first image's `srcset` (or its lazy
 * `data-srcset`, or a `<picture>`'s `<source srcset>`), else its lazy `data-src` and then `src`.
 * Placeholders (`data:` URIs, spacer and loading images) and icons, avatars, logos and emoji
 * (`notAPicture`: a declared size under 48 px, such a class, alt text or file name) are skipped for
 * the next image.
 */
export function itemImage(images: readonly Element[], urls: PageUrls): string | undefined {
  for (const image of images) {
    const candidate = largestCandidate(image) ?? firstSource(image);
    const url = candidate ? urls.resolve(candidate) : undefined;
    if (url && !PLACEHOLDER.test(new URL(url).pathname) && !notAPicture(image, url)) return url;
  }
  return undefined;
}

function largestCandidate(image: Element): string | undefined {
  const sets: string[] = [];
  for (const name of SRCSET_ATTRIBUTES) {
    const value = attribute(image, name);
    if (value) sets.push(value);
  }
  const picture = image.parent && isElement(image.parent) && image.parent.name === 'picture' ? image.parent : undefined;
  for (const child of picture?.children ?? []) {
    if (!isElement(child) || child.name !== 'source') continue;
    const value = attribute(child, 'srcset') ?? attribute(child, 'data-srcset');
    if (value) sets.push(value);
  }
  let best: { url: string; size: number } | undefined;
  for (const set of sets) {
    for (const part of set.split(/,\s+/)) {
      const [url, descriptor] = part.trim().split(/\s+/);
      if (!url || url.startsWith('data:')) continue;
      // "800w" and "2x" compare within one srcset; widths win over densities across sets (1x ≈ 1 px).
      const size = Number.parseFloat(descriptor ?? '1') || 1;
      if (!best || size > best.size) best = { url, size };
    }
  }
  return best?.url;
}

function firstSource(image: Element): string | undefined {
  for (const name of SRC_ATTRIBUTES) {
    const value = attribute(image, name)?.trim();
    if (value && !value.startsWith('data:')) return value;
  }
  return undefined;
}

/**
 * Drops an image that most items of the list share (a logo, an avatar, a placeholder): it is not
 * any item's picture. Lists of fewer than three items keep theirs.
 */
export function dropSharedImages(drafts: ItemDraft[]): void {
  if (drafts.length < 3) return;
  const counts = new Map<string, number>();
  for (const draft of drafts) if (draft.image) counts.set(draft.image, (counts.get(draft.image) ?? 0) + 1);
  for (const draft of drafts) {
    if (draft.image && (counts.get(draft.image) ?? 0) > drafts.length / 2) delete draft.image;
  }
}
