import type { Element } from 'domhandler';
import { markPlainText, type ItemDraft, type Scraper, type ScraperResult } from '@pagefeed/core';
import { attribute, classesOf, pageElements, walkElements } from '../util/dom.js';
import { textOf, withTextScope } from '../util/text.js';
import { resolveUrl, urlKey } from '../util/url.js';
import { longestBlock } from '../dom/body-titles.js';
import { dateLine, dateStamp } from '../dom/date-lines.js';
import { notAHeadline } from '../dom/title-text.js';
import { machineDate } from '../dom/machine-attributes.js';

const ITEM_TYPES = /schema\.org\/(Article|NewsArticle|BlogPosting|TechArticle|ScholarlyArticle|Report|SocialMediaPosting|Review|VideoObject|PodcastEpisode|Event|CreativeWork)$/i;

const NO_NAMES: string[] = [];

/** The value of a microdata property or microformats2 property element. */
function propertyValue(element: Element, base: string, kind: 'text' | 'url' | 'date'): string | undefined {
  if (kind === 'url') return resolveUrl(attribute(element, 'href') ?? attribute(element, 'src') ?? attribute(element, 'content') ?? attribute(element, 'data-src'), base);
  if (kind === 'date') return attribute(element, 'datetime') ?? attribute(element, 'content') ?? titledDate(element) ?? (textOf(element, 120) || undefined);
  return attribute(element, 'content') ?? (textOf(element, 500) || undefined);
}

/**
 * An `<abbr>` whose `title` holds the machine-readable date and whose text is what a reader sees
 * ("<abbr itemprop=datePublished title=2020-06-20T07:26:00-07:00>07:26</abbr>", the microformats
 * abbr pattern blog themes keep): the `title`, since the text may be a time of day alone.
 */
function titledDate(element: Element): string | undefined {
  const title = element.name === 'abbr' ? attribute(element, 'title')?.trim() : undefined;
  return title !== undefined && machineDate(title) ? title : undefined;
}

/** Properties directly owned by `scope` (nested item scopes keep theirs). */
function properties(scope: Element, matches: (element: Element) => string[]): Map<string, Element> {
  const found = new Map<string, Element>();
  walkElements(scope, (element) => {
    for (const name of matches(element)) if (!found.has(name)) found.set(name, element);
    return !(attribute(element, 'itemscope') !== undefined || classesOf(element).includes('h-entry'));
  }, 40);
  return found;
}

function microdataDraft(scope: Element, base: string): ItemDraft | undefined {
  // Most elements have no `itemprop`: no arrays for them.
  const props = properties(scope, (element) => {
    const names = attribute(element, 'itemprop');
    return names ? names.split(/\s+/).filter(Boolean) : NO_NAMES;
  });
  const titleElement = props.get('headline') ?? props.get('name');
  const title = titleElement ? propertyValue(titleElement, base, 'text') : undefined;
  if (!title) return undefined;
  const urlElement = props.get('url') ?? props.get('mainEntityOfPage');
  const draft: ItemDraft = { title };
  const url = urlElement ? propertyValue(urlElement, base, 'url') : undefined;
  if (url) draft.url = url;
  const date = props.get('datePublished');
  if (date) draft.published_at = propertyValue(date, base, 'date');
  else {
    // A scope that marks its name and URL but not its date often shows it in a plain `<time datetime>`.
    const time = ownTimeDatetime(scope);
    if (time) draft.published_at = time;
  }
  const description = props.get('description');
  if (description) {
    draft.description = propertyValue(description, base, 'text');
    markPlainText(draft, 'description');
  }
  const image = props.get('image');
  if (image) draft.image = propertyValue(image, base, 'url');
  return draft;
}

/** The `datetime` of the scope's first `<time>` (not a nested scope's) when it is an ISO date. */
function ownTimeDatetime(scope: Element, nestedScope: (element: Element) => boolean = (element) => attribute(element, 'itemscope') !== undefined): string | undefined {
  let found: string | undefined;
  walkElements(scope, (element) => {
    if (found !== undefined || (element !== scope && nestedScope(element))) return false;
    const value = element.name === 'time' ? attribute(element, 'datetime')?.trim() : undefined;
    if (value && /^\d{4}-\d{2}-\d{2}/.test(value)) found = value;
    return found === undefined;
  }, 40);
  return found;
}

