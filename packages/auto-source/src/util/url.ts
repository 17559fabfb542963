import { shapeFor, shapeOf, type PathShape } from './path-shape.js';
import { refinementTest } from './page-refinements.js';
import { archiveCaptureOf, captureAddress, type ArchiveCapture } from './archive-captures.js';

export type { PathShape } from './path-shape.js';

/** Resolves `href` against `base`; only http(s) URLs count as item links. */
export function resolveUrl(href: string | undefined, base: string): string | undefined {
  return parseLink(href, base)?.href;
}

const ABSOLUTE_HTTP = /^https?:\/\//i;

let checkedBase: string | undefined;
let checkedBaseParses = false;
/** `https:` and `https://host:port` of the last base, when it is http(s) without credentials. */
let baseScheme: string | undefined;
let baseAuthority: string | undefined;
/** The web archive capture the last base names (util/archive-captures.ts), if any. */
let baseCapture: ArchiveCapture | undefined;

/** Whether `base` parses as a URL, remembered for the last base asked about (one page at a time). */
function parsesAsBase(base: string): boolean {
  if (base !== checkedBase) {
    checkedBase = base;
    checkedBaseParses = URL.canParse(base);
    baseScheme = undefined;
    baseAuthority = undefined;
    baseCapture = undefined;
    if (checkedBaseParses) {
      const parsed = new URL(base);
      if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.username === '' && parsed.password === '') {
        baseScheme = parsed.protocol;
        baseAuthority = `${parsed.protocol}//${parsed.host}`;
        baseCapture = archiveCaptureOf(base);
      }
    }
  }
  return checkedBaseParses;
}

/**
 * `new URL(trimmed, base)`. Against an http(s) base without credentials, a path-absolute href
 * (`/path`) takes the base's scheme, host and port and a scheme-relative one (`//host/path`) its
 * scheme, so they are parsed as absolute URLs (the base is not parsed again for every link); `/\`
 * (a backslash counts as a slash in these schemes) and everything else go the long way.
 */
function resolveAgainst(trimmed: string, base: string): URL {
  if (ABSOLUTE_HTTP.test(trimmed) && parsesAsBase(base)) return new URL(trimmed);
  if (trimmed.charCodeAt(0) === 0x2f && parsesAsBase(base) && baseScheme !== undefined && baseAuthority !== undefined) {
    const second = trimmed.charCodeAt(1);
    // In a web archive capture, a root-relative link stays inside the capture.
    const captured = baseCapture === undefined ? undefined : captureAddress(trimmed, baseCapture);
    if (captured !== undefined) return new URL(captured);
    if (second === 0x2f) return new URL(`${baseScheme}${trimmed}`);
    if (second !== 0x5c) return new URL(`${baseAuthority}${trimmed}`);
  }
  return new URL(trimmed, base);
}

