/**
 * A numeric date whose day and month could be read either way ("Sun 03/09/17": 3 September or
 * 9 March) and that names its weekday next to it is read in the order on which that weekday falls
 * (3 September 2017 was a Sunday, 9 March 2017 a Thursday), and rewritten as an ISO date before
 * any parser sees it. When both or neither reading fall on the weekday the text is left to the
 * locale rule. Weekday words of English, German, French, Spanish, Italian and Dutch, before the
 * date (with an optional comma) or after it (optionally in brackets).
 */

const WEEKDAY_WORDS: readonly string[][] = [
  ['sun', 'sunday', 'so', 'sonntag', 'dim', 'dimanche', 'dom', 'domingo', 'domenica', 'zo', 'zondag'],
  ['mon', 'monday', 'mo', 'montag', 'lun', 'lundi', 'lunes', 'lunedi', 'lunedì', 'ma', 'maandag'],
  ['tue', 'tues', 'tuesday', 'di', 'dienstag', 'mardi', 'martes', 'martedi', 'martedì', 'dinsdag'],
  ['wed', 'wednesday', 'mi', 'mittwoch', 'mer', 'mercredi', 'miércoles', 'miercoles', 'mercoledi', 'mercoledì', 'wo', 'woensdag'],
  ['thu', 'thur', 'thurs', 'thursday', 'do', 'donnerstag', 'jeu', 'jeudi', 'jueves', 'giovedi', 'giovedì', 'donderdag'],
  ['fri', 'friday', 'fr', 'freitag', 'ven', 'vendredi', 'viernes', 'venerdi', 'venerdì', 'vr', 'vrijdag'],
  ['sat', 'saturday', 'sa', 'samstag', 'sam', 'samedi', 'sábado', 'sabado', 'sabato', 'za', 'zaterdag'],
];
const WEEKDAY_NUMBER: ReadonlyMap<string, number> = new Map(WEEKDAY_WORDS.flatMap((words, day) => words.map((word) => [word, day] as const)));
/** A weekday word, then the date: "Sun 03/09/17", "Sonntag, 03.09.2017". */
const BEFORE = /(?<!\p{L})(\p{L}{2,10})\.?,?\s+(\d{1,2})([/.-])(\d{1,2})\3(\d{4}|\d{2})(?![\d/.-])/u;
/** The date, then a weekday word: "03/09/17 (Sun)". */
const AFTER = /(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\d/.-])\s*[(（]?\s*(\p{L}{2,10})(?!\p{L})/u;

/** `text` with a weekday-decided numeric date written as an ISO date; unchanged otherwise. */
export function orderByWeekday(text: string): string {
  const before = BEFORE.exec(text);
  if (before) {
    const iso = reading(before[1]!, before[2]!, before[4]!, before[5]!);
    if (iso) return text.replace(`${before[2]}${before[3]}${before[4]}${before[3]}${before[5]}`, iso);
  }
  const after = AFTER.exec(text);
  if (after) {
    const iso = reading(after[5]!, after[1]!, after[3]!, after[4]!);
    if (iso) return text.replace(`${after[1]}${after[2]}${after[3]}${after[2]}${after[4]}`, iso);
  }
  return text;
}

function reading(word: string, first: string, second: string, yearText: string): string | undefined {
  const weekday = WEEKDAY_NUMBER.get(word.toLowerCase());
  const a = Number(first);
  const b = Number(second);
  if (weekday === undefined || a > 12 || b > 12 || a === b) return undefined;
  const year = yearText.length === 2 ? (Number(yearText) < 70 ? 2000 : 1900) + Number(yearText) : Number(yearText);
  const dayFirst = onWeekday(year, b, a, weekday);
  const monthFirst = onWeekday(year, a, b, weekday);
  if (dayFirst === monthFirst) return undefined;
  const [month, day] = dayFirst ? [b, a] : [a, b];
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function onWeekday(year: number, month: number, day: number, weekday: number): boolean {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay() === weekday;
}
