/**
 * "24.08.06 업데이트": Korean, Japanese and Chinese pages write a short dotted date year first
 * (yy.mm.dd), as they write their long dates ("2024.08.06"). Read day first, as the dotted dates
 * of European languages are, it was 24 August 2006 (issue 17, thirteenth session). A zero-padded
 * yy.mm.dd in a text of one of those scripts, or on a page in one of those languages, is written
 * as an ISO date before any parser sees it; every other text is returned unchanged.
 */
const SHORT_DOTTED = /(?<![\d.])(\d{2})\.(0[1-9]|1[0-2])\.(0[1-9]|[12]\d|3[01])(?![.]?\d)/;
const YEAR_FIRST_SCRIPT = /[\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
const YEAR_FIRST_LOCALE = /^(?:ko|ja|zh)(?:-|$)/i;

export function yearFirstShortDates(text: string, locale: string | undefined): string {
  if (!text.includes('.') || !(YEAR_FIRST_LOCALE.test(locale ?? '') || YEAR_FIRST_SCRIPT.test(text))) return text;
  return text.replace(SHORT_DOTTED, (_all, year: string, month: string, day: string) => `20${year}-${month}-${day}`);
}
