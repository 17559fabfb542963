import type { Scraper, ScraperResult } from '@pagefeed/core';
import { attribute, rawText, scriptsOf } from '../util/dom.js';
import { bestArrays, findTitledArrays } from '../util/json-arrays.js';
import { parseLenient, sliceJsonLiteral } from '../util/json.js';

/** Inline scripts larger than this are skipped: parsing them costs more than they are worth. */
const MAX_BLOB_CHARACTERS = 5_000_000;
const ASSIGNMENT = /(?:window|self|globalThis)\s*\.\s*([A-Za-z_$][\w$]*)\s*=\s*|(?:window|self)\s*\[\s*["']([^"']+)["']\s*\]\s*=\s*/g;

/** Arrays of site chrome (menus, footers) in app state are not content (see also `namesChromeBlob`). */
const CHROME_PATH = /nav|menu|footer|header|breadcrumb|social|sitemap|languages|locales/i;

function meanWords(items: readonly { title?: string | undefined }[]): number {
  const words = items.reduce((sum, item) => sum + (item.title ?? '').split(/\s+/).filter(Boolean).length, 0);
  return words / Math.max(1, items.length);
}

/** Words of a blob's name that say it holds site chrome (`headerMedia`, `nav-data`, `FOOTER_LINKS`). */
const CHROME_WORD = /^(nav|navbar|navigation|menu|menus|footer|header|breadcrumbs?|social|sitemap|sidebar|widgets?|languages|locales)$/i;

/** Whether a blob's variable name or script id names chrome, read word by word (camelCase, `_`, `-`, `.`). */
function namesChromeBlob(name: string): boolean {
  return name
    .replace(/([a-z])(?=[A-Z])/g, '$1 ')
    .split(/[\s_.\-/]+/)
    .some((word) => CHROME_WORD.test(word));
}

/** Titles that are HTML (`<a href="…">…</a>`) belong to a widget's template data, not to a list of items. */
function mostlyMarkup(items: readonly { title?: string | undefined }[]): boolean {
  const markup = items.filter((item) => /^\s*<[a-z][^>]*>/i.test(item.title ?? '')).length;
  return markup * 2 > items.length;
}

/** JSON blobs of client frameworks: `__NEXT_DATA__`, `application/json` scripts, `window.X = {...}`. */
function stateBlobs(scripts: ReturnType<typeof scriptsOf>): { name: string; data: unknown }[] {
  const blobs: { name: string; data: unknown }[] = [];
  for (const script of scripts) {
    const type = (attribute(script, 'type') ?? '').toLowerCase();
    const text = rawText(script);
    if (!text || text.length > MAX_BLOB_CHARACTERS || type === 'application/ld+json') continue;
    if (type === 'application/json' || attribute(script, 'id') === '__NEXT_DATA__') {
      const data = parseLenient(text);
      if (data !== undefined) blobs.push({ name: attribute(script, 'id') ?? 'application/json', data });
      continue;
    }
    if (type && !type.includes('javascript') && type !== 'module') continue;
    ASSIGNMENT.lastIndex = 0;
    let match: RegExpExecArray | null;
    while ((match = ASSIGNMENT.exec(text)) !== null) {
      const literal = sliceJsonLiteral(text, match.index + match[0].length);
      if (!literal) continue;
      const data = parseLenient(literal);
      if (data !== undefined) blobs.push({ name: `window.${match[1] ?? match[2] ?? ''}`, data });
      ASSIGNMENT.lastIndex = match.index + match[0].length + literal.length;
    }
  }
  return blobs;
}

/** Arrays of objects with title-like and URL-like keys inside app-state JSON. */
export const appState: Scraper = {
  name: 'app-state',
  scrape(document): ScraperResult {
    if (document.kind !== 'html') return { items: [], candidates: [] };
    const blobs = stateBlobs(scriptsOf(document.document));
    let best: { name: string; arrays: ReturnType<typeof bestArrays> } | undefined;
    for (const blob of blobs) {
      if (namesChromeBlob(blob.name)) continue;
      const found = findTitledArrays(blob.data, document.url).filter((array) => !CHROME_PATH.test(array.path) && meanWords(array.items) >= 2 && !mostlyMarkup(array.items));
      const arrays = bestArrays(found, true);
      const count = arrays.reduce((sum, array) => sum + array.items.length, 0);
      const bestCount = best?.arrays.reduce((sum, array) => sum + array.items.length, 0) ?? 0;
      if (count > bestCount) best = { name: blob.name, arrays };
    }
    if (!best) return { items: [], candidates: [] };
    const items = best.arrays.flatMap((array) => array.items);
    const source = `${best.name}:${best.arrays.map((array) => array.path).join(',')}`;
    return { items, candidates: [{ scraper: 'app-state', source, score: items.length, itemCount: items.length, features: [{ name: 'count', value: items.length, weight: items.length }] }] };
  },
};
