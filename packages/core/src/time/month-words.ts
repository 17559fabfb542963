import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fold } from './parse-time.js';
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
 * chrono-node's locales that text in the Latin script with other than ASCII letters reaches
 * (natural.ts: English, then the Latin-script locales), whose month words such a word would need.
 */
const LATIN_LOCALES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'sv', 'fi'];

/**
 * Every month word of those locales and of the vocabulary, without a trailing dot, as written and
 * folded as `parseTime` folds ("février", "fevrier"); undefined when chrono-node's month tables
 * cannot be read (then every such word is asked of the parser). Read on first use.
 */
let latinMonthWords: readonly string[] | null | undefined;

function latinWords(): readonly string[] | undefined {
  if (latinMonthWords === undefined) {
    try {
      const require = createRequire(import.meta.url);
      // The month tables sit beside each locale's entry point (not among the package's exports).
      const locales = dirname(dirname(require.resolve('chrono-node/en')));
      const words = new Set<string>(MONTHS.keys());
      for (const locale of LATIN_LOCALES) {
        const table = (require(join(locales, locale, 'constants.js')) as { MONTH_DICTIONARY?: Record<string, number> }).MONTH_DICTIONARY;
        if (!table || Object.keys(table).length < 12) throw new Error(`no month table for ${locale}`);
        for (const key of Object.keys(table)) words.add(key.toLowerCase().replace(/\.$/, ''));
      }
      for (const word of [...words]) words.add(fold(word));
      latinMonthWords = [...words].filter((word) => word.length > 0);
    } catch {
      latinMonthWords = null;
    }
  }
  return latinMonthWords ?? undefined;
}

/**
 * False when `given` (letters only, any case) is written in the Latin script and holds no month
 * word of the parser anywhere in it (as written or folded): then `parseTime` reads no month from
 * it. True otherwise (the parser must be asked; a word in any other script always is).
 */
export function mayNameMonth(given: string): boolean {
  // The parser reads any case ("MARCH"); the tables are in lower case.
  const word = given.toLowerCase();
  if (/^[a-z]+$/.test(word)) {
    for (const month of ASCII_MONTH_WORDS) if (word.includes(month)) return true;
    return false;
  }
  if (!/^\p{Script=Latin}+$/u.test(word)) return true;
  const months = latinWords();
  if (months === undefined) return true;
  const folded = fold(word);
  for (const month of months) if (word.includes(month) || folded.includes(month)) return true;
  return false;
}
