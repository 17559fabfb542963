import { Element as DomElement, isTag, type AnyNode, type Document, type Element } from 'domhandler';
import { selectAll } from 'css-select';
import render from 'dom-serializer';
import { parseHtml } from '../dom/parse.js';
import { rememberFragmentNodes, sanitizeItemHtml } from '../items/sanitize.js';
import { cleanArticle } from './clean.js';
import { articleMetadata } from './metadata.js';
import { TextMeasure } from './nodes.js';
import { prune } from './prune.js';
import { articleText } from './render-text.js';
import { findTop } from './score.js';

export interface ArticleOptions {
  /** The page's address: links and images in the result are made absolute against it. */
  readonly url?: string;
  /** A CSS selector for the article body, used instead of the automatic extraction. */
  readonly selector?: string;
}

export interface Article {
  readonly title?: string;
  readonly byline?: string;
  readonly published?: string;
  /** Sanitised HTML of the article body (absolute links and images). */
  readonly html: string;
  /** The same as plain text, blocks separated by blank lines. */
  readonly text: string;
  /** Characters of text. */
  readonly length: number;
  /** How the body was found: `selector`, `scored` or `fallback` (the whole page body). */
  readonly method: 'selector' | 'scored' | 'fallback';
}

/** An article's text shorter than this after the strict pass is retried with gentler pruning. */
const RETRY_BELOW = 250;

/**
 * The readable article on an HTML page: its body as sanitised HTML and as text, with the title,
 * author and date the page declares. Throws a `SelectorError`-style `Error` when `selector` is not
 * valid CSS; returns a result with empty text when the page holds no article text.
 */
export function extractArticle(html: string, options: ArticleOptions = {}): Article {
  const baseUrl = options.url ?? 'about:blank';
  const firstDocument = parseHtml(html);
  const metadata = articleMetadata(firstDocument);
  if (options.selector !== undefined) {
    const document = firstDocument;
    const matches = selectAll(options.selector, document) as unknown as Element[];
    prune({ children: matches } as unknown as Document, true);
    return finish(matches, metadata, baseUrl, 'selector');
  }
  let first: Article | undefined;
  for (const keepFurniture of [false, true]) {
    const document = keepFurniture ? parseHtml(html) : firstDocument;
    const article = scoredArticle(document, keepFurniture, metadata, baseUrl);
    if (article.length >= RETRY_BELOW) return article;
    if (!first || article.length > first.length) first = article;
  }
  return first as Article;
}

function scoredArticle(document: Document, keepFurniture: boolean, metadata: Metadata, baseUrl: string): Article {
  ensureBody(document);
  prune(document, keepFurniture);
  const measure = new TextMeasure();
  const scored = findTop(document, measure);
  if (!scored) {
    const body = (selectAll('body', document) as unknown as Element[])[0];
    return finish(body ? [body] : [], metadata, baseUrl, 'fallback');
  }
  const nodes = withSiblings(scored.top, scored.scores, measure);
  const wrapper = wrap(nodes);
  cleanArticle(wrapper, measure, metadata.title ?? '');
  return finish(wrapper.children, metadata, baseUrl, 'scored');
}

type Metadata = ReturnType<typeof articleMetadata>;

/**
 * htmlparser2 adds no `<html>`/`<body>` the page does not write; a fragment-like page (`<h1>…<p>…`)
 * gets a `<body>` around its top-level nodes, so its paragraphs have a container to score.
 */
function ensureBody(document: Document): void {
  const top = document.children.filter(isTag);
  const html = top.find((element) => element.name === 'html');
  if ((html ?? document).children.some((node) => isTag(node) && node.name === 'body')) return;
  const holder = html ?? document;
  const body = new DomElement('body', {});
  for (const node of [...holder.children]) {
    if (isTag(node) && node.name === 'head') continue;
    holder.children.splice(holder.children.indexOf(node), 1);
    node.parent = body;
    node.prev = body.children[body.children.length - 1] ?? null;
    if (node.prev) node.prev.next = node;
    node.next = null;
    body.children.push(node);
  }
  body.parent = holder;
  holder.children.push(body);
}

/**
 * The best element and those of its siblings that look like more of the article: scored siblings
 * close to it, and paragraphs with enough text and few links.
 */
function withSiblings(top: Element, scores: Map<Element, number>, measure: TextMeasure): AnyNode[] {
  const parent = top.parent;
  if (!parent || !isTag(parent) || parent.name === 'html') return [top];
  const topScore = scores.get(top) ?? 0;
  const threshold = Math.max(10, topScore * 0.2);
  const chosen: AnyNode[] = [];
  for (const sibling of parent.children) {
    if (!isTag(sibling)) continue;
    if (sibling === top) {
      chosen.push(sibling);
      continue;
    }
    let bonus = 0;
    if (sibling.attribs.class && sibling.attribs.class === top.attribs.class) bonus = topScore * 0.2;
    const score = scores.get(sibling);
    if (score !== undefined && score + bonus >= threshold) {
      chosen.push(sibling);
      continue;
    }
    if (sibling.name === 'p') {
      const length = measure.length(sibling);
      const density = measure.linkDensity(sibling);
      if ((length > 80 && density < 0.25) || (length > 0 && length <= 80 && density === 0 && /\.( |$)/.test(textContent(sibling)))) {
        chosen.push(sibling);
      }
    }
  }
  return chosen;
}

function wrap(nodes: AnyNode[]): Element {
  const holder = new DomElement('div', {});
  for (const node of nodes) {
    const parent = node.parent;
    if (parent) parent.children.splice(parent.children.indexOf(node), 1);
    node.parent = holder;
    node.prev = holder.children[holder.children.length - 1] ?? null;
    if (node.prev) node.prev.next = node;
    node.next = null;
    holder.children.push(node);
  }
  return holder;
}

function textContent(element: Element): string {
  return articleText([element]);
}

function finish(nodes: readonly AnyNode[], metadata: Metadata, baseUrl: string, method: Article['method']): Article {
  const text = articleText(nodes);
  const rawHtml = render(nodes as AnyNode[], { decodeEntities: true, encodeEntities: 'utf8' });
  rememberFragmentNodes(rawHtml, nodes);
  const html = text === '' ? '' : sanitizeItemHtml(rawHtml, baseUrl);
  return { ...metadata, html, text, length: text.length, method };
}
