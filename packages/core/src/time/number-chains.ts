/**
 * Numbers that are not dates (issue 17, thirteenth session): four or more numbers joined by one
 * separator ("3/4/7/13", the metro lines a flat's title lists; "10.0.0.1", an address) are a list
 * or an identifier, never a day, a month and a year, which take three parts. chrono-node read the
 * first two ("3/4") as a date. Such a chain is blanked before any parser sees the text; the rest
 * of the text is read as before.
 */
const CHAIN = /(?<![\d./])\d+([./])\d+(?:\1\d+){2,}(?![./]?\d)/g;

export function withoutNumberChains(text: string): string {
  // Only a text with three separators can hold a chain (most texts pass untouched).
  if (!/[./].*[./].*[./]/.test(text)) return text;
  CHAIN.lastIndex = 0;
  return text.replace(CHAIN, ' ');
}
