/**
 * Attributes that hold an item's date in machine form, beside `datetime` and `data-*` timestamps
 * (read in item-date.ts): the `content` of a microdata property (`<meta itemprop="startDate"
 * content="2025-12-15">`) and of an RDFa date (`<h3 property="dc:date" datatype="xsd:dateTime"
 * content="2021-01-23T00:00:00+00:00">00:00</h3>`, the broadcast time of a schedule row whose
 * visible text is only the time of day). Markup that says "this value is a date", on any page.
 */

import type { Element } from 'domhandler';

/** Microdata properties whose `content` is the item's date. */
const DATE_PROP = /^(?:datePublished|datePosted|dateCreated|startDate|uploadDate|releaseDate)$/;

/** RDFa datatypes of a date or a date and time. */
const RDFA_DATATYPE = /^(?:xsd|xs|http:\/\/www\.w3\.org\/2001\/XMLSchema#):?(?:date|dateTime)$/i;

/** RDFa properties naming when the thing was made, published or starts (not when it was modified). */
const RDFA_PROPERTY = /(?:^|[:#/])(?:date|created|issued|datePublished|dateCreated|startDate|uploadDate|published)$/i;

/** Whether the attribute `name` of an element with these `attributes` holds its date as markup declares it. */
export function isContentDate(name: string, attributes: Readonly<Record<string, string | undefined>>): boolean {
  if (name !== 'content') return false;
  if (DATE_PROP.test(attributes['itemprop'] ?? '')) return true;
  const datatype = attributes['datatype']?.trim() ?? '';
  const property = attributes['property']?.trim() ?? '';
  return RDFA_DATATYPE.test(datatype) || (property !== '' && property.split(/\s+/).some((one) => RDFA_PROPERTY.test(one)));
}

/**
 * A timestamp written as comma-separated parts in a `data-*` attribute (`data-dt="5,12,2014,1,30"`:
 * day, month, year, hour, minute) as an ISO date and time; month first only when the second part
 * cannot be a month. Undefined for anything else.
 */
export function partsDate(value: string): string | undefined {
  const match = /^(\d{1,2}),(\d{1,2}),((?:19|20)\d{2})(?:,(\d{1,2}),(\d{1,2}))?$/.exec(value);
  if (!match) return undefined;
  const [first, second] = [Number(match[1]), Number(match[2])];
  const [day, month] = second > 12 && first <= 12 ? [second, first] : [first, second];
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const pad = (part: number | string) => String(part).padStart(2, '0');
  const time = match[4] === undefined ? '' : `T${pad(match[4])}:${pad(match[5]!)}`;
  return Number(match[4] ?? 0) > 23 || Number(match[5] ?? 0) > 59 ? undefined : `${match[3]}-${pad(month)}-${pad(day)}${time}`;
}

/** A `datetime` or declared `content` date of the element itself, unless it is a date to skip. */
export function machineAttribute(element: Element, skip: (element: Element) => boolean): string | undefined {
  const attributes = element.attribs;
  for (const name in attributes) {
    const value = attributes[name]?.trim();
    if (value && (name === 'datetime' || isContentDate(name, attributes)) && machineDate(value)) return skip(element) ? undefined : value;
  }
  return undefined;
}

/** Seconds or milliseconds since the epoch, or an ISO-like date: what machines write in attributes. */
export function machineDate(value: string): boolean {
  return /^\d{9,13}$/.test(value) || /^\d{4}-\d{2}-\d{2}/.test(value);
}
