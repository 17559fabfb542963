import type { ItemDraft } from '@pagefeed/core';

/** Fewest items of a structured-data list for the page's markup to confirm it. */
const FEWEST_CONFIRMED = 3;
/** Share of the structured items' links that the DOM tier must find among its own items. */
const CONFIRMED_SHARE = 0.8;

/**
 * True when a list read from structured data (JSON-LD, microdata, app state) is also shown by the
 * page's markup as repeated elements: the DOM tier, run as its cross-check, found a list that holds
 * nearly every structured item's link, at least three of the links are distinct and none is the
 * page's own address.
 * Two independent sources agreeing on several distinct entries is list evidence that a blanket
 * `og:type=article` (which many CMSs put on every page) does not outweigh; see the article gate
 * (create-auto-source.ts) and the auto-source README, "Seventh session".
 */
export function markupConfirmsStructuredList(structured: readonly ItemDraft[], dom: readonly ItemDraft[] | undefined, pageUrl: string): boolean {
  if (!dom || structured.length < FEWEST_CONFIRMED) return false;
  const links = structured.map((item) => item.url).filter((url): url is string => typeof url === 'string' && url.length > 0);
  if (links.length < structured.length) return false;
  // Structured data often names an entry twice (a teaser and its full record): repeats are allowed,
  // but at least three distinct entries must remain.
  const distinct = new Set(links.map(withoutFragment));
  if (distinct.size < FEWEST_CONFIRMED || distinct.has(withoutFragment(pageUrl))) return false;
  const shown = new Set(dom.map((item) => item.url).filter((url): url is string => typeof url === 'string').map(withoutFragment));
  return [...distinct].filter((url) => shown.has(url)).length >= distinct.size * CONFIRMED_SHARE;
}

function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return (hash >= 0 ? url.slice(0, hash) : url).replace(/\/$/, '');
}
