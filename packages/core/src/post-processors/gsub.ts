import * as v from 'valibot';
import { definePostProcessor, valueToText } from './define.js';

/**
 * Compiled patterns by source: `gsub` runs once per item, and compiling the same pattern for each
 * one showed in profiles. Sharing is safe: every pattern is global, and `replace` starts a global
 * pattern at index 0 and leaves it there.
 */
const compiled = new Map<string, RegExp>();

/** `/source/flags` is a regular expression; anything else is matched literally. */
export function toRegExp(pattern: string): RegExp {
  let regExp = compiled.get(pattern);
  if (regExp === undefined) {
    regExp = compilePattern(pattern);
    if (compiled.size >= 1_000) compiled.clear();
    compiled.set(pattern, regExp);
  }
  return regExp;
}

function compilePattern(pattern: string): RegExp {
  const literal = /^\/(.+)\/([a-z]*)$/s.exec(pattern);
  if (!literal) return new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g');
  const flags = new Set(literal[2]);
  flags.add('g');
  return new RegExp(literal[1] ?? '', [...flags].join(''));
}

function isPattern(pattern: string): boolean {
  try {
    toRegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/**
 * `gsub`: replaces every match of `pattern` with `replacement`. Groups are `$1` (JavaScript) or
 * `\1` (Ruby, as in html2rss configs).
 */
export const gsubProcessor = definePostProcessor({
  name: 'gsub',
  options: v.strictObject({
    pattern: v.pipe(
      v.string(),
      v.minLength(1, 'must not be empty'),
      v.check(isPattern, (issue) => `${JSON.stringify(issue.input)} is not a valid regular expression; write /source/flags, e.g. "/\\s+/g"`),
    ),
    replacement: v.optional(v.string(), ''),
  }),
  run(value, options) {
    const replacement = options.replacement.replace(/\\(\d)/g, '$$$1');
    const result = valueToText(value).replace(toRegExp(options.pattern), replacement);
    return result === '' ? undefined : result;
  },
});
