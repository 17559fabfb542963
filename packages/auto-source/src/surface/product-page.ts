import type { AnyNode, Document, Element } from 'domhandler';
import { attribute, childrenOf, headElements, isElement, pageElements } from '../util/dom.js';
import { textOf } from '../util/text.js';
import { declaredItem } from './declared-item.js';

/**
 * A product page read as a person reads it (seventeenth session, issue #16): ONE main thing — the
 * product named by the page's one `<h1>`, which is also the page's title, with its own buy box (an
 * "add to cart" or "buy now" control) or the page's declaration of one product — and then carousels
 * of OTHER products: related, similar, trending, "customers also bought", a menu's featured products.
 * Those carousels are lists of the same shape as a shop's category grid, so the list alone cannot
 * tell; the page around it can. A category or search grid names a collection in its heading ("Gaming
 * laptops") and puts a buy control in every card, none outside them; a product page's heading is
 * the product, outside the carousel, and its buy box sits outside the carousel too.
 *
 * Nothing here names a site, a URL or a class; read only for a page about to be kept as a list with
 * members on the page (`productPages`).
 */
export interface ProductFacts {
  /** Shown `<h1>` elements on the page (outside scripts, templates and hidden subtrees). */
  readonly headings: number;
  /** Distinct texts among the `<h1>` elements that name the page (the one `<h1>` when there is one). */
  readonly namingHeadings: number;
  /** The heading's words are the page's title's (`<title>` or `og:title`). */
  readonly headingNamesPage: boolean;
  /** The one `<h1>` sits inside one of the list's members (a list of full items, not a product's carousel). */
  readonly headingInList: boolean;
  /**
   * The page declares one product (JSON-LD, microdata or Open Graph; surface/declared-item.ts); read
   * only where it can decide (a price beside the heading and no buy box), else false.
   */
  readonly declaredProduct: boolean;
  /** Prices in the heading's own box: its largest ancestor holding no member of the list. */
  readonly pricesBesideHeading: number;
  /** Buy controls in the heading's own box. */
  readonly buyBesideHeading: number;
}

/** Declared types of one thing for sale. */
const PRODUCT_TYPE = /^(?:og:)?(?:Product|ProductGroup|IndividualProduct|Vehicle|Car|product|[\w.-]+:product|product\.item)$/;

/**
 * A buy control named in its markup: one of its ids, classes, field names or form actions has "buy"
 * as a word ("buy-now", "Button--buy", "buyBox") or "add" with "cart", "basket", "bag" or "trolley"
 * ("add-to-cart", "addToBasket"). Shops of every language name these in English in their markup.
 */
const CART_WORDS = new Set(['cart', 'basket', 'bag', 'trolley']);
/** A buy control named in the words a person reads on it (the commonest wordings of large shops). */
const BUY_TEXT = /^(?:add to (?:cart|basket|bag|trolley)|buy now|in den warenkorb|jetzt kaufen|ajouter au panier|añadir al carrito|agregar al carrito|comprar( ahora| agora)?|adicionar (?:ao|à) (?:carrinho|sacola)|aggiungi al carrello|in winkelwagen|do koszyka|kup teraz|sepete ekle|в корзину|купить|カートに入れる|今すぐ買う|加入购物车|立即购买|장바구니( 담기)?|바로구매|구매하기)$/i;
const CONTROL_TAGS = new Set(['button', 'input', 'a', 'form']);
/** How far up a heading's box is read, and how much of its text. */
const BOX_LEVELS = 8;
const BOX_TEXT = 6_000;
/** Nodes of the box walked for buy controls at most (a product's box is small; a page-wide box is no buy box). */
const BOX_NODES = 20_000;
/**
 * A price: a currency sign or code next to a number, either side (the commonest currencies of the
 * corpus's shops). The number's run is bounded: an unbounded one backtracks over long runs of figures.
 */
