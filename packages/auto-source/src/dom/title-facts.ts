import type { Column } from './title-paths.js';

// Twelfth session (issue 17): the facts of a card (prices, measures, texts the cards share) that a
// card link's text runs together with the item's name, and the name's columns without them. Used
// by title-paths.ts's column choice.

/**
 * Twelfth session: an amount — a price ("R$ 19,99", "De: R$ 23,52", "12x de R$ 1,96 sem juros",
 * "$200"), a measure or a figure with its unit ("86.1 M Ft", "901 571 Ft/m2", "Km 203.000") — is a
 * fact about a card's item, never its name: a currency sign beside a digit with at most two words
 * of four letters or more, or digits whose letters are only units of one or two letters.
 */
export function amountText(text: string): boolean {
  if (!/\d/.test(text) || text.length > 60) return false;
  const words = text.match(/\p{L}+/gu) ?? [];
  if (/\p{Sc}\s?\d|\d\s?\p{Sc}/u.test(text) && words.filter((word) => word.length >= 4).length <= 2) return true;
  return words.every((word) => word.length <= 2);
}

/**
 * Twelfth session: a card link whose text runs its name together with the card's facts — prices
 * and measures anywhere, and after the name the texts the cards share (a place "Houston, TX", a
 * category, a stock label, a fuel type) or short facts — is titled by what is left, the columns in
 * their order: a person reads the part the cards vary in as the name. Before the first distinct
 * column only a short label that one text fills in most rows ("used", "New") is left out: a brand
 * before the product's name is a part of the name, and so is a series' name before each episode's,
 * so words the headline shows before the name stay. Two distinct columns stay one title (a make and
 * model line and its version line). Only when something is taken out and the first distinct column
 * has at least `minimum` characters.
 */
export function withoutFacts(columns: readonly Column[], kept: readonly Column[], minimum: number): string[] | undefined {
  const named = columns.filter((column) => column.texts.filter(amountText).length * 2 < column.texts.length);
  const first = named.findIndex((column) => column.distinct);
  if (first < 0 || named[first]!.median < minimum) return undefined;
  const names = named.filter((column, index) => {
    if (index < first) return !(oneLabel(column) && column.median <= 20 && column.words <= 3);
    return index === first || (column.distinct && kept.includes(column));
  });
  return names.length === columns.length ? undefined : names.map((column) => column.key);
}

/** One text in at least 60 % of the column's rows (a label such as "used"), case aside. */
function oneLabel(column: Column): boolean {
  const counts = new Map<string, number>();
  for (const text of column.texts) counts.set(text.toLowerCase(), (counts.get(text.toLowerCase()) ?? 0) + 1);
  return Math.max(...counts.values()) >= column.texts.length * 0.6;
}
