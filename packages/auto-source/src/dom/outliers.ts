import type { PageUrls } from '../util/url.js';
import type { ExtractedItem } from './item-fields.js';

/** Share of content-like (or linked) items above which the odd ones out are dropped. */
const CLEAR_MAJORITY = 0.6;
/** Above this share of content-like URLs, same-site links that are not (section indexes) go too. */
const OVERWHELMING_MAJORITY = 0.85;

/**
 * Drops the odd members of a clear list: a "more posts" button or a subscribe promo among posts
 * (utility URL among content URLs), a poll without a link among linked teasers, and a link up to an
 * ancestor of the page (a directory index's `../`, a "back to the section" row) among items that
 * lie below the page.
 */
export function dropOutliers(items: ExtractedItem[], urls: PageUrls): { kept: ExtractedItem[]; dropped: number } {
  let linked = 0;
  let content = 0;
  for (const item of items) {
    if (!item.url) continue;
    linked += 1;
    if (item.shape?.content) content += 1;
  }
  const mostlyLinked = linked >= items.length * 0.8;
  const upLink = upLinkCheck(items, linked, urls);
  const mostlyContent = content >= linked * CLEAR_MAJORITY;
  const allContent = content >= linked * OVERWHELMING_MAJORITY;
  const keep = (item: ExtractedItem): boolean => {
    const url = item.url;
    if (!url) return !mostlyLinked;
    if (upLink?.(item)) return false;
    const shape = item.shape ?? urls.shape(url);
    // Only this site's own chrome: another site's paths say nothing about this page.
    if (shape.content || !urls.sameHost(url)) return true;
    return !(shape.utility ? mostlyContent : allContent);
  };
  // Most lists drop nothing: they keep the caller's array (a new one is made from the first drop).
  for (let index = 0; index < items.length; index += 1) {
    if (keep(items[index]!)) continue;
    const kept = items.slice(0, index);
    for (let rest = index + 1; rest < items.length; rest += 1) if (keep(items[rest]!)) kept.push(items[rest]!);
    return { kept, dropped: items.length - kept.length };
  }
  return { kept: items, dropped: 0 };
}

/**
 * When most linked items lie below the page's own path, a check for items that point to one of the
 * page's ancestors (`/a/b/` on the page `/a/b/c/`); undefined otherwise (most lists: one pass, no work).
 */
function upLinkCheck(items: readonly ExtractedItem[], linked: number, urls: PageUrls): ((item: ExtractedItem) => boolean) | undefined {
  let below = 0;
  for (const item of items) if (item.url && urls.isBelow(item.url)) below += 1;
  if (linked < 3 || below < linked * CLEAR_MAJORITY) return undefined;
  const pageKey = urls.key(urls.pageUrl);
  return (item) => item.urlKey !== undefined && pageKey.length > item.urlKey.length && pageKey.startsWith(`${item.urlKey}/`);
}
