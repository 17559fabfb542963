import type { PageUrls } from '../util/url.js';
import type { ExtractedItem } from './item-fields.js';

/** Share of content-like (or linked) items above which the odd ones out are dropped. */
const CLEAR_MAJORITY = 0.6;
/** Above this share of content-like URLs, same-site links that are not (section indexes) go too. */
const OVERWHELMING_MAJORITY = 0.85;

/**
 * Drops the odd members of a clear list: a "more posts" button or a subscribe promo among posts
 * (utility URL among content URLs), a poll without a link among linked teasers.
 */
export function dropOutliers(items: readonly ExtractedItem[], urls: PageUrls): { kept: ExtractedItem[]; dropped: number } {
  const linked = items.filter((item) => item.draft.url);
  const shapes = new Map(linked.map((item) => [item, urls.shape(item.draft.url ?? '')]));
  const content = linked.filter((item) => shapes.get(item)?.content).length;
  const mostlyLinked = linked.length >= items.length * 0.8;
  const mostlyContent = content >= linked.length * CLEAR_MAJORITY;
  const allContent = content >= linked.length * OVERWHELMING_MAJORITY;
  const kept = items.filter((item) => {
    if (!item.draft.url) return !mostlyLinked;
    const shape = shapes.get(item);
    // Only this site's own chrome: another site's paths say nothing about this page.
    if (!shape || shape.content || !urls.sameHost(item.draft.url)) return true;
    return !(shape.utility ? mostlyContent : allContent);
  });
  return { kept, dropped: items.length - kept.length };
}
