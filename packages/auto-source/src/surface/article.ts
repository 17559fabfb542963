import type { Document, Element } from 'domhandler';
import { attribute, headElements, pageElements } from '../util/dom.js';
import { textOf } from '../util/text.js';
import { ARTICLE_TYPES, jsonLdNodes, typesOf } from '../util/json-ld.js';

export interface ArticleSignals {
  /** `og:type` is `article`. */
  readonly openGraphArticle: boolean;
  /** The page's JSON-LD describes one article (not a list of them). */
  readonly jsonLdArticle: boolean;
  /** The element holding the most paragraph text, and how much. */
  readonly mainBlock?: Element;
  readonly mainBlockCharacters: number;
  /** The page's only outermost `<article>`, when it has exactly one. */
  readonly soleArticle?: Element;
}

/** Facts that tell a single article page from a list page. */
export function articleSignals(document: Document): ArticleSignals {
  const openGraphArticle = headElements(document, (element) => element.name === 'meta' && (attribute(element, 'property') ?? attribute(element, 'name')) === 'og:type')
    .some((element) => /article/i.test(attribute(element, 'content') ?? ''));
  const articleNodes = jsonLdNodes(document).filter((node) => typesOf(node).some((type) => ARTICLE_TYPES.has(type) && /Article|Posting|Report/.test(type)));
  const paragraphText = new Map<Element, number>();
  const articles: Element[] = [];
  // The page's element list (walk order with depths); a paragraph's own subtree is not looked into.
  const page = pageElements(document);
  let skipBelow = Number.POSITIVE_INFINITY;
  // Depth of the outermost <article> being walked (-1 outside any): an <article> below it is nested,
  // known from the depths in one pass (asking each earlier article whether it holds this one was
  // quadratic: 60,000 sibling articles took 40 s).
  let articleDepth = -1;
  for (let position = 0; position < page.elements.length; position += 1) {
    const depth = page.depths[position]!;
    if (depth > skipBelow) continue;
    skipBelow = Number.POSITIVE_INFINITY;
    const element = page.elements[position]!;
    if (articleDepth >= 0 && depth <= articleDepth) articleDepth = -1;
    if (element.name === 'article' && articleDepth < 0) {
      articles.push(element);
      articleDepth = depth;
    }
    if (element.name !== 'p' || !element.parent || element.parent.type !== 'tag') continue;
    const parent = element.parent as Element;
    paragraphText.set(parent, (paragraphText.get(parent) ?? 0) + textOf(element, 5_000).length);
    skipBelow = depth;
  }
  let mainBlock: Element | undefined;
  let mainBlockCharacters = 0;
  for (const [element, characters] of paragraphText) {
    if (characters > mainBlockCharacters) [mainBlock, mainBlockCharacters] = [element, characters];
  }
  return {
    openGraphArticle,
    jsonLdArticle: articleNodes.length === 1,
    ...(mainBlock ? { mainBlock } : {}),
    mainBlockCharacters,
    ...(articles.length === 1 && articles[0] ? { soleArticle: articles[0] } : {}),
  };
}

/** True when `element` is `container` or lies inside it. */
export function isWithin(element: Element, container: Element): boolean {
  let current: Element | null = element;
  for (let steps = 0; current && steps < 400; steps += 1) {
    if (current === container) return true;
    current = current.parent as Element | null;
  }
  return false;
}
