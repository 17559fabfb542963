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

export function parseHtmlSource(html: string, url: string): HtmlSourceDocument {
  const document = parseHtml(html);
  const base = findOne((element) => element.name === 'base' && Boolean(element.attribs['href']), document.children, true);
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
