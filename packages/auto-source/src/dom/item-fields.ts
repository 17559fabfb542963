import type { Element } from 'domhandler';
import type { ItemDraft } from '@pagefeed/core';
import { attribute, classesOf, nextElementSibling, textOf, walkElements } from '../util/dom.js';
import { findDateText } from '../util/dates.js';
import { resolveUrl } from '../util/url.js';

/** One item as found in a list member, with the facts the scorer needs. */
export interface ExtractedItem {
  readonly draft: ItemDraft;
  readonly member: Element;
  /** The element the URL came from. */
  readonly link?: Element;
  readonly titleFromHeading: boolean;
  readonly hasDate: boolean;
  readonly textLength: number;
  readonly linkTextLength: number;
  readonly linkCount: number;
}

const HEADING = /^h[1-6]$/;
const TITLE_CLASS = /(^|[-_])(title|headline|heading|name)([-_]|$)/i;

interface Inside {
  anchors: Element[];
  headings: Element[];
  times: Element[];
  images: Element[];
  dateTexts: string[];
}

function inventory(member: Element): Inside {
  const inside: Inside = { anchors: [], headings: [], times: [], images: [], dateTexts: [] };
  const consider = (element: Element): void => {
    if (element.name === 'a' && element.attribs['href'] !== undefined) inside.anchors.push(element);
    else if (HEADING.test(element.name) || attribute(element, 'role') === 'heading') inside.headings.push(element);
    else if (element.name === 'time') inside.times.push(element);
    else if (element.name === 'img') inside.images.push(element);
    if (inside.dateTexts.length === 0 && element.children.length <= 3 && /date|time|posted|published|meta|when/i.test(attribute(element, 'class') ?? '')) {
      const text = textOf(element, 120);
      if (text.length <= 80 && findDateText(text)) inside.dateTexts.push(text);
    }
  };
  consider(member);
  walkElements(member, (element) => {
    consider(element);
  }, 40);
  return inside;
}

function isInside(element: Element, container: Element): boolean {
  let current: Element | null = element;
  for (let steps = 0; current && steps < 40; steps += 1) {
    if (current === container) return true;
    current = current.parent as Element | null;
  }
  return false;
}

/** The item's primary link: heading link, title-classed link, else the link with most text. */
function primaryLink(inside: Inside, base: string): { link: Element; url: string; heading?: Element } | undefined {
  const usable = inside.anchors
    .map((anchor) => ({ anchor, url: resolveUrl(anchor.attribs['href'], base) }))
    .filter((entry): entry is { anchor: Element; url: string } => entry.url !== undefined);
  if (usable.length === 0) return undefined;
  for (const heading of inside.headings) {
    const found = usable.find((entry) => isInside(entry.anchor, heading) || isInside(heading, entry.anchor));
    if (found) return { link: found.anchor, url: found.url, heading };
  }
  const titled = usable.find((entry) => TITLE_CLASS.test(attribute(entry.anchor, 'class') ?? '') && textOf(entry.anchor, 200).length > 0);
  if (titled) return { link: titled.anchor, url: titled.url };
  let best = usable[0];
  let bestLength = -1;
  for (const entry of usable) {
    const length = textOf(entry.anchor, 300).length;
    if (length > bestLength) {
      best = entry;
      bestLength = length;
    }
  }
  return best ? { link: best.anchor, url: best.url } : undefined;
}

/** Largest candidate of `srcset`, else `data-src`/`src`. */
function imageOf(images: readonly Element[], base: string): string | undefined {
  const image = images[0];
  if (!image) return undefined;
  const srcset = attribute(image, 'srcset') ?? attribute(image, 'data-srcset');
  if (srcset) {
    let best: { url: string; size: number } | undefined;
    for (const part of srcset.split(',')) {
      const [url, descriptor] = part.trim().split(/\s+/);
      const size = Number.parseFloat(descriptor ?? '1') || 1;
      if (url && (!best || size > best.size)) best = { url, size };
    }
    if (best) return resolveUrl(best.url, base);
  }
  return resolveUrl(attribute(image, 'data-src') ?? attribute(image, 'data-lazy-src') ?? attribute(image, 'src'), base);
}

function dateOf(inside: Inside, member: Element): string | undefined {
  for (const time of inside.times) {
    const value = attribute(time, 'datetime') ?? textOf(time, 80);
    if (value) return value;
  }
  const microdata = findItemprop(member, 'datePublished');
  if (microdata) return microdata;
  return inside.dateTexts[0];
}

function findItemprop(member: Element, name: string): string | undefined {
  let value: string | undefined;
  walkElements(member, (element) => {
    if (value !== undefined) return false;
    if (attribute(element, 'itemprop') === name) value = attribute(element, 'content') ?? attribute(element, 'datetime') ?? textOf(element, 80);
    return true;
  }, 30);
  return value;
}

/** Extracts the item of one list member; undefined when it has neither a link nor a heading. */
export function extractItem(member: Element, base: string): ExtractedItem | undefined {
  const inside = inventory(member);
  const primary = primaryLink(inside, base);
  const heading = primary?.heading ?? inside.headings[0] ?? (HEADING.test(member.name) ? member : undefined);
  const headingText = heading ? textOf(heading, 300) : '';
  const linkText = primary ? textOf(primary.link, 300) : '';
  const linkLabel = primary ? attribute(primary.link, 'title') ?? attribute(primary.link, 'aria-label') : undefined;
  const imageAlt = inside.images.map((image) => attribute(image, 'alt')).find((alt) => alt && alt.length > 3);
  const title = headingText || linkText || linkLabel || imageAlt || '';
  if (!primary && !headingText) return undefined;
  if (!title) return undefined;
  const memberText = textOf(member, 4_000);
  const linkTextLength = inside.anchors.reduce((sum, anchor) => sum + textOf(anchor, 500).length, 0);
  const published = dateOf(inside, member);
  const description = descriptionOf(member, title);
  const categories = inside.anchors
    .filter((anchor) => /(^|\/)(tag|tags|category|categories|topic|topics|kategorie|thema)\//i.test(anchor.attribs['href'] ?? '') || attribute(anchor, 'rel') === 'tag')
    .map((anchor) => textOf(anchor, 60))
    .filter(Boolean);
  const draft: ItemDraft = {
    title,
    ...(primary ? { url: primary.url } : {}),
    ...(description ? { description } : {}),
    ...(imageOf(inside.images, base) ? { image: imageOf(inside.images, base) } : {}),
    ...(published ? { published_at: published } : {}),
    ...(categories.length > 0 ? { categories: [...new Set(categories)] } : {}),
  };
  return {
    draft,
    member,
    ...(primary ? { link: primary.link } : {}),
    titleFromHeading: Boolean(headingText),
    hasDate: Boolean(published),
    textLength: memberText.length,
    linkTextLength,
    linkCount: inside.anchors.length,
  };
}

/** Text of the item besides its title: the member's text, or a following `dd`/list for heading-only items. */
function descriptionOf(member: Element, title: string): string | undefined {
  let text = textOf(member, 1_000);
  if (/^(h[1-6]|dt)$/.test(member.name)) {
    const next = nextElementSibling(member);
    if (next && !/^(h[1-6]|dt)$/.test(next.name)) text = textOf(next, 1_000);
  }
  const rest = text.startsWith(title) ? text.slice(title.length).trim() : text;
  return rest.length >= 20 ? rest.slice(0, 500) : undefined;
}

export function firstStableClass(element: Element): string | undefined {
  return classesOf(element).find((name) => !/\d/.test(name) && /^[a-z_-][\w-]*$/i.test(name));
}