const PRICE = /(?:[€$£¥₹₽₩₺]|R\$|\b(?:EUR|USD|GBP|RUB|PLN|CZK|SEK|NOK|DKK|CHF|JPY|INR|BRL|TRY|UAH|UZS)\b)\s?\d|\d[\d\s.,']{0,15}(?:[€$£¥₹₽₩₺]|\b(?:EUR|USD|GBP|PLN|CZK|SEK|NOK|DKK|CHF|kr|zł|Kč|TL|Ft|lei|руб|грн|сум|лв)\b|円|원|zł|руб\.|₸)/gu;
/** A product's buy box holds a few controls (add to cart, buy now, a wish list's twin); more are a grid's. */
const MAX_BUY_BOX = 4;
/** Share of the heading's words found in the page's title. */
const NAMED_SHARE = 0.6;

/** The facts of a page whose heading cannot name a product page: nothing more is read. */
const NO_PRODUCT = { declaredProduct: false, pricesBesideHeading: 0, buyBesideHeading: 0 };

/**
 * The product facts of a page about to be kept with `members` as its list. The heading's box is read
 * only where one heading names the page outside the list (most kept pages stop at their headings),
 * the declaration only where it can decide; else they are zero.
 */
export function productFacts(document: Document, members: readonly Element[]): ProductFacts {
  const headings = pageElements(document).elements.filter((element) => element.name === 'h1' && textOf(element, 300).trim().length > 0);
  if (headings.length === 0) return { headings: 0, namingHeadings: 0, headingNamesPage: false, headingInList: false, ...NO_PRODUCT };
  // With several `<h1>` elements (sections titled "About this item", "Technical details", a copy of
  // the name for small screens), the heading is the one text among them that names the page.
  const titles = pageTitles(document);
  const naming = headings.length === 1 ? headings : headings.filter((element) => namesPage(textOf(element, 300), titles));
  const namingTexts = new Set(naming.map((element) => words(textOf(element, 300)).join(' ')));
  const heading = namingTexts.size === 1 ? naming[0] : undefined;
  const memberSet = new Set<Element>(members);
  const headingNamesPage = heading !== undefined && namesPage(textOf(heading, 300), titles);
  const headingInList = heading !== undefined && hasAncestorIn(heading, memberSet);
  const read = { headings: headings.length, namingHeadings: namingTexts.size, headingNamesPage, headingInList };
  if (!heading || !headingNamesPage || headingInList) return { ...read, ...NO_PRODUCT };
  const box = headingBox(heading, membersAncestors(members));
  // Only the heading's own box is walked for buy controls: a whole page's walk cost milliseconds.
  const buyBesideHeading = buyControlsOf(box).length;
  const pricesBesideHeading = pricesIn(textOf(box, BOX_TEXT));
  const buyBox = buyBesideHeading >= 1 && buyBesideHeading <= MAX_BUY_BOX;
  const declared = !buyBox && pricesBesideHeading > 0 ? declaredItem(document) : undefined;
  return { ...read, declaredProduct: declared !== undefined && PRODUCT_TYPE.test(declared.type), pricesBesideHeading, buyBesideHeading };
}

/** `element` or one of its ancestors is in `set`. */
function hasAncestorIn(element: Element, set: ReadonlySet<Element>): boolean {
  let current: Element | null = element;
  for (let steps = 0; current && steps < 400; steps += 1) {
    if (set.has(current)) return true;
    current = isElement(current.parent as AnyNode) ? (current.parent as Element) : null;
  }
  return false;
}

/** Every element holding a member (the members included), one walk up from each member. */
function membersAncestors(members: readonly Element[]): Set<Element> {
  const holding = new Set<Element>();
  for (const member of members) {
    let current: Element | null = member;
    for (let steps = 0; current && steps < 400 && !holding.has(current); steps += 1) {
      holding.add(current);
      current = isElement(current.parent as AnyNode) ? (current.parent as Element) : null;
    }
  }
  return holding;
}

/**
 * A product page: one `<h1>`, outside the list, naming the page, with a buy box beside it (its own
 * box, holding no member of the list, has one to `MAX_BUY_BOX` buy controls — a grid's box has one
 * per card) or with a price beside it on a page that declares one product.
 */
export function isProductPage(facts: ProductFacts): boolean {
  if (facts.namingHeadings !== 1 || !facts.headingNamesPage || facts.headingInList) return false;
  return (facts.buyBesideHeading >= 1 && facts.buyBesideHeading <= MAX_BUY_BOX) || (facts.declaredProduct && facts.pricesBesideHeading > 0);
}

function pageTitles(document: Document): string[] {
  return headElements(document, (element) => element.name === 'title' || (element.name === 'meta' && (attribute(element, 'property') ?? attribute(element, 'name')) === 'og:title'))
    .map((element) => (element.name === 'title' ? textOf(element, 500) || rawTitle(element) : attribute(element, 'content') ?? ''));
}

function rawTitle(element: Element): string {
  return element.children.map((child) => (child.type === 'text' ? (child as unknown as { data: string }).data : '')).join('');
}

function words(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
}

/** The heading's words are (mostly) in one of the page's titles; for scripts without spaces, the heading is in the title. */
export function namesPage(heading: string, titles: readonly string[]): boolean {
  const headingWords = words(heading);
  if (headingWords.length === 0) return false;
  const squeezedHeading = headingWords.join('');
  return titles.some((title) => {
    const titleWords = new Set(words(title));
    if (titleWords.size === 0) return false;
    if (titleWords.size > 0 && words(title).join('').includes(squeezedHeading)) return true;
    return headingWords.filter((word) => titleWords.has(word)).length / headingWords.length >= NAMED_SHARE;
  });
}

/** Every buy control below `root` (buttons and forms included, which the page walk skips). */
function buyControlsOf(root: AnyNode): Element[] {
  const found: Element[] = [];
  const stack: AnyNode[] = [root];
  for (let steps = 0; stack.length > 0 && steps < BOX_NODES; steps += 1) {
    const node = stack.pop()!;
    if (isElement(node)) {
      if (node.name === 'script' || node.name === 'style' || node.name === 'template' || node.name === 'head') continue;
      if (CONTROL_TAGS.has(node.name) && isBuyControl(node)) {
        found.push(node);
        continue;
      }
    }
    const children = childrenOf(node);
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]!);
  }
  return found;
}

