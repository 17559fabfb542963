import { stableEntry, type StableClasses } from './signature.js';

/** Chrome-like names (menu, sidebar, share...): an element named so is probably not content. */
export const BOILERPLATE_NAMES = /(^|[-_\s])(nav|navbar|navigation|menu|menubar|footer|header|masthead|sidebar|breadcrumbs?|pagination|pager|cookie|consent|share|sharing|social|subnav|topbar|toolbar|skip|related|trending|popular|widget|promo|advert|ads?|sponsored|newsletter)([-_\s]|$)/i;
/**
 * Whether a class or id value names chrome, also when written in camelCase or PascalCase
 * (`topNav`, `TopNavDD1`, `mainMenu`, `FooterLinks`): the words are split at lower-to-upper case
 * changes before the test, so `TopNavDD1` is read as `Top-Nav-DD1`. Values without such a change
 * are tested as they are.
 */
export function namesChrome(value: string): boolean {
  return namedBy(BOILERPLATE_NAMES, value);
}

/** Whether a class or id value names a slider, carousel or ticker (camelCase read as in `namesChrome`). */
export function namesCarousel(value: string): boolean {
  return namedBy(CAROUSEL_NAMES, value);
}

/**
 * Where an item takes place — a venue, an address, a neighbourhood (`location`, `venue`,
 * `listingNeighborhood`; camelCase read as in `namesChrome`): a card's place line, never its name
 * (issue 17, fifteenth session).
 */
const PLACE_NAMES = /(^|[-_\s])(location|locations|venue|venues|address|neighborhood|neighbourhood|locality)([-_\s]|$)/i;

/** Whether a class value names a place line (see `PLACE_NAMES`). */
export function namesPlace(value: string): boolean {
  return namedBy(PLACE_NAMES, value);
}

function namedBy(pattern: RegExp, value: string): boolean {
  if (pattern.test(value)) return true;
  return CASE_CHANGE.test(value) && pattern.test(value.replace(CASE_CHANGES, '$1-'));
}
/**
 * Sliders, carousels and tickers: they repeat a few featured or latest items above or beside the
 * page's list. The generic words, and the class names of the common carousel scripts (jCarousel,
 * FlexSlider, Slick, Swiper, Owl Carousel, bxSlider), which sites keep as they come.
 */
const CAROUSEL_NAMES = /(^|[-_\s])(slider|sliders|slideshow|slides|carousel|ticker|jcarousel|flexslider|slick|swiper|owl-carousel|bxslider)([-_\s]|$)/i;
const CASE_CHANGE = /[a-z][A-Z]/;
const CASE_CHANGES = /([a-z])(?=[A-Z])/g;
/** Classes of elements that may hold a date. */
export const DATE_CLASS = /date|time|posted|published|meta|when|ago/i;
/** Share buttons and social widgets. */
export const SHARE_CONTAINER = /(^|[-_\s])(share|sharing|social|shares)([-_\s]|$)/i;
/** Ads and sponsored entries sit in the same list as organic ones, marked by a class. */
export const AD_CLASS = /(^|[\s_-])(ad|ads|advert|advertisement|sponsored|promoted|native-ad)([\s_-]|$)/i;

/** Bits of `classFlags`. */
export const NAMED_CHROME = 1;
export const DATE_LIKE = 2;
export const SHARE_LIKE = 4;
export const AD_LIKE = 8;
export const CAROUSEL_LIKE = 16;

/**
 * Which of the patterns above a `class` attribute value matches, worked out once per value (kept
 * with the value's stable classes): a page repeats a few hundred values over thousands of
 * elements. Leading or trailing whitespace changes no answer (every pattern is bounded by
 * whitespace or the ends of the value, or not bounded at all).
 */
export function classFlags(value: string): number {
  return classFlagsWith(stableEntry(value), value);
}

/** `classFlags(value)` from the value's cached facts `entry`. */
export function classFlagsWith(entry: StableClasses, value: string): number {
  let flags = entry.flags;
  if (flags < 0) {
    flags = (namesChrome(value) ? NAMED_CHROME : 0) | (DATE_CLASS.test(value) ? DATE_LIKE : 0) | (SHARE_CONTAINER.test(value) ? SHARE_LIKE : 0) | (AD_CLASS.test(value) ? AD_LIKE : 0) | (namesCarousel(value) ? CAROUSEL_LIKE : 0);
    entry.flags = flags;
  }
  return flags;
}
