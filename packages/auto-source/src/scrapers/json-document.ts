import type { Scraper, ScraperResult } from '@pagefeed/core';
import { bestArrays, findTitledArrays } from '../util/json-arrays.js';

/** A JSON response: the objects of its titled arrays become items (URLs optional). */
export const jsonDocument: Scraper = {
  name: 'json',
  scrape(document): ScraperResult {
    if (document.kind !== 'json') return { items: [], candidates: [] };
    const arrays = bestArrays(findTitledArrays(document.data, document.url), false);
    const items = arrays.flatMap((array) => array.items);
    if (items.length === 0) return { items: [], candidates: [] };
    const source = arrays.map((array) => array.path).join(',');
    return { items, candidates: [{ scraper: 'json', source, score: items.length, itemCount: items.length, features: [{ name: 'count', value: items.length, weight: items.length, note: `title key "${arrays[0]?.titleKey ?? ''}"` }] }] };
  },
};