/**
 * The name of an entry that marks none (a note): its permalink's text when that reads as a
 * headline (as before), else its content's text, else the entry's longest text block (a note whose permalink says
 * "see full post" or is its date; ninth session, issue #17).
 */
function impliedName(scope: Element, content: Element | undefined, urlElement: Element | undefined): string | undefined {
  const urlText = urlElement ? textOf(urlElement, 300) : '';
  if (urlText !== '' && !notAHeadline(urlText) && !dateLine(urlText) && !dateStamp(urlText)) return urlText;
  const text = content ? textOf(content, 300) : '';
  if (text.length >= 3) return text;
  return longestBlock(scope, urlElement) ?? (urlText || undefined);
}

function hEntryDraft(scope: Element, base: string): ItemDraft | undefined {
  const props = properties(scope, (element) => ((element.attribs as Record<string, string> | undefined)?.['class'] ? classesOf(element).filter((name) => /^(p|u|dt|e)-/.test(name)) : NO_NAMES));
  const nameElement = props.get('p-name');
  const urlElement = props.get('u-url') ?? props.get('u-uid');
  const title = nameElement ? propertyValue(nameElement, base, 'text') : impliedName(scope, props.get('e-content'), urlElement);
  if (!title) return undefined;
  const draft: ItemDraft = { title };
  const url = urlElement ? propertyValue(urlElement, base, 'url') : undefined;
  if (url) draft.url = url;
  const date = props.get('dt-published');
  if (date) draft.published_at = propertyValue(date, base, 'date');
  else {
    // An entry that marks no `dt-published` often shows its date in a plain `<time datetime>`, as
    // Article scopes do above (not a nested entry's or citation's: a reply, a quoted post).
    const time = ownTimeDatetime(scope, (element) => classesOf(element).some((name) => name === 'h-entry' || name === 'h-cite'));
    if (time) draft.published_at = time;
  }
  const summary = props.get('p-summary');
  if (summary) {
    draft.description = propertyValue(summary, base, 'text');
    markPlainText(draft, 'description');
  }
  const photo = props.get('u-photo') ?? props.get('u-featured');
  if (photo) draft.image = propertyValue(photo, base, 'url');
  const category = props.get('p-category');
  if (category) draft.categories = [textOf(category, 60)];
  return draft;
}

/** Microdata Article-family scopes and microformats2 `h-entry` elements, outermost first. */
export const microdata: Scraper = {
  name: 'microdata',
  scrape(document): ScraperResult {
    if (document.kind !== 'html') return { items: [], candidates: [] };
    const scopes: Element[] = [];
    const entries: Element[] = [];
    // One walk for both; most elements have neither attribute, so the cheap checks come first.
    for (const element of pageElements(document.document).elements) {
      const attributes = element.attribs as Record<string, string> | undefined;
      if (attributes?.['itemscope'] !== undefined && ITEM_TYPES.test(attribute(element, 'itemtype') ?? '')) scopes.push(element);
      if (attributes?.['class']?.includes('h-entry') && classesOf(element).includes('h-entry')) entries.push(element);
    }
    // Property texts go to the page's own text map (see `withTextScope`).
    const lists: { source: string; items: ItemDraft[] }[] = withTextScope(document.document, () => [
      { source: 'microdata', items: scopes.flatMap((scope) => microdataDraft(scope, document.url) ?? []) },
      { source: 'h-entry', items: entries.flatMap((entry) => hEntryDraft(entry, document.url) ?? []) },
    ]);
    const best = lists
      .map((list) => ({ ...list, items: list.items.filter((item) => item.url && urlKey(item.url) !== urlKey(document.url)) }))
      .sort((left, right) => right.items.length - left.items.length)[0];
    if (!best || best.items.length === 0) return { items: [], candidates: [] };
    const count = best.items.length;
    return { items: best.items, candidates: [{ scraper: 'microdata', source: best.source, score: count, itemCount: count, features: [{ name: 'count', value: count, weight: count }] }] };
  },
};
