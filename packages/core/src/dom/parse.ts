import { parseDocument } from 'htmlparser2';
import type { Document } from 'domhandler';
import { findOne } from 'domutils';
import type { HtmlSourceDocument, JsonSourceDocument, SourceDocument } from '../contracts/document.js';
import type { FetchResult } from '../contracts/fetch.js';
import { FeedError } from '../contracts/errors.js';

export function parseHtml(html: string): Document {
  return parseDocument(html, { decodeEntities: true, lowerCaseAttributeNames: true });
}

/** Parse a fetched page once; `<base href>` wins over the fetch URL as base for relative links. */
export function toSourceDocument(result: FetchResult): SourceDocument {
  if (result.contentType.includes('json')) return parseJsonSource(result);
  return parseHtmlSource(result.body, result.url);
}

/** A `<base>` element can only come from this text; most pages have none. */
const BASE_TAG = /<base[\s/>]/i;

export function parseHtmlSource(html: string, url: string): HtmlSourceDocument {
  const document = parseHtml(html);
  // Searching the text is far cheaper than walking every node of a page that has no <base>.
  const base = BASE_TAG.test(html)
    ? findOne((element) => element.name === 'base' && Boolean(element.attribs['href']), document.children, true)
    : null;
  let baseUrl = url;
  if (base) {
    try {
      baseUrl = new URL(base.attribs['href'] ?? '', url).href;
    } catch {
      baseUrl = url;
    }
  }
  return { kind: 'html', url: baseUrl, html, document };
}

function parseJsonSource(result: FetchResult): JsonSourceDocument {
  try {
    return { kind: 'json', url: result.url, text: result.body, data: JSON.parse(result.body) as unknown };
  } catch (error) {
    throw new FeedError('InputInvalid', `The page at ${result.url} says it is JSON but does not parse: ${(error as Error).message}`, {
      cause: error,
      hint: 'check the URL returns valid JSON, or remove the JSON content type',
    });
  }
}