function isBuyControl(element: Element): boolean {
  const named = [attribute(element, 'id'), attribute(element, 'class'), attribute(element, 'name'), attribute(element, 'action')]
    .some((value) => value !== undefined && namesBuying(value));
  if (named) return true;
  if (element.name === 'form') return false;
  const text = (element.name === 'input' ? attribute(element, 'value') ?? '' : controlText(element)).replace(/\s+/g, ' ').trim();
  return text.length > 0 && text.length <= 40 && BUY_TEXT.test(text);
}

/** A control's own words (the page's text reader leaves buttons out), cut short: a label, not a panel. */
function controlText(element: Element): string {
  let text = '';
  const stack: AnyNode[] = [element];
  while (stack.length > 0 && text.length <= 60) {
    const node = stack.pop()!;
    if (node.type === 'text') text += ` ${(node as unknown as { data: string }).data}`;
    const children = childrenOf(node);
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]!);
  }
  return text;
}

/** The heading's own box: its largest ancestor, at most `BOX_LEVELS` up, that holds no member of the list. */
function headingBox(heading: Element, holdsMember: ReadonlySet<Element>): Element {
  let box = heading;
  let current = heading.parent;
  for (let level = 0; level < BOX_LEVELS && current && isElement(current) && current.name !== 'body'; level += 1) {
    if (holdsMember.has(current)) break;
    box = current;
    current = current.parent;
  }
  return box;
}

function pricesIn(text: string): number {
  return [...text.matchAll(PRICE)].length;
}

/** A markup name (ids, classes, a field, an action) one of whose tokens names buying. */
export function namesBuying(value: string): boolean {
  return value.split(/[\s/?&=.]+/).some((token) => {
    const parts = token.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase().split(/[-_]+/);
    if (parts.includes('buy') || parts.includes('buynow') || parts.includes('addtocart') || parts.includes('addtobasket') || parts.includes('addcart')) return true;
    return parts.includes('add') && parts.some((part) => CART_WORDS.has(part));
  });
}
