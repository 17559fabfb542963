export { parseTime, type ParseTimeOptions } from './parse-time.js';
export { assertTimeZone, isTimeZoneName, offsetAt, wallTimeAt, zonedTimeToInstant, type WallTime } from './time-zone.js';
export { expandShortYears } from './short-years.js';
export { withoutNumberChains } from './number-chains.js';
export { mayNameMonth } from './month-words.js';
