import { withoutNumberChains } from '@pagefeed/core';
import { findItemDateText } from '../util/dates.js';
import { createExtractionMemo } from '../util/extraction-memo.js';

// What of a short text is a date: addresses, today's counts, sort keys and version numbers taken out.

/** A count of today's or this week's activity ("541 stars today", "12 new this week"): not a date. */
const COUNT_TODAY = /\d[\d,.]*\s*[\p{L}]+\s+(?:today|this week|this month|heute|aujourd'hui|hoy|сегодня|今日)(?!\p{L})/giu;

/** A software build's or version's stamp ("build 2021-01-14T10:38:13Z", "Version 2019-03-01"): never the item's date. */
export const BUILD_STAMP = /^\s*(?:build|version|ver\.|compiled|generated|revision|rev\.)\s*:?\s*(?:on\s+)?\S*\d/i;

/** Whether the text counts today's activity ("541 stars today"). */
export function countsToday(text: string): boolean {
  COUNT_TODAY.lastIndex = 0;
  return COUNT_TODAY.test(text);
}

/** Web addresses written as text ("www.example.com/…", "example.com/2019/…"): never a date. */
const URL_TEXT = /\S*(?::\/\/|www\.)\S*|\S*[\w-]+\.[a-z]{2,}\/\S*/gi;
const WWW = /www\./i;
const DIGIT = /\d/;

/**
 * The text without web addresses when what is left holds a date; undefined for a version number
 * ("v5.1.15", "2.10.2"), a time of day or duration alone ("► 30:22") or a URL with a date in it.
 */
export const dateText: (text: string) => string | undefined = createExtractionMemo(readDateText);

/** `dateText` without its memo (a page asks it of the same short texts many times). */
function readDateText(text: string): string | undefined {
  // A sort key before the shown date (`<span style="display:none">1646294400</span>Mar 3, 2022`) is not read.
  // An address holds a "/" or "www."; a count of today's activity a digit: texts without them
  // (most short texts of a card) skip those replacements, which would leave them as they are.
  // So is a chain of four or more numbers ("3/4/7/13", metro lines in a title): never a date (core's number-chains.ts).
  const withoutUrls = withoutNumberChains(text.includes('/') || WWW.test(text) ? text.replace(URL_TEXT, ' ') : text);
  const cleaned = (DIGIT.test(withoutUrls) ? withoutUrls.replace(COUNT_TODAY, ' ') : withoutUrls).replace(/\s{2,}/g, ' ').trim().replace(SORT_KEY, '');
  if (!cleaned) return undefined;
  const fragment = findItemDateText(cleaned.replace(/(?<!\d)\d{1,2}:\d{2}(?::\d{2})?(?!\d)/g, ' '));
  if (!fragment) return undefined;
  if (/(?:^|[^\p{L}\d])v\d+(?:\.\d+)+/iu.test(cleaned)) return undefined;
  const trimmed = fragment.trim();
  return !/^\d+(?:\.\d+){2,}\s*$/.test(trimmed) || /\d{4}$/.test(trimmed) || PADDED_DOTTED.test(trimmed) || PADDED_SHORT_DOTTED.test(trimmed) || (trimmed === cleaned && YEAR_FIRST_DOTTED.test(trimmed)) ? cleaned : undefined;
}

/** Seconds or milliseconds since the epoch opening a text that goes on with a date in words or digits. */
export const SORT_KEY = /^\d{9,13}\s+(?=\S*\d|\p{L})/u;

/**
 * "07.12.24": a zero-padded day.month.two-digit-year is a date, as forums print them, not a version
 * number (versions do not pad: "1.13.3", "22.04.3").
 */
const PADDED_SHORT_DOTTED = /^(0[1-9]|[12]\d|3[01])\.(0[1-9]|1[0-2])\.\d{2}$/;

/**
 * "2018.2.7" as the whole text of an element (a notice board's date cell): a year.month.day
 * without padding is a date too (fourteenth session); inside a longer text it may be a version.
 */
const YEAR_FIRST_DOTTED = /^(19|20)\d{2}\.(0?[1-9]|1[0-2])\.(0?[1-9]|[12]\d|3[01])$/;

/** "2014.03.31": a zero-padded year.month.day is a date, not a version number. */
const PADDED_DOTTED = /^(19|20)\d{2}\.(0[1-9]|1[0-2])\.(0[1-9]|[12]\d|3[01])$/;
