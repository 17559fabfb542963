/**
 * Date-like text: ISO dates, numeric dates, month names in several languages, relative dates.
 * Only recognised here; `@pagefeed/core` parses the string into a time later.
 */
const MONTHS = [
  'jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec',
  'januar', 'februar', 'märz', 'maerz', 'mai', 'juni', 'juli', 'oktober', 'dezember',
  'janvier', 'février', 'fevrier', 'mars', 'avril', 'juin', 'juillet', 'août', 'aout', 'septembre', 'octobre', 'novembre', 'décembre', 'decembre',
  'enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre',
  'gennaio', 'febbraio', 'aprile', 'maggio', 'giugno', 'luglio', 'settembre', 'ottobre', 'dicembre',
  'januari', 'februari', 'maart', 'augustus', 'oktober', 'december', 'juni', 'juli', 'augusti', 'maj',
  'stycznia', 'lutego', 'marca', 'kwietnia', 'maja', 'czerwca', 'lipca', 'sierpnia', 'września', 'października', 'listopada', 'grudnia',
];
const MONTH_PATTERN = new RegExp(`(^|[^\\p{L}])(${MONTHS.join('|')})\\p{L}*\\.?\\s*,?\\s*(\\d{1,2}|\\d{4})|\\d{1,2}\\.?\\s+(${MONTHS.join('|')})\\p{L}*`, 'iu');
const NUMERIC_PATTERN = /\b(\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4}|\d{4}\/\d{1,2}\/\d{1,2})\b/;
const RELATIVE_PATTERN =
  /\b(\d+|an?|one)\s+(second|minute|hour|day|week|month|year)s?\s+ago\b|\b(vor\s+\d+\s+(sekunden|minuten|stunden|tagen|wochen|monaten|jahren))\b|\b(il y a\s+\d+)|\b(hace\s+\d+)|\b(yesterday|today|gestern|heute|hier|aujourd'hui|ayer|hoy|igår|idag)\b|\b\d{1,2}:\d{2}\b/i;

/** The first date-like fragment of `text`, or undefined. */
export function findDateText(text: string): string | undefined {
  if (!text || text.length > 400) return undefined;
  for (const pattern of [NUMERIC_PATTERN, MONTH_PATTERN, RELATIVE_PATTERN]) {
    const match = pattern.exec(text);
    if (match) return text.slice(Math.max(0, match.index), Math.min(text.length, match.index + match[0].length + 12)).trim();
  }
  return undefined;
}

/** Shapes the list scorer does not look for but a reader reads as dates: "2019-4-30", "29-Nov-2005". */
const EXTRA_PATTERN = new RegExp(`(?<![\\d-])\\d{4}-\\d{1,2}-\\d{1,2}(?![\\d-])|(?<!\\d)\\d{1,2}-(${MONTHS.join('|')})\\p{L}*-\\d{2,4}(?!\\d)`, 'iu');

/**
 * `findDateText` plus the shapes of EXTRA_PATTERN, for reading an item's date once its list is
 * chosen (the list ranking keeps using `findDateText`, so list choice does not change).
 */
export function findItemDateText(text: string): string | undefined {
  const found = findDateText(text);
  if (found || !text || text.length > 400) return found;
  const match = EXTRA_PATTERN.exec(text);
  return match ? text.slice(match.index, Math.min(text.length, match.index + match[0].length + 12)).trim() : undefined;
}
