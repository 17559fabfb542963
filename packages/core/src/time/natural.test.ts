import { describe, expect, it } from 'vitest';
import { naturalLocales } from './natural.js';
import { parseTime } from './parse-time.js';

const now = new Date('2026-03-10T12:00:00Z');

/** Dates as pages write them, beyond the fast path's vocabulary: read through chrono-node. */
const cases: [string, string | undefined, string | undefined, string?][] = [
  ['February 23rd 2026', undefined, '2026-02-23T00:00:00.000Z'],
  ['Release: February 23rd 2026', undefined, '2026-02-23T00:00:00.000Z'],
  ['27 January 2021 3783 words 19 minute read', undefined, '2021-01-27T00:00:00.000Z'],
  ['Jun 21, 2022 | You must see it', 'Europe/Zurich', '2022-06-20T22:00:00.000Z'],
  ['Linked by Dan Moren March 6, 2016 1:46 PM PT', undefined, '2016-03-06T21:46:00.000Z'],
  ['March 5 2024 and some words', undefined, '2024-03-05T00:00:00.000Z'],
  ['3 марта 2020', undefined, '2020-03-03T00:00:00.000Z', 'ru'],
  ['3 марта 2020', undefined, '2020-03-03T00:00:00.000Z'],
  ['2019年3月1日', undefined, '2019-03-01T00:00:00.000Z', 'ja'],
  ['2019年3月1日', 'Asia/Shanghai', '2019-02-28T16:00:00.000Z', 'zh'],
  ['published on: Thursday, September 5, 2019', undefined, '2019-09-05T00:00:00.000Z'],
  ['2024-05-13, 10:00', undefined, '2024-05-13T10:00:00.000Z'],
  ['Posted 2024-05-13, 10:00', 'Europe/Berlin', '2024-05-13T08:00:00.000Z'],
  // No year: the latest such date not in the future.
  ['Posted Dec 24', undefined, '2025-12-24T00:00:00.000Z'],
  // Not dates: a weekday, a time or a month alone; a number before the date it did not read.
  ['Monday', undefined, undefined],
  ['at 10:30', undefined, undefined],
  ['March', undefined, undefined],
  ['25:00 March 5 2024', undefined, undefined],
  ['2024-13-01', undefined, undefined],
  // A user name that ends in digits beside the date is a word, not a part of the date; Korean dates.
  ['king11973 2015-01-16', undefined, '2015-01-16T00:00:00.000Z'],
  ['2019년 3월 1일', undefined, '2019-03-01T00:00:00.000Z'],
  ['2019. 11. 3.', undefined, '2019-11-03T00:00:00.000Z'],
  // Months chrono-node has no locale for (Turkish, Czech, Finnish); Portuguese in ASCII text is
  // read in the page's language (other languages are tried for non-ASCII text only: each costs).
  ['14 Ocak 2020', undefined, '2020-01-14T00:00:00.000Z'],
  ['3 Kasım 2019', undefined, '2019-11-03T00:00:00.000Z'],
  ['3. listopadu 2019', undefined, '2019-11-03T00:00:00.000Z'],
  ['3. marraskuuta 2019', undefined, '2019-11-03T00:00:00.000Z'],
  ['3 de novembro de 2019', undefined, '2019-11-03T00:00:00.000Z', 'pt-BR'],
  // Latin letters beside a non-ASCII dash still reach the other Latin-script locales.
  ['12 Mai 2020 – 10:00', undefined, '2020-05-12T10:00:00.000Z'],
  ['3 березня 2020', undefined, '2020-03-03T00:00:00.000Z'],
  // A day word opening a label is not a date (it would be the day of the build); alone, last or
  // with a time it is.
  ["Today's lead story", undefined, undefined],
  ['Tonight on BBC One', undefined, undefined],
  ['Now playing', undefined, undefined],
  ['Posted yesterday', undefined, '2026-03-09T00:00:00.000Z'],
  ['Yesterday at 14:30', undefined, '2026-03-09T14:30:00.000Z'],
  // Labels of a language menu: no locale reads Arabic, Thai or Amharic months.
  ['فارسی 2001', undefined, undefined],
  ['ไทย 2001', undefined, undefined],
];

describe('parseTime: natural language through chrono-node', () => {
  it.each(cases)('%s (zone %s) → %s', (input, timeZone, expected, locale) => {
    expect(parseTime(input, { timeZone, now, locale })?.toISOString()).toBe(expected);
  });
});

describe('naturalLocales: which chrono-node parsers a text is given', () => {
  it('tries the page language and English first, then only the locales of the scripts the text has letters of', () => {
    expect(naturalLocales('3 марта 2020', undefined)).toEqual(['en', 'ru', 'uk']);
    expect(naturalLocales('3 марта 2020', 'uk-UA')).toEqual(['uk', 'en', 'ru']);
    expect(naturalLocales('2019年3月1日', undefined)).toEqual(['en', 'ja', 'zh']);
    expect(naturalLocales('12 Mai 2020 – 10:00', 'de')).toEqual(['de', 'en', 'fr', 'es', 'it', 'pt', 'nl', 'sv', 'fi']);
    expect(naturalLocales('March 5 2024', undefined)).toEqual(['en']);
  });

  it('gives text in a script no locale covers to English only (a menu label loads no other parser)', () => {
    expect(naturalLocales('فارسی 2001', undefined)).toEqual(['en']);
    expect(naturalLocales('한국어 2001', undefined)).toEqual(['en']);
    expect(naturalLocales('ትግርኛ 2001', 'ar')).toEqual(['en']);
  });
});
