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

/** True when `pattern` compiles (the check of `gsub`'s `pattern` option). */
export function isPattern(pattern: string): boolean {
  try {
    toRegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