function parseLink(href: string | undefined, base: string): URL | undefined {
  if (!href) return undefined;
  const trimmed = href.trim();
  if (!trimmed || trimmed.startsWith('#') || /^(javascript|mailto|tel|data|about|sms):/i.test(trimmed)) return undefined;
  try {
    const url = resolveAgainst(trimmed, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url;
  } catch {
    return undefined;
  }
}

/** The URL without fragment and trailing slash, for "same page" and duplicate checks. */
export function urlKey(url: string): string {
  // Without a fragment (parsed URLs have no line breaks for `.` to stop at), trailing slashes are
  // counted instead of matched: no intermediate strings.
  if (url.includes('#')) return url.replace(/#.*$/, '').replace(/\/+$/, '').toLowerCase();
  let end = url.length;
  while (end > 0 && url.charCodeAt(end - 1) === 0x2f) end -= 1;
  return (end === url.length ? url : url.slice(0, end)).toLowerCase();
}

const UTILITY = shapeFor(false, true);
const NEITHER = shapeFor(false, false);

/** Classifies a URL's path as content-like, utility-like or neither. */
export function pathShape(url: string, pageUrl: string): PathShape {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return shapeFor(false, false);
  }
  return shapeOf(parsed, urlKey(url) === urlKey(pageUrl));
}

/**
 * URL facts for one page, memoised: the DOM tier asks about the same links once per candidate
 * group they belong to, and parsing a URL costs more than everything else it does with a link.
 * Create one per extraction; nothing here outlives it.
 */
/** What the DOM tier needs to know about one link target, worked out once per `href` value. */
export interface LinkFacts {
  /** The resolved URL (`resolveUrl(href, pageUrl)`). */
  readonly url: string;
  /** `urlKey(url)`. */
  readonly key: string;
  /** `pathShape(url, pageUrl)`. */
  readonly shape: PathShape;
  /** Same host as the page. */
  readonly sameHost: boolean;
  /** Below the page's own path. */
  readonly below: boolean;
  /** A number for `key`, the same for every URL with that key on the page (0, 1, 2...). */
  readonly keyNumber: number;
}

export interface PageUrls {
  readonly pageUrl: string;
  /** Facts about the link target of `href`; undefined when it is no http(s) URL. */
  facts(href: string | undefined): LinkFacts | undefined;
  /** `resolveUrl(href, pageUrl)`. */
  resolve(href: string | undefined): string | undefined;
  /** `pathShape(url, pageUrl)`. */
  shape(url: string): PathShape;
  /** `urlKey(url)`. */
  key(url: string): string;
  /** Same host as the page. */
  sameHost(url: string): boolean;
  /** Below the page's own path: `/blog` → `/blog/post-slug`. */
  isBelow(url: string): boolean;
}

export function createPageUrls(pageUrl: string): PageUrls {
  const resolved = new Map<string, string | undefined>();
  const shapes = new Map<string, PathShape>();
  const keys = new Map<string, string>();
  const below = new Map<string, boolean>();
  const parsed = new Map<string, URL | undefined>();
  const parse = (url: string): URL | undefined => {
    if (parsed.has(url)) return parsed.get(url);
    let value: URL | undefined;
    try {
      value = new URL(url);
    } catch {
      value = undefined;
    }
    parsed.set(url, value);
    return value;
  };
  const page = parse(pageUrl);
  const pageHost = page?.host;
  const pagePrefix = page ? page.pathname.replace(/\/+$/, '') : '';
  const pageKey = urlKey(pageUrl);
  // Links back to this page with other parameters are its controls (see page-refinements.ts).
  const refines = refinementTest(page);
  // Another site's root is that site (a search result, a directory entry), not this site's home link.
  const shapeAt = (target: URL, key: string): PathShape => {
    if (key === pageKey) return shapeOf(target, true);
    if (refines?.(target)) return UTILITY;
    if (target.host !== pageHost && target.pathname === '/' && target.search === '') return NEITHER;
    return shapeOf(target, false);
  };
  const factsByHref = new Map<string, LinkFacts | null>();
  // Facts by resolved URL, so questions about an item's URL need no second parse.
  const factsByUrl = new Map<string, LinkFacts>();
  const keyNumbers = new Map<string, number>();
  const key = (url: string): string => {
    let value = keys.get(url);
    if (value === undefined) {
      value = urlKey(url);
      keys.set(url, value);
    }
    return value;
  };
  return {
    pageUrl,
    facts(href) {
      if (href === undefined) return undefined;
      let value = factsByHref.get(href);
      if (value === undefined) {
        value = null;
        const target = parseLink(href, pageUrl);
        if (target !== undefined) {
          const url = target.href;
          value = factsByUrl.get(url) ?? null;
          if (value === null) {
            const urlKeyValue = urlKey(url);
            const host = target.host;
            const pathname = target.pathname;
            const sameHost = page !== undefined && host === pageHost;
            let keyNumber = keyNumbers.get(urlKeyValue);
            if (keyNumber === undefined) {
              keyNumber = keyNumbers.size;
              keyNumbers.set(urlKeyValue, keyNumber);
            }
            value = {
              url,
              key: urlKeyValue,
              shape: shapeAt(target, urlKeyValue),
              sameHost,
              below: sameHost && pagePrefix.length > 1 && pathname.startsWith(`${pagePrefix}/`) && pathname.length > pagePrefix.length + 1,
              keyNumber,
            };
            factsByUrl.set(url, value);
          }
        }
        factsByHref.set(href, value);
      }
      return value ?? undefined;
    },
    resolve(href) {
      if (href === undefined) return undefined;
      if (resolved.has(href)) return resolved.get(href);
      const url = parseLink(href, pageUrl);
      const value = url?.href;
      resolved.set(href, value);
      // Parsing the serialised URL gives the same URL again: keep this one for the path checks.
      if (url && value !== undefined && !parsed.has(value)) parsed.set(value, url);
      return value;
    },
    shape(url) {
      let value = shapes.get(url);
      if (value === undefined) {
        const target = parse(url);
        value = target ? shapeAt(target, key(url)) : { content: false, utility: false };
        shapes.set(url, value);
      }
      return value;
    },
    key,
    sameHost(url) {
      const known = factsByUrl.get(url);
      if (known !== undefined) return known.sameHost;
      const target = parse(url);
      return target !== undefined && page !== undefined && target.host === page.host;
    },
    isBelow(url) {
      let value = below.get(url);
      if (value === undefined) {
        const target = parse(url);
        value = target !== undefined && page !== undefined && target.host === page.host && pagePrefix.length > 1 && target.pathname.startsWith(`${pagePrefix}/`) && target.pathname.length > pagePrefix.length + 1;
        below.set(url, value);
      }
      return value;
    },
  };
}
