import { isTag, type Element } from 'domhandler';
import { textContent } from 'domutils';
import { inlineXhtml, typedText, type TextConstruct } from './entry-values.js';

const NO_TEXT: TextConstruct = { text: undefined, html: undefined };

/**
 * An Atom 0.3 content construct (title, tagline, summary, content): `type` is a media type
 * (default `text/plain`) and `mode` says how it is written: `xml` (default, inline), `escaped`
 * or `base64`. Base64 is decoded only when it is UTF-8 text of a text or HTML type; anything
 * else (an image, bytes that are not UTF-8) is left out, as Atom 1.0 content of another media
 * type is.
 */
export function atom03TextConstruct(element: Element | undefined): TextConstruct {
  if (!element) return NO_TEXT;
  const type = (element.attribs['type'] ?? 'text/plain').trim().toLowerCase();
  const mode = (element.attribs['mode'] ?? 'xml').trim().toLowerCase();
  const kind = /html/.test(type) ? 'html' : type.startsWith('text/') ? 'text' : undefined;
  if (kind === undefined) return NO_TEXT;
  // Inline markup; a producer that escaped it without saying `mode="escaped"` wrote no elements.
  if (mode !== 'escaped' && mode !== 'base64' && kind === 'html' && element.children.some(isTag)) return inlineXhtml(element);
  const value = mode === 'base64' ? decodeBase64Text(textContent(element)) : textContent(element);
  return value === undefined ? NO_TEXT : typedText(kind, value);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Base64 that decodes to UTF-8 text; undefined for anything else (invalid base64 or binary). */
export function decodeBase64Text(value: string): string | undefined {
  const compacted = value.replace(/\s+/g, '');
  if (compacted === '' || compacted.length % 4 !== 0 || !BASE64.test(compacted)) return undefined;
  try {
    const text = UTF8.decode(Buffer.from(compacted, 'base64'));
    // NUL and other C0 controls (but tab and line breaks) mark binary data, not text.
    return /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(text) ? undefined : text;
  } catch {
    return undefined;
  }
}
