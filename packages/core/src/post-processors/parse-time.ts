import { parseTime } from '../time/parse-time.js';
import { definePostProcessor, PostProcessorFailure } from './define.js';
import { postProcessorOptions } from './options.js';

/** `parse_time`: text → Date. `time_zone` (IANA) overrides the channel's; `locale` orders "03/05/2024". */
export const parseTimeProcessor = definePostProcessor({
  name: 'parse_time',
  options: postProcessorOptions.parse_time,
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
