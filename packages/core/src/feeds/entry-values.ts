import { render } from 'dom-serializer';
import { isTag, type Element } from 'domhandler';
import { textContent } from 'domutils';
import type { ItemDraft } from '../contracts/item.js';
import { markSanitised, sanitizeItemHtml } from '../items/sanitize.js';
import { holdsMarkup, htmlToText, plainTextToHtml, textToHtml } from '../items/text.js';
import { nonBlank } from './xml.js';

/** A title as text: feeds put escaped HTML (`&lt;b&gt;`) in RSS titles; readers show its text. */
export function titleFromHtmlOrText(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return nonBlank(holdsMarkup(value) ? htmlToText(value) : value);
}

/** An Atom text construct (title, summary, content, subtitle) by its `type`. */
export interface TextConstruct {
  readonly text: string | undefined;
  readonly html: string | undefined;
}

const NO_TEXT: TextConstruct = { text: undefined, html: undefined };

export function atomTextConstruct(element: Element | undefined): TextConstruct {
  if (!element || element.attribs['src'] !== undefined) return NO_TEXT;
  const type = (element.attribs['type'] ?? 'text').trim().toLowerCase();
  if (type === 'xhtml') return inlineXhtml(element);
  if (type === 'html' || type === 'text/html') return typedText('html', textContent(element));
  if (type === 'text' || type.startsWith('text/')) return typedText('text', textContent(element));
  // Another media type (base64 images, XML payloads): nothing a reader shows as text.
  return NO_TEXT;
}

/** Inline XHTML: the children of one xhtml <div>, written back out as HTML for the sanitiser. */
export function inlineXhtml(element: Element): TextConstruct {
  const division = element.children.find(isTag);
  const nodes = division && element.children.filter(isTag).length === 1 ? division.children : element.children;
  const html = nonBlank(render(nodes, { encodeEntities: 'utf8' }));
  return { text: nonBlank(textContent(nodes)), html };
}

/** A value known to be HTML (escaped in the feed) or plain text, as both text and HTML. */
export function typedText(kind: 'html' | 'text', value: string): TextConstruct {
  if (kind === 'html') return { text: titleFromHtmlOrText(value), html: nonBlank(value) };
  return { text: nonBlank(value), html: nonBlank(value) === undefined ? undefined : textToHtml(value) };
}

/**
 * Item HTML is sanitised here, against the entry's own base (`xml:base` may differ per entry),
 * by the same sanitiser the normaliser uses; the draft is marked so it is not sanitised twice.
 */
export function setItemHtml(draft: ItemDraft, field: 'description' | 'content', html: string | undefined, base: string): void {
  if (html === undefined) return;
  const source = field === 'description' ? plainTextToHtml(html) : html;
  const sanitised = sanitizeItemHtml(source, base);
  if (sanitised.trim() === '') return;
  draft[field] = sanitised;
  markSanitised(draft, field, 'as-is');
}

/** `jane@example.com (Jane Doe)`, as RSS writes authors, read as `Jane Doe`. */
export function authorName(value: string | undefined): string | undefined {
  const trimmed = nonBlank(value);
  if (trimmed === undefined) return undefined;
  const named = /^\S+@\S+\s*\((.+)\)$/.exec(trimmed);
  return named ? named[1]!.trim() : trimmed;
}
