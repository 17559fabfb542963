import { isWebHref, resolveHref } from './resolve-url.js';

/**
 * The item HTML policy: which elements and attributes survive, and how URLs are repaired.
 *
 * Formatting, links, images and tables only; no scripts, styles, frames, forms or event handlers;
 * every URL absolute and http(s) (mailto/tel for links). Lazy-loaded images get a real `src` so
 * they show outside the page's JavaScript.
 *
 * `data:` URLs: allowed only as `img` sources of raster types (png, jpeg, gif, webp, avif, bmp).
 * An image element never runs code from a raster image; SVG is refused because some readers
 * display `data:image/svg+xml` inline, where its script and foreign content could run.
 */
export const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  'a', 'abbr', 'address', 'article', 'aside', 'b', 'bdi', 'bdo', 'blockquote', 'br', 'caption', 'cite',
  'code', 'col', 'colgroup', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption',
  'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p',
  'picture', 'pre', 'q', 's', 'samp', 'section', 'small', 'source', 'span', 'strike', 'strong', 'sub',
  'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'u', 'ul', 'var',
  'audio', 'video', 'track', 'wbr',
]);

/** Allowed elements that never have content; written as `<br />`. */
export const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'col', 'hr', 'img', 'source', 'track', 'wbr']);

const GLOBAL_ATTRIBUTES = ['title', 'lang', 'dir'];
const ATTRIBUTES_BY_TAG: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'name'],
  img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height'],
  source: ['src', 'srcset', 'sizes', 'type', 'media'],
  video: ['src', 'poster', 'controls', 'width', 'height'],
  audio: ['src', 'controls'],
  track: ['src', 'kind', 'srclang', 'label'],
  blockquote: ['cite'],
  q: ['cite'],
  del: ['cite', 'datetime'],
  ins: ['cite', 'datetime'],
  time: ['datetime'],
  td: ['colspan', 'rowspan', 'headers'],
  th: ['colspan', 'rowspan', 'headers', 'scope'],
  col: ['span'],
  colgroup: ['span'],
  ol: ['start', 'type', 'reversed'],
  li: ['value'],
};

/** Per tag, the attributes it may keep (the global ones included). */
export const ALLOWED_ATTRIBUTES: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  [...ALLOWED_TAGS].map((tag) => [tag, new Set([...GLOBAL_ATTRIBUTES, ...(ATTRIBUTES_BY_TAG[tag] ?? [])])]),
);

/** Attributes that mean something when empty; any other empty attribute is dropped. */
export const EMPTY_ALLOWED: ReadonlySet<string> = new Set(['alt', 'controls', 'reversed']);

/** Elements dropped together with their text (not just unwrapped). */
export const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set([
  'script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math',
  'template', 'noembed', 'noframes', 'xmp', 'title', 'head', 'select', 'button', 'canvas', 'applet',
]);

const URL_ATTRIBUTES = ['href', 'src', 'cite', 'poster'];
const LAZY_SOURCE_ATTRIBUTES = ['data-src', 'data-lazy-src', 'data-original', 'data-lazy', 'data-url'];
const LAZY_SRCSET_ATTRIBUTES = ['data-srcset', 'data-lazy-srcset'];
const SAFE_DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|avif|bmp);base64,[a-z0-9+/=\s]*$/i;

export type Attributes = Record<string, string>;

/**
 * The element's attributes after lazy-image repair and URL resolution: URL attributes absolute
 * (or removed when unsafe), srcset candidates absolute. Not yet filtered by the allow-list.
 */
export function repairAttributes(tagName: string, attributes: Readonly<Attributes>, baseUrl: string): Attributes {
  const result: Attributes = { ...attributes };
  if (tagName === 'img' || tagName === 'source') repairLazyImage(result);
  for (const name of REPAIRED_ATTRIBUTES) {
    const value = result[name];
    if (value === undefined) continue;
    const repaired = repairedValue(tagName, name, value, baseUrl);
    if (repaired === undefined) delete result[name];
    else result[name] = repaired;
  }
  return result;
}

const REPAIRED_ATTRIBUTES = [...URL_ATTRIBUTES, 'srcset'];

/**
 * One attribute's value after URL repair (lazy images aside): URL attributes absolute, srcset
 * candidates absolute; undefined when the attribute must go (an unsafe URL, no candidate left).
 * Other attributes are returned as they are.
 */
export function repairedValue(tagName: string, name: string, value: string, baseUrl: string): string | undefined {
  if (name === 'srcset') {
    const absolute = absoluteSrcset(value, baseUrl);
    return absolute === '' ? undefined : absolute;
  }
  if (!URL_ATTRIBUTES.includes(name)) return value;
  return absoluteUrl(value, baseUrl, tagName === 'img' && name === 'src', name === 'href');
}

/** Lazy loaders keep the real address in `data-*` and a placeholder (or nothing) in `src`. */
function repairLazyImage(attributes: Attributes): void {
  const lazySource = firstPresent(attributes, LAZY_SOURCE_ATTRIBUTES);
  const lazySrcset = firstPresent(attributes, LAZY_SRCSET_ATTRIBUTES);
  const source = attributes['src']?.trim() ?? '';
  const placeholder = source === '' || source.startsWith('data:') || source === 'about:blank';
  if (lazySrcset !== undefined && !attributes['srcset']) attributes['srcset'] = lazySrcset;
  if (!placeholder) return;
  const replacement = lazySource ?? largestCandidate(attributes['srcset'] ?? '');
  if (replacement !== undefined) attributes['src'] = replacement;
}

function firstPresent(attributes: Attributes, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = attributes[name]?.trim();
    if (value) return value;
  }
  return undefined;
}

interface SrcsetCandidate {
  readonly url: string;
  readonly descriptor: string;
}

function parseSrcset(srcset: string): SrcsetCandidate[] {
  // Candidates are split at commas followed by whitespace so data: URLs and commas in paths survive.
  return srcset
    .split(/,\s+|,(?=\S+\s+\d)/)
    .map((candidate) => candidate.trim().split(/\s+/))
    .filter((parts) => parts[0])
    .map((parts) => ({ url: parts[0] ?? '', descriptor: parts.slice(1).join(' ') }));
}

function largestCandidate(srcset: string): string | undefined {
  let best: { url: string; size: number } | undefined;
  for (const candidate of parseSrcset(srcset)) {
    const size = Number.parseFloat(candidate.descriptor) || 1;
    if (!best || size > best.size) best = { url: candidate.url, size };
  }
  return best?.url;
}

function absoluteSrcset(srcset: string, baseUrl: string): string {
  return parseSrcset(srcset)
    .map((candidate) => ({ ...candidate, url: absoluteUrl(candidate.url, baseUrl, false, false) }))
    .filter((candidate): candidate is { url: string; descriptor: string } => candidate.url !== undefined)
    .map((candidate) => (candidate.descriptor ? `${candidate.url} ${candidate.descriptor}` : candidate.url))
    .join(', ');
}

function absoluteUrl(value: string, baseUrl: string, allowDataImage: boolean, isLink: boolean): string | undefined {
  const trimmed = value.trim();
  if (allowDataImage && /^data:/i.test(trimmed)) return SAFE_DATA_IMAGE.test(trimmed) ? trimmed : undefined;
  const href = resolveHref(trimmed, baseUrl);
  if (href === undefined) return undefined;
  if (isWebHref(href)) return href;
  return isLink && (href.startsWith('mailto:') || href.startsWith('tel:')) ? href : undefined;
}
