import * as v from 'valibot';
import { parseTime } from '../time/parse-time.js';
import { isTimeZoneName } from '../time/time-zone.js';
import { definePostProcessor, PostProcessorFailure } from './define.js';

/** `parse_time`: text → Date. `time_zone` (IANA) overrides the channel's; `locale` orders "03/05/2024". */
export const parseTimeProcessor = definePostProcessor({
  name: 'parse_time',
  options: v.strictObject({
    time_zone: v.optional(
      v.pipe(v.string(), v.check(isTimeZoneName, (issue) => `unknown time zone ${JSON.stringify(issue.input)}; use an IANA name such as "Europe/Berlin" or "UTC"`)),
    ),
    locale: v.optional(v.string()),
  }),
  run(value, options, context) {
    if (value instanceof Date) return value;
    const date = parseTime(value, {
      timeZone: options.time_zone ?? context.timeZone,
      now: context.now,
      locale: options.locale ?? context.locale,
    });
    if (!date) {
      throw new PostProcessorFailure('DateUnparseable', `cannot read ${JSON.stringify(shorten(value))} as a date`);
    }
    return date;
  },
});

export function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
