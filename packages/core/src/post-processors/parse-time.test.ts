import { describe, expect, it } from 'vitest';
import { optionsErrorOf, runStep } from './__fixtures__/run-step.js';

describe('parse_time', () => {
  it.each([
    ['2024-03-05T10:00:00Z', {}, undefined, '2024-03-05T10:00:00.000Z'],
    ['5. März 2024 10:00', {}, 'Europe/Berlin', '2024-03-05T09:00:00.000Z'],
    ['5. März 2024 10:00', { time_zone: 'America/New_York' }, 'Europe/Berlin', '2024-03-05T15:00:00.000Z'],
    ['03/05/2024', { locale: 'fr' }, undefined, '2024-05-03T00:00:00.000Z'],
    ['vor 2 Tagen', {}, undefined, '2024-06-13T12:00:00.000Z'],
  ])('%s with %j (channel zone %s) → %s', (input, options, timeZone, expected) => {
    const result = runStep('parse_time', options, input, {}, timeZone === undefined ? {} : { timeZone });
    expect(result.value).toBeInstanceOf(Date);
    expect((result.value as Date).toISOString()).toBe(expected);
  });

  it('drops an unreadable date with a warning naming the step path and item', () => {
    const result = runStep('parse_time', {}, 'sometime soon');
    expect(result.value).toBeUndefined();
    expect(result.warning).toMatchObject({ code: 'DateUnparseable', path: 'selectors.title.post_process[0]', item: 0 });
    expect(result.warning?.message).toContain('"sometime soon"');
  });

  it.each([
    [{ time_zone: 'Mars/Olympus' }, 'selectors.title.post_process[1].time_zone', /unknown time zone "Mars\/Olympus"/],
    [{ time_zone: 5 }, 'selectors.title.post_process[1].time_zone', /Invalid option/],
    [{ format: '%d.%m.%Y' }, 'selectors.title.post_process[1].format', /unknown option "format"/],
  ])('rejects options %j at %s', (options, path, message) => {
    const error = optionsErrorOf('parse_time', options);
    expect(error?.path).toBe(path);
    expect(error?.message).toMatch(message);
  });
});
