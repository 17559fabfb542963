/** `%<name>s`: html2rss's (Ruby format) spelling of a dynamic parameter placeholder. */
const PLACEHOLDER = /%<([A-Za-z_][A-Za-z0-9_]*)>s/g;

export function placeholderNames(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
}

export function fillPlaceholders(text: string, valueOf: (name: string) => string): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => valueOf(name));
}

/** The whole value must match, as users expect from a "pattern" (no partial matches). */
export function compileParameterPattern(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`, 'u');
}
