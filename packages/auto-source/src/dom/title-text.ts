import type { Element } from 'domhandler';
import { walkElements } from '../util/dom.js';
import { findDateText, findItemDateText } from '../util/dates.js';
import { readingText, sameButSpacing } from '../util/reading-text.js';
import { textOf } from '../util/text.js';
import { dressedDate } from './written-dates.js';
import { createExtractionMemo } from '../util/extraction-memo.js';

// What a title's text is and is not, and how it is cleaned: calls to action, ratings and dates are
// no headlines; a bullet, a date inside the link and the extraction's spacing are taken off.

/** Link texts that are calls to action, never a headline. */
const ACTION = /^(read|continue|view|see|learn|go to|click|shop|buy|order|details|more info|more information|mehr|weiter|weiterlesen|zum|lire|voir|leer|ver|leggi|lees|læs mere|les mer|läs mer|lue lisää|czytaj dalej|czytaj więcej|saiba mais|leia mais|ler mais|se mere|mere information|meer informatie|plus d'infos?|más información|ulteriori informazioni)(?![\p{L}\d]).{0,25}$|^(more|mehr|suite|más|altro|meer|mere|więcej|mais|lisää|подробнее|далее|читать далее|читать полностью|детальніше|докладніше|devamı|devamını oku|詳細|詳しく|更多|阅读全文|閱讀全文|查看详情|더 보기|자세히)\s*(?:[›»>→…]+|\.{2,3})?$|^[›»>→…]+$/iu;

/** A bullet before the headline ("● Headline", "» Headline"): decoration, not a part of it. */
export function withoutDecoration(title: string): string {
  const rest = title.replace(/^[●•◆◇■□▪▫►▶▸‣⁃※○◎★☆·»›]\s+/u, '');
  return rest.length >= 3 ? rest : title;
}

/**
 * A date shown inside the title link, before or after the headline (`<a>Headline <span
 * class="date">16 май 2014</span></a>`), is the item's date, not a part of its title.
 */
export function withoutDateInside(title: string, link: Element | undefined): string {
  if (!link) return title;
  let result = title;
  walkElements(link, (element) => {
    const text = textOf(element, 41);
    if (text.length < 4 || text.length > 40 || !isOnlyDate(text)) return true;
    const rest = result.endsWith(text) ? result.slice(0, -text.length) : result.startsWith(text) ? result.slice(text.length) : undefined;
    const trimmed = rest?.replace(/^[\s·|,–—:-]+|[\s·|,–—:-]+$/g, '');
    if (trimmed !== undefined && trimmed.length >= 3) result = trimmed;
    return false;
  }, 4);
  return result;
}

/** A date with a day and little else ("16 май 2014", "Mar 3"); "March 2019" may be a part of the title. */
function isOnlyDate(text: string): boolean {
  const date = findItemDateText(text);
  return date !== undefined && date.length >= text.length * 0.8 && /(?<!\d)(?:0?[1-9]|[12]\d|3[01])(?!\d)/.test(text.replace(/(?<!\d)(?:19|20)\d{2}(?!\d)/g, ' '));
}

/**
 * The title as the page shows it: when one of `sources` holds the same characters with different
 * spacing (the extraction's space between text nodes inside inline markup), its reading text.
 */
export function asRead(title: string, sources: readonly (Element | undefined)[]): string {
  for (const source of sources) {
    if (!source) continue;
    const read = readingText(source, title.length + 80);
    if (read !== title && read.length > 0 && sameButSpacing(read, title)) return read;
  }
  return title;
}

/** A rating ("4.5 out of 5 stars", "★★★★☆", "Rated 4/5", "4,0 von 5 Sternen"): never a headline. */
const RATING = /^(?:rated\s+)?\d(?:[.,]\d)?\s*(?:\/\s*\d+(?:[.,]\d)?|(?:out\s+of|of|von|sur|de|su|van)\s+\d+(?:[.,]\d)?)(?:\s+(?:stars?|sterne?n?|étoiles?|estrellas?|estrelas?|stelle|sterren|points?))?\.?$|^[★☆✩✪✫✬✭✮✯⭐\s]+$/iu;
/**
 * A rating after a one-word label, its score written with a decimal ("Avaliação 4.8 de 5.0",
 * "Rating: 4.5 out of 5"): a screen reader's words around a shop card's stars (fifteenth session).
 * The decimal keeps "Part 2 of 5" a headline.
 */
const LABELLED_RATING = /^\p{L}{2,12}:?\s+\d[.,]\d\s*(?:\/|out\s+of|of|von|sur|de|su|van)\s*\d+(?:[.,]\d)?(?:\s+(?:stars?|sterne?n?|étoiles?|estrellas?|estrelas?|stelle|sterren|points?))?\.?$/iu;

/**
 * A count of reactions ("Notes: 26", "(12 comments)", "3 replies", "Kommentare (4)", "Просмотров:
 * 120"): the link to a post's notes or comments, never its headline.
 */
const COUNT_WORD = 'notes?|comments?|replies|reply|likes?|views?|reblogs?|shares?|responses?|kommentare?|antworten|commentaires?|réponses?|comentarios?|respuestas?|commenti|reacties|komentarze?|комментари[йяевих]*|ответ(?:ов|а)?|просмотр(?:ов|а)?|коментар(?:ів|і)?';
const COUNT = new RegExp(`^\\(?\\s*(?:(?:${COUNT_WORD})\\s*:?\\s*\\(?\\d[\\d,.\\s]*\\)?|\\d[\\d,.]*\\s*(?:${COUNT_WORD}))\\s*\\)?$`, 'iu');

/**
 * Whether the text is no headline (`plainlyNotAHeadline`, or a dressed date). Kept per extraction
 * (a pure function of the text): every candidate list's titles, its body titles and title blocks
 * ask it again of the same texts (sixteenth session).
 */
export const notAHeadline: (text: string) => boolean = createExtractionMemo(readNotAHeadline);

/** `notAHeadline` without its memo. */
function readNotAHeadline(text: string): boolean {
  // Fifteenth session: a date with its weekday, its time of day or a "Released:" label, a weekday
  // alone, a post's age ("1h") are date stamps too (written-dates.ts).
  return plainlyNotAHeadline(text) || dressedDate(text.trim());
}

/** A call to action, a rating, a count or a bare date: `notAHeadline` without the dressed dates. */
export function plainlyNotAHeadline(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length < 2 || ACTION.test(trimmed) || RATING.test(trimmed) || LABELLED_RATING.test(trimmed) || COUNT.test(trimmed)) return true;
  const date = findDateText(trimmed);
  return date !== undefined && date.length >= trimmed.length * 0.8;
}

