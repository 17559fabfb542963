import { describe, expect, it } from 'vitest';
import { FeedError } from '../contracts/errors.js';
import { parseTime } from './parse-time.js';

const now = new Date('2024-06-15T12:00:00Z');

// [input, time zone, expected ISO instant (or undefined), locale?]
const cases: readonly [string, string | undefined, string | undefined, string?][] = [
  // ISO 8601
  ['2024-03-05T10:15:30Z', undefined, '2024-03-05T10:15:30.000Z'],
  ['2024-03-05T10:15:30+01:00', 'America/New_York', '2024-03-05T09:15:30.000Z'],
  ['2024-03-05T10:15:30.250-0500', undefined, '2024-03-05T15:15:30.250Z'],
  ['2024-03-05T10:15:30', 'Europe/Berlin', '2024-03-05T09:15:30.000Z'],
  ['2024-07-05T10:15', 'Europe/Berlin', '2024-07-05T08:15:00.000Z'],
  ['2024-03-05', undefined, '2024-03-05T00:00:00.000Z'],
  ['2024-03-05', 'America/Los_Angeles', '2024-03-05T08:00:00.000Z'],
  ['2024-03-05 10:15:30', 'Asia/Tokyo', '2024-03-05T01:15:30.000Z'],
  ['20240305T101530Z', undefined, '2024-03-05T10:15:30.000Z'],
  // RFC 822 / 1123
  ['Tue, 05 Mar 2024 10:00:00 GMT', 'Europe/Berlin', '2024-03-05T10:00:00.000Z'],
  ['Tue, 05 Mar 2024 10:00:00 +0100', undefined, '2024-03-05T09:00:00.000Z'],
  ['Tue, 05 Mar 24 10:00:00 EST', undefined, '2024-03-05T15:00:00.000Z'],
  ['Wed, 10 Jul 2024 08:30:00 PDT', undefined, '2024-07-10T15:30:00.000Z'],
  ['Tue Mar 05 2024 10:00:00 GMT+0100 (Central European Standard Time)', undefined, '2024-03-05T09:00:00.000Z'],
  // English
  ['March 5, 2024', undefined, '2024-03-05T00:00:00.000Z'],
  ['March 5th, 2024 at 3:30 pm', 'America/New_York', '2024-03-05T20:30:00.000Z'],
  ['5 Mar 2024 10:00', 'Europe/London', '2024-03-05T10:00:00.000Z'],
  ['5 Jun 2024 10:00', 'Europe/London', '2024-06-05T09:00:00.000Z'],
  ['Posted on Friday, 1st March 2024', undefined, '2024-03-01T00:00:00.000Z'],
  ['03/05/2024', undefined, '2024-03-05T00:00:00.000Z'],
  ['03/05/2024', undefined, '2024-05-03T00:00:00.000Z', 'en-GB'],
  ['25/12/2023', undefined, '2023-12-25T00:00:00.000Z'],
  ['2024/03/05 7:05 AM', undefined, '2024-03-05T07:05:00.000Z'],
  ['12:00 am, Mar 5 2024', undefined, '2024-03-05T00:00:00.000Z'],
  ['Dec  4 2020 12:00:00:000AM', 'America/Los_Angeles', '2020-12-04T08:00:00.000Z'],
  ['March 2024', undefined, '2024-03-01T00:00:00.000Z'],
  ['March 5', undefined, '2024-03-05T00:00:00.000Z'],
  ['December 24', undefined, '2023-12-24T00:00:00.000Z'],
  // German
  ['5. März 2024', 'Europe/Berlin', '2024-03-04T23:00:00.000Z'],
  ['5. Maerz 2024, 14:30 Uhr', 'Europe/Berlin', '2024-03-05T13:30:00.000Z'],
  ['Dienstag, 5. März 2024 um 14.30 Uhr', 'Europe/Berlin', '2024-03-05T13:30:00.000Z'],
  ['1. Januar 2024', undefined, '2024-01-01T00:00:00.000Z'],
  ['05.03.2024', 'Europe/Berlin', '2024-03-04T23:00:00.000Z'],
  ['05.03.24 08:00', undefined, '2024-03-05T08:00:00.000Z'],
  ['12. Okt. 2023', undefined, '2023-10-12T00:00:00.000Z'],
  // French
  ['5 mars 2024', 'Europe/Paris', '2024-03-04T23:00:00.000Z'],
  ['1er février 2024 à 10h30', 'Europe/Paris', '2024-02-01T09:30:00.000Z'],
  ['mardi 5 déc. 2023', undefined, '2023-12-05T00:00:00.000Z'],
  ['15 août 2024 14h', 'Europe/Paris', '2024-08-15T12:00:00.000Z'],
  // Spanish
  ['5 de marzo de 2024', 'Europe/Madrid', '2024-03-04T23:00:00.000Z'],
  ['martes, 5 de marzo de 2024 a las 18:45', 'Europe/Madrid', '2024-03-05T17:45:00.000Z'],
  ['3 ene. 2024', undefined, '2024-01-03T00:00:00.000Z'],
  ['12 septiembre 2024', undefined, '2024-09-12T00:00:00.000Z'],
  // Unix times
  ['1709633730', undefined, '2024-03-05T10:15:30.000Z'],
  ['1709633730123', undefined, '2024-03-05T10:15:30.123Z'],
  // Relative (now = 2024-06-15T12:00:00Z)
  ['3 hours ago', undefined, '2024-06-15T09:00:00.000Z'],
  ['an hour ago', undefined, '2024-06-15T11:00:00.000Z'],
  ['5 mins ago', undefined, '2024-06-15T11:55:00.000Z'],
  ['2 days ago', undefined, '2024-06-13T12:00:00.000Z'],
  ['1 month ago', undefined, '2024-05-15T12:00:00.000Z'],
  ['just now', undefined, '2024-06-15T12:00:00.000Z'],
  ['yesterday', undefined, '2024-06-14T00:00:00.000Z'],
  ['yesterday', 'Europe/Berlin', '2024-06-13T22:00:00.000Z'],
  ['Yesterday at 14:30', 'Europe/Berlin', '2024-06-14T12:30:00.000Z'],
  ['today', 'Pacific/Auckland', '2024-06-15T12:00:00.000Z'],
  ['vor 2 Tagen', undefined, '2024-06-13T12:00:00.000Z'],
  ['vor einer Stunde', undefined, '2024-06-15T11:00:00.000Z'],
  ['gestern, 09:15', 'Europe/Berlin', '2024-06-14T07:15:00.000Z'],
  ['il y a 3 jours', undefined, '2024-06-12T12:00:00.000Z'],
  ['hier', undefined, '2024-06-14T00:00:00.000Z'],
  ['hace 2 horas', undefined, '2024-06-15T10:00:00.000Z'],
  ['ayer', undefined, '2024-06-14T00:00:00.000Z'],
  // DST: Berlin springs forward 2024-03-31 02:00 → 03:00, falls back 2024-10-27 03:00 → 02:00
  ['2024-03-31 01:30', 'Europe/Berlin', '2024-03-31T00:30:00.000Z'],
  ['2024-03-31 02:30', 'Europe/Berlin', '2024-03-31T01:30:00.000Z'],
  ['2024-03-31 03:30', 'Europe/Berlin', '2024-03-31T01:30:00.000Z'],
  ['2024-10-27 02:30', 'Europe/Berlin', '2024-10-27T00:30:00.000Z'],
  ['2024-10-27 03:30', 'Europe/Berlin', '2024-10-27T02:30:00.000Z'],
  ['November 3, 2024 1:30 am', 'America/New_York', '2024-11-03T05:30:00.000Z'],
  ['March 10, 2024 2:30 am', 'America/New_York', '2024-03-10T07:30:00.000Z'],
  ['2024-04-07 02:30', 'Australia/Sydney', '2024-04-06T15:30:00.000Z'],
  // A whole numeric date among other words, a number beside it (issue 17, fifth session)
  ['by ann 1 2020/10/05', undefined, '2020-10-05T00:00:00.000Z'],
  ['42 views 15.10.2020', undefined, '2020-10-15T00:00:00.000Z'],
  // A zero-padded dotted date with a two-digit year after a word core does not know is day first
  // (issue 17, twelfth session: chrono-node read "x 04.11.25" as April 11)
  ['שלישי 04.11.25', undefined, '2025-11-04T00:00:00.000Z'],
  ['Program 04.11.25', undefined, '2025-11-04T00:00:00.000Z'],
  // Unreadable
  ['', undefined, undefined],
  ['build 3 2020/13/45', undefined, undefined],
  ['not a date', undefined, undefined],
  ['Read more', undefined, undefined],
  ['31 February 2024', undefined, undefined],
  ['2024-13-01', undefined, undefined],
  ['25:00 March 5 2024', undefined, undefined],
  ['7 wonders', undefined, undefined],
];

describe('parseTime', () => {
  it.each(cases)('%s (zone %s) → %s', (input, timeZone, expected, locale) => {
    const result = parseTime(input, { timeZone, now, locale });
    expect(result?.toISOString()).toBe(expected);
  });

  it('has at least 40 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it('rejects an unknown time zone with ConfigurationInvalid naming the zone and path', () => {
    const call = () => parseTime('2024-03-05', { timeZone: 'Mars/Olympus', path: 'channel.time_zone' });
    expect(call).toThrow(FeedError);
    expect(call).toThrow(/Unknown time zone "Mars\/Olympus" at channel\.time_zone/);
  });
});
