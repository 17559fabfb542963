import type { AnyNode, Element } from 'domhandler';
import { render } from 'dom-serializer';
import { isTag, textContent } from 'domutils';
import type { ExtractorName } from '../contracts/config.js';
import { resolveHref } from '../items/resolve-url.js';
import { textOf } from '../items/text.js';
import { rememberFragmentNodes } from '../items/sanitize.js';

/** What an extractor gets: the part's matches inside one item (or the item itself without a selector). */
export interface ExtractorInput {
  readonly elements: readonly Element[];
  readonly attribute?: string | undefined;
  readonly static?: string | undefined;
  readonly baseUrl: string;
  /** The tree was made from JSON (see `json-document.ts`): values are text, not markup. */
  readonly json: boolean;
}

export { textOf };

export type Extractor = (input: ExtractorInput) => string | undefined;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function absolute(value: string, baseUrl: string): string {
  return resolveHref(value, baseUrl) ?? value;
}

function firstAttribute(elements: readonly Element[], name: string): string | undefined {
  for (const element of elements) {
    const value = nonEmpty(element.attribs[name]);
    if (value !== undefined) return value;
  }
  return undefined;
}

function firstDescendantHref(elements: readonly Element[]): string | undefined {
  const stack: AnyNode[] = [...elements].reverse();
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || !isTag(node)) continue;
    const href = node.name === 'a' || node.name === 'area' ? nonEmpty(node.attribs['href']) : undefined;
    if (href !== undefined) return href;
    stack.push(...[...node.children].reverse());
  }
  return undefined;
}

/**
 * The built-in extractors by name.
 * - `text`: the text of every match, whitespace collapsed (html2rss joins all matches too).
 * - `html`: the OUTER HTML of every match, concatenated (like html2rss); for JSON, the value text
 *   unchanged (a JSON string holding HTML or Markdown keeps its markup and line breaks).
 * - `href`: the first match's `href`, else the first link inside the first match, made absolute;
 *   for JSON, the value text made absolute.
 * - `attribute`: the first non-empty value of the `attribute` option among the matches.
 * - `static`: the `static` option; needs no element.
 */
export const builtinExtractors: Readonly<Record<ExtractorName, Extractor>> = {
  text: ({ elements, json }) => nonEmpty(textOf(elements, json)),
  html: ({ elements, json }) => {
    if (json) return nonEmpty(elements.map((element) => textContent(element)).join('\n'));
    const html = nonEmpty(elements.map((element) => render(element, { encodeEntities: 'utf8' })).join(''));
    // Sanitising this string (sanitize_html, the normaliser) then walks these nodes instead of parsing it.
    if (html !== undefined) rememberFragmentNodes(html, elements);
    return html;
  },
  href: ({ elements, baseUrl, json }) => {
    const href = json ? nonEmpty(textOf(elements.slice(0, 1))) : (firstAttribute(elements.slice(0, 1), 'href') ?? firstDescendantHref(elements.slice(0, 1)));
    return href === undefined ? undefined : absolute(href, baseUrl);
  },
  attribute: ({ elements, attribute }) => (attribute === undefined ? undefined : firstAttribute(elements, attribute)),
  static: (input) => nonEmpty(input.static),
};

export const EXTRACTOR_NAMES = Object.keys(builtinExtractors) as ExtractorName[];