/** A run of symbols (emoji, pictographs, circled letters, arrows) and spaces opening a title. */
const SYMBOL_RUN = /^(?:[\p{So}\p{Sm}\p{Sk}\uFE0F\u200D]|\s)+/u;

/**
 * Icons set before the headline as elements of their own (`<span title="Incident">🚨</span>
 * <span title="Yellow">🟨</span> <span>Headline</span>`, `<span>Ⓐ</span><span>◉</span> <a>…</a>`)
 * are not a part of it: a title opening with symbols drops them when each of those symbols is the
 * whole text of an element of `root`, in the order they open it. Symbols written in the headline's
 * own text ("🚀 CDL drivers wanted", as a poster typed it) stay.
 */
export function withoutIconElements(title: string, root: Element | undefined): string {
  const run = SYMBOL_RUN.exec(title)?.[0];
  if (!root || run === undefined) return title;
  const prefix = run.replace(/\s+/g, '');
  const rest = title.slice(run.length);
  if (prefix === '' || rest.length < 3 || !/[\p{L}\p{N}]/u.test(rest)) return title;
  // The innermost element that holds the whole title: its icons are the ones before the headline.
  const head = rest.slice(0, 20);
  let holder: Element | undefined;
  const visit = (element: Element): boolean => {
    const text = textOf(element, title.length + 80);
    if (!text.includes(head) || SYMBOL_RUN.exec(text)?.[0].replace(/\s+/g, '') !== prefix) return text.includes(head);
    holder = element;
    return true;
  };
  if (visit(root)) walkElements(root, visit, 12);
  if (!holder) return title;
  let icons = '';
  let stop = false;
  walkElements(holder, (element) => {
    if (stop || icons.length >= prefix.length) return false;
    const text = textOf(element, 41);
    if (text === '') return false;
    if (/[\p{L}\p{N}]/u.test(text)) {
      // An element of text that holds no element: the first words come before any icon.
      if (!element.children.some((child) => child.type === 'tag')) stop = true;
      return !stop;
    }
    icons += text.replace(/\s+/g, '');
    return false;
  }, 10);
  return icons.startsWith(prefix) ? rest : title;
}
