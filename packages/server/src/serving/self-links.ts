import type { FeedFormat } from '@pagefeed/core';

/**
 * Self links written at serving time. A feed is generated, rendered and cached once per feed and
 * format with its self links under a placeholder origin; each answer puts the origin its reader
 * used (`PUBLIC_URL`, else the request's) in their place. So the cache key, the single flight and
 * the upstream fetch never depend on the `Host` header: 50 Host values cost one fetch, and two
 * instances on different ports share one Redis entry.
 *
 * The placeholder is under `.invalid` (RFC 2606), so no real link can be mistaken for it. A page
 * that writes it into its own content only gets a link to this service's origin.
 */
export const SELF_ORIGIN = 'http://pagefeed-self-origin.invalid';

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * `document` with the placeholder origin replaced by `origin`, escaped for the format: a Host
 * header may hold `"`, `'` or `&` (the URL parser lets them through), which must stay text.
 */
export function withOrigin(document: string, format: FeedFormat, origin: string): string {
  if (origin === SELF_ORIGIN || !document.includes(SELF_ORIGIN)) return document;
  const written = format === 'json' ? JSON.stringify(origin).slice(1, -1) : origin.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
  return document.replaceAll(SELF_ORIGIN, written);
}
