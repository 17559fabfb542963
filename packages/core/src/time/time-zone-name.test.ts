import { describe, expect, it } from 'vitest';
import { isTimeZoneName } from './time-zone.js';

/** isTimeZoneName answers as `Intl.DateTimeFormat` does, whether or not the name is canonical. */
function intlAccepts(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

describe('isTimeZoneName', () => {
  const names = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC', 'Etc/UTC', 'GMT', 'US/Eastern', 'Asia/Calcutta', 'europe/berlin', 'Etc/GMT+5', 'Mars/Olympus', 'Berlin', '', 'Europe/Berlin ', 'CET'];

  it.each(names)('%j: the same answer as Intl.DateTimeFormat', (name) => {
    expect(isTimeZoneName(name)).toBe(intlAccepts(name));
  });

  it('accepts canonical names, UTC and aliases, and rejects unknown ones', () => {
    expect(isTimeZoneName('Europe/Berlin')).toBe(true);
    expect(isTimeZoneName('UTC')).toBe(true);
    expect(isTimeZoneName('US/Eastern')).toBe(true);
    expect(isTimeZoneName('Mars/Olympus')).toBe(false);
    expect(isTimeZoneName('')).toBe(false);
  });
});
