import type { AnyNode, Element } from 'domhandler';
import { parseTime } from '@pagefeed/core';
import { attribute, childrenOf, isElement, walkElements } from '../util/dom.js';
import { findItemDateText, withYear, writesYear } from '../util/dates.js';
import { textOf } from '../util/text.js';

/** `<meta>` names and properties that date the page itself (published or last changed). */
const META_DATE = /^(article:(published|modified)_time|og:(updated|published)_time|(date|last-modified|dcterms\.(modified|created|date|issued)|dc\.date(\.\w+)?|pubdate|publishdate|datepublished|datemodified))$/i;
/** JSON-LD keys for the same. */
const JSON_LD_DATE = /"(datePublished|dateModified|dateCreated|uploadDate)"\s*:\s*"([^"]{8,40})"/g;
/**
 * A copyright notice's year, or the last year of its range ("© 2012–2014", "Copyright 2009-2014",
 * "© 2005－2020" with a full-width hyphen or "2005~2020" on CJK pages, whose first year was read as
 * the page's until the fourteenth session).
 */
const COPYRIGHT = /(?:©|&copy;|\(c\)|copyright)\s*(?:\d{4}\s*[-–—－~〜～]\s*)?((?:19|20)\d{2})(?!\d)/gi;

/**
 * The time the page itself says it was written or last changed, for dates it shows without a year:
 * the latest of its `<meta>` dates (`article:published_time`, `og:updated_time`,
 * `http-equiv="last-modified"`, …) and JSON-LD `datePublished`/`dateModified`, else the end of its
 * copyright year. Undefined when the page says nothing (then the build time stands in, which for a
 * page fetched live is the page's time). Dates after `now` are not believed.
 */
export function pageReferenceDate(root: AnyNode, now: Date = new Date()): Date | undefined {
  return pageStatedDate(root, now) ?? copyrightDate(root, now);
}

/**
 * The end of the page's copyright year (not after `now`): `pageReferenceDate` for a caller that
 * already read `pageStatedDate` and found none (it walks every element of the page).
 */
export function copyrightDate(root: AnyNode, now: Date = new Date()): Date | undefined {
  const year = copyrightYear(root, now);
  return year === undefined ? undefined : new Date(Math.min(Date.UTC(year, 11, 31, 23, 59, 59), now.getTime()));
}

/**
 * The time the page states it was written or last changed in its markup: the latest of its
 * `<meta>` dates and JSON-LD `datePublished`/`dateModified`, not after `now` (a copyright year
 * is no statement of the page's day).
 */
export function pageStatedDate(root: AnyNode, now: Date = new Date()): Date | undefined {
  let latest: number | undefined;
  const consider = (value: string | undefined): void => {
    if (!value) return;
    const date = parseTime(value.trim(), { now });
    const time = date?.getTime();
    if (time !== undefined && !Number.isNaN(time) && time <= now.getTime() + 86_400_000 && (latest === undefined || time > latest)) latest = time;
  };
  const metas: Element[] = [];
  const scripts: Element[] = [];
  // Every element, <head> and <script> included (the DOM walks of util/dom.ts skip both).
  const collect = (node: AnyNode): void => {
    for (const child of childrenOf(node)) {
      if (!isElement(child)) continue;
      if (child.name === 'meta') metas.push(child);
      else if (child.name === 'script') scripts.push(child);
      else collect(child);
    }
  };
  collect(root);
  for (const meta of metas) {
    const key = attribute(meta, 'property') ?? attribute(meta, 'name') ?? attribute(meta, 'http-equiv') ?? attribute(meta, 'itemprop');
    if (key && META_DATE.test(key.trim())) consider(attribute(meta, 'content'));
  }
  for (const script of scripts) {
    if (!/ld\+json/i.test(attribute(script, 'type') ?? '')) continue;
    const text = scriptText(script);
    for (const match of text.matchAll(JSON_LD_DATE)) consider(match[2]);
  }
  return latest === undefined ? undefined : new Date(latest);
}

function scriptText(script: Element): string {
  let text = '';
  for (const child of script.children) if (child.type === 'text') text += (child as unknown as { data: string }).data;
  return text;
}

/** The latest copyright year the page's footer (or, without one, its last block) writes. */
function copyrightYear(root: AnyNode, now: Date): number | undefined {
  let best: number | undefined;
  walkElements(root, (element) => {
    if (element.name !== 'footer' && !classedFooter(element)) return true;
    for (const match of textOf(element, 2_000).matchAll(COPYRIGHT)) {
      const year = Number(match[1]);
      if (year <= now.getUTCFullYear() && (best === undefined || year > best)) best = year;
    }
    return false;
  });
  return best;
}

const FOOTER_CLASS = /(^|[-_\s])(footer|copyright|colophon)([-_\s]|$)/i;

/**
 * Whether the element's class or id (joined by a space) names a footer. Asked of every element of
 * the page: one with neither (a lone space, which cannot match) is not run through the pattern.
 */
function classedFooter(element: Element): boolean {
  const classValue = attribute(element, 'class');
  const id = attribute(element, 'id');
  if (!classValue && !id) return false;
  return FOOTER_CLASS.test(`${classValue ?? ''} ${id ?? ''}`);
}

/** Relative dates take no year: they are read from the build time. */
const RELATIVE = /\bago\b|\blalu\b|\bvor\s+\d|il y a|\bhace\b|\b(yesterday|today|gestern|heute|hier|aujourd|ayer|hoy|igår|idag|just now)\b|^\s*\d{1,2}:\d{2}\s*$|前|昨天|今天/i;

/**
 * Dates that still have no year after `completeYears` (no item of the list writes one) take the
 * year the page's own date gives them: the latest such day not after it, so a date that would lie
 * in the page's future is read as the year before ("23 Dec" on a page of 10 January 2015 is 2014).
 * Without a page date they are left alone (core reads them against the build time).
 */
export function completeYearsFromPage(drafts: { published_at?: Date | string | undefined }[], reference: Date | undefined): void {
  if (reference === undefined) return;
  for (const draft of drafts) {
    const text = draft.published_at;
    if (typeof text !== 'string' || writesYear(text) || /^\s*\d{9,13}\s*$/.test(text) || RELATIVE.test(text) || !findItemDateText(text)) continue;
    const date = parseTime(text, { now: reference });
    if (date) draft.published_at = withYear(text, String(date.getUTCFullYear()));
  }
}
