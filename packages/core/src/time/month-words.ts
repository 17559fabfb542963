import { MONTHS } from './vocabulary.js';

/**
 * The plain-ASCII month words `parseTime` reads, for a cheap answer to "can this word be a
 * month?" before the parser is asked (auto-source asks it of every distinct one-word title of a
 * page, and almost none are months). ASCII text reaches only the built-in vocabulary and
 * chrono-node's English parser (whose month words the vocabulary holds), and the Portuguese one
 * for the Portuguese month names below (natural.ts), so a date parsed from an ASCII word and a
 * year needs one of these words in it.
 */
const ASCII_MONTH_WORDS: readonly string[] = [
  ...[...MONTHS.keys()].filter((word) => /^[a-z]+$/.test(word)),
  // natural.ts's PORTUGUESE_MONTH, which routes these to chrono-node's Portuguese parser.
  'janeiro', 'fevereiro', 'marco', 'maio', 'junho', 'julho', 'setembro', 'outubro', 'dezembro',
];

/**
 * False when `word` (lower case) is plain ASCII letters and holds no month word of the parser
 * anywhere in it: then `parseTime` reads no month from it. True otherwise (the parser must be
 * asked; a word in any other script always is).
 */
export function mayNameMonth(word: string): boolean {
  if (!/^[a-z]+$/.test(word)) return true;
  for (const month of ASCII_MONTH_WORDS) if (word.includes(month)) return true;
  return false;
}
