/**
 * `new URL(value, base).href`, remembered. One item's link is resolved by the extractor, checked
 * by the draft, then normalised and keyed: four parses of the same string, and URL parsing was a
 * fifth of extracting a long list. A href is a pure function of (value, base), so the memo is
 * global; it is bounded and simply emptied when full.
 */
const memo = new Map<string, Map<string, string | null>>();
let remembered = 0;
const MEMO_LIMIT = 20_000;

/** The absolute href, or undefined when `value` is not a URL relative to `baseUrl`. */
export function resolveHref(value: string, baseUrl: string): string | undefined {
  let byValue = memo.get(baseUrl);
  const known = byValue?.get(value);
  if (known !== undefined) return known ?? undefined;
  let href: string | null;
  try {
    href = new URL(value, baseUrl).href;
  } catch {
    href = null;
  }
  if (remembered >= MEMO_LIMIT) {
    memo.clear();
    remembered = 0;
    byValue = undefined;
  }
  if (!byValue) {
    byValue = new Map();
    memo.set(baseUrl, byValue);
  }
  byValue.set(value, href);
  remembered += 1;
  return href ?? undefined;
}

/** http(s) only; `href` is a serialised URL, so its scheme is lower case. */
export function isWebHref(href: string): boolean {
  return href.startsWith('https:') || href.startsWith('http:');
}
