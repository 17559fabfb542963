import * as v from 'valibot';
import type { PostProcessorName } from '../contracts/config.js';
import { isTimeZoneName } from '../time/time-zone.js';
import { isPattern } from './gsub-pattern.js';

/**
 * The option schemas of the built-in post-processors, apart from their implementations
 * (`builtin.ts`). Checking a config (`compilePostProcessors`, `pagefeed validate`) needs only
 * these; the implementations bring markdown, HTML and date libraries whose modules build tables
 * and regular expressions when loaded, so they are loaded only by what runs a feed (`run.ts`).
 * Keys are in the order of the "known post-processors" list in error messages.
 */
export const postProcessorOptions = {
  parse_time: v.strictObject({
    time_zone: v.optional(
      v.pipe(v.string(), v.check(isTimeZoneName, (issue) => `unknown time zone ${JSON.stringify(issue.input)}; use an IANA name such as "Europe/Berlin" or "UTC"`)),
    ),
    locale: v.optional(v.string()),
  }),
  parse_uri: v.strictObject({}),
  template: v.strictObject({
    string: v.pipe(v.string(), v.minLength(1, 'must be a non-empty template such as "%{self} by %{author}"')),
  }),
  gsub: v.strictObject({
    pattern: v.pipe(
      v.string(),
      v.minLength(1, 'must not be empty'),
      v.check(isPattern, (issue) => `${JSON.stringify(issue.input)} is not a valid regular expression; write /source/flags, e.g. "/\\s+/g"`),
    ),
    replacement: v.optional(v.string(), ''),
  }),
  substring: v.strictObject({
    start: v.pipe(v.number('must be a whole number'), v.integer('must be a whole number')),
    end: v.optional(v.pipe(v.number('must be a whole number'), v.integer('must be a whole number'))),
  }),
  sanitize_html: v.strictObject({}),
  html_to_markdown: v.strictObject({}),
  markdown_to_html: v.strictObject({}),
} satisfies Record<PostProcessorName, v.GenericSchema>;
