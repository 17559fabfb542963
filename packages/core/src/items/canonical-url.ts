import { isWebHref, resolveHref } from './resolve-url.js';

/**
 * Query parameters that only say where a click came from. Dropping them makes the same article
 * reached from a newsletter and from the page one item with one GUID.
 */
const TRACKING_PARAMETERS = new Set([
  'fbclid', 'gclid', 'gclsrc', 'dclid', 'gbraid', 'wbraid', 'msclkid', 'yclid', 'twclid', 'ttclid', 'li_fat_id',
  'mc_cid', 'mc_eid', 'igshid', 'si', '_ga', '_gl', '_hsenc', '_hsmi', '__hssc', '__hstc', '__hsfp', 'hsctatracking',
  'mkt_tok', 'oly_anon_id', 'oly_enc_id', 'vero_id', 'vero_conv', 'wt_mc', 'wt.mc_id', 'ref_src', 'ref_url',
  's_cid', 'spm', 'scm', 'rb_clickid', 'ncid', 'sr_share', 'cmpid', 'icid', 'ocid',
]);
const TRACKING_PREFIXES = ['utm_', 'pk_', 'mtm_', 'matomo_', 'piwik_', 'stm_'];


export function isTrackingParameter(name: string): boolean {
  const lower = name.toLowerCase();
  return TRACKING_PARAMETERS.has(lower) || TRACKING_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/** `value` resolved against `baseUrl`, when it is an http(s) URL; undefined otherwise. */
export function absoluteWebUrl(value: string, baseUrl: string): URL | undefined {
  const href = absoluteWebHref(value, baseUrl);
  return href === undefined ? undefined : new URL(href);
}

/** Like `absoluteWebUrl`, as the serialised href (no URL object made when the answer is remembered). */
export function absoluteWebHref(value: string, baseUrl: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const href = resolveHref(trimmed, baseUrl);
  return href !== undefined && isWebHref(href) ? href : undefined;
}

/** `canonicalUrl` of a serialised http(s) URL. */
export function canonicalHref(href: string): string {
  const hash = href.indexOf('#');
  const withoutFragment = hash === -1 ? href : href.slice(0, hash);
  const query = withoutFragment.indexOf('?');
  if (query === -1 || !mayHaveTrackingParameter(withoutFragment.slice(query + 1))) return withoutFragment;
  return canonicalUrl(new URL(href));
}

/**
 * False when no name in a serialised query is a tracking parameter, read from the string: most
 * item links with a query have none, and parsing the URL and its `searchParams` for them cost about
 * 5 % of selectors mode (issue #21). Names with `%` or `+` (decoded by URLSearchParams) and
 * anything else unsure go the full way, so the result is `canonicalUrl`'s
 * (`canonical-url-fast.test.ts` compares both on generated URLs).
 */
function mayHaveTrackingParameter(query: string): boolean {
  if (query.includes('%') || query.includes('+')) return true;
  for (const part of query.split('&')) {
    const equals = part.indexOf('=');
    if (isTrackingParameter(equals === -1 ? part : part.slice(0, equals))) return true;
  }
  return false;
}

/** The fragment of a serialised URL as `URL.hash` gives it ('' for none or a bare '#'). */
export function hrefFragment(href: string): string {
  const hash = href.indexOf('#');
  return hash === -1 || hash === href.length - 1 ? '' : href.slice(hash);
}

/**
 * The URL an item is known by: tracking parameters and fragment dropped, host lower-cased and
 * default port removed (both by WHATWG URL). The remaining query keeps its order: some sites put
 * meaning in it (`?id=`), and reordering would merge nothing that differs only in order anyway.
 */
export function canonicalUrl(url: URL): string {
  const href = url.href;
  if (url.search === '') {
    // Nothing to drop but the fragment ('#' starts it wherever it is; `url.hash` is '' for a bare '#').
    const hash = href.indexOf('#');
    return hash === -1 ? href : href.slice(0, hash);
  }
  const copy = new URL(href);
  copy.hash = '';
  const names = [...new Set(copy.searchParams.keys())];
  for (const name of names) if (isTrackingParameter(name)) copy.searchParams.delete(name);
  if (copy.search === '?') copy.search = '';
  return copy.href;
}
