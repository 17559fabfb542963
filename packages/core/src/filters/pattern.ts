import { createRequire } from 'node:module';
import type { RE2JS as Re2js } from 're2js';

/**
 * One filter entry: a word or phrase (case-insensitive, matched as whole words: "ai" does not
 * match "said"), or `/regex/flags` with flags i, m, s. Both run on RE2JS, a port of RE2 whose
 * matching time grows linearly with the text, so a pattern like `/(a+)+$/` cannot stall the server
 * the way it would with JavaScript's backtracking RegExp. RE2 has no backreferences or lookaround;
 * such a pattern is refused with a message saying so.
 */
export interface FilterPattern {
  readonly source: string;
  test(text: string): boolean;
}

export class FilterPatternError extends Error {}

const REGEX_ENTRY = /^\/(.+)\/([a-z]*)$/s;
const FLAGS = { i: 'CASE_INSENSITIVE', m: 'MULTILINE', s: 'DOTALL' } as const;

// RE2JS is loaded when the first filter entry is compiled, not with core: most feeds have no
// filters, and the library (270 KB) costs a fresh process about 6 ms CPU to load even from the
// CLI's code cache (`pagefeed validate`, BENCHMARKS.md §7). Same library, its CommonJS build.
const require = createRequire(import.meta.url);
let re2js: typeof Re2js | undefined;

function RE2(): typeof Re2js {
  re2js ??= (require('re2js') as typeof import('re2js')).RE2JS;
  return re2js;
}
/** Longest entry accepted (RE2 compiles in time linear in the pattern too, but a bound keeps memory small). */
export const MAX_PATTERN_LENGTH = 500;

export function compileFilterPattern(entry: string): FilterPattern {
  if (entry.length > MAX_PATTERN_LENGTH) throw new FilterPatternError(`is ${entry.length} characters long; the limit is ${MAX_PATTERN_LENGTH}`);
  const regex = REGEX_ENTRY.exec(entry);
  if (regex) return compileRegex(entry, regex[1] as string, regex[2] as string);
  const words = entry.trim().split(/\s+/).filter((word) => word !== '');
  if (words.length === 0) throw new FilterPatternError('is empty; give a word, a phrase or /regex/flags');
  const RE2JS = RE2();
  const body = words.map((word) => RE2JS.quote(word)).join('\\s+');
  const compiled = RE2JS.compile(`(?:^|[^\\p{L}\\p{N}_])${body}(?:$|[^\\p{L}\\p{N}_])`, RE2JS.CASE_INSENSITIVE);
  return { source: entry, test: (text) => compiled.matcher(text).find() };
}

function compileRegex(entry: string, pattern: string, flags: string): FilterPattern {
  const RE2JS = RE2();
  let mask = 0;
  for (const flag of flags) {
    const bit = Object.hasOwn(FLAGS, flag) ? RE2JS[FLAGS[flag as keyof typeof FLAGS]] : undefined;
    if (bit === undefined) throw new FilterPatternError(`has the flag '${flag}'; allowed flags are i, m and s`);
    mask |= bit;
  }
  try {
    const compiled = RE2JS.compile(pattern, mask);
    return { source: entry, test: (text) => compiled.matcher(text).find() };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const unsupported = /\\[1-9]|\(\?[=!<]/.test(pattern) ? ' (backreferences and lookaround are not supported: patterns run on RE2, which never backtracks)' : '';
    throw new FilterPatternError(`is not a valid regular expression: ${reason}${unsupported}`);
  }
}
