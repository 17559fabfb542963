/**
 * A small XML writer for the feed renderers. Everything text goes through `cleanXmlText`, so a page
 * holding NUL, control characters or lone surrogates still yields a well-formed document; `>` is
 * always escaped in escaped text, so `]]>` can never appear in character data, and a CDATA section
 * splits any `]]>` of its text.
 */
export interface XmlElement {
  readonly name: string;
  readonly attributes?: Readonly<Record<string, string | number | undefined>>;
  readonly children?: readonly (XmlElement | CharacterData | Markup | string | undefined)[];
}

/**
 * An element already written out, with its own indentation (`rss-item.ts` writes RSS items as
 * strings): put in its parent's body on a line of its own, as it is.
 */
export class Markup {
  constructor(readonly xml: string) {}
}

/**
 * Text written as a CDATA section when it holds markup (see `htmlTextElement`). An XML parser
 * reads the same text from it as from the escaped form.
 */
export class CharacterData {
  constructor(readonly text: string) {}
}

/** Not allowed in XML 1.0 (plus C1 controls, allowed but never meant and refused by some readers). */
const ILLEGAL_XML_CHARACTERS = /[^\t\n\r\u0020-\u007E\u0085\u00A0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Any character `ILLEGAL_XML_CHARACTERS` could remove, surrogates included, as a plain
 * (non-Unicode-mode) class: nearly all text has none and passes with one native scan.
 */
const MAYBE_ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\uD800-\uDFFF\uFFFE\uFFFF]/g;

export function cleanXmlText(value: string): string {
  return hasIllegalCharacter(value) ? value.replace(ILLEGAL_XML_CHARACTERS, '') : value;
}

/**
 * True exactly when `ILLEGAL_XML_CHARACTERS` would remove something. Only the characters the plain
 * class finds are looked at: a surrogate pair (an emoji) is legal and skipped, anything else found
 * is not. Text with emoji used to go through the Unicode-mode replacement whole, a twentieth of
 * rendering such a feed.
 */
function hasIllegalCharacter(value: string): boolean {
  MAYBE_ILLEGAL.lastIndex = 0;
  for (let match = MAYBE_ILLEGAL.exec(value); match !== null; match = MAYBE_ILLEGAL.exec(value)) {
    const code = value.charCodeAt(match.index);
    const next = value.charCodeAt(match.index + 1);
    if (code < 0xd800 || code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return true;
    MAYBE_ILLEGAL.lastIndex = match.index + 2;
  }
  return false;
}

export function escapeText(value: string): string {
  const clean = cleanXmlText(value);
  return /[&<>]/.test(clean) ? clean.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : clean;
}

export function escapeAttribute(value: string): string {
  const text = escapeText(value);
  return /["\t\n\r]/.test(text) ? text.replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;') : text;
}

/** `element('title', {}, ['text'])`; undefined children and attributes are left out. */
export function element(
  name: string,
  attributes: XmlElement['attributes'] = {},
  children: XmlElement['children'] = [],
): XmlElement {
  return { name, attributes, children };
}

/** An element with one text child, or nothing when the text is missing or empty. */
export function textElement(name: string, text: string | undefined, attributes: XmlElement['attributes'] = {}): XmlElement | undefined {
  if (text === undefined || !hasLegalCharacter(text)) return undefined;
  return element(name, attributes, [text]);
}

/**
 * An element whose text is an HTML payload (an item's description or content): written as a CDATA
 * section when it holds `&`, `<` or `>`, as escaped text otherwise. Escaping HTML costs three passes
 * over it and makes it longer (each `<p>` becomes `&lt;p&gt;`); a CDATA section costs one search for
 * `]]>`. Feed readers read the same text from both. Nothing when the text is missing or empty.
 */
export function htmlTextElement(name: string, text: string | undefined, attributes: XmlElement['attributes'] = {}): XmlElement | undefined {
  if (text === undefined || !hasLegalCharacter(text)) return undefined;
  return element(name, attributes, [new CharacterData(text)]);
}

/** `value` cleaned, in a CDATA section when it holds `&`, `<` or `>` (any `]]>` in it split across two). */
export function characterData(value: string): string {
  const clean = cleanXmlText(value);
  if (!/[&<>]/.test(clean)) return clean;
  return `<![CDATA[${clean.includes(']]>') ? clean.replaceAll(']]>', ']]]]><![CDATA[>') : clean}]]>`;
}

/**
 * Whether anything is left of `text` after `cleanXmlText`. A legal first character answers it
 * without reading on (nearly always); the text is scanned again when it is written anyway.
 */
export function hasLegalCharacter(text: string): boolean {
  if (text === '') return false;
  const code = text.charCodeAt(0);
  const legal =
    code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0x7e) || code === 0x85 ||
    (code >= 0xa0 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd);
  return legal || cleanXmlText(text) !== '';
}

export interface XmlDocumentOptions {
  /** `<?name pseudo-attributes?>` lines after the declaration, in order. */
  readonly processingInstructions?: readonly { name: string; attributes: Readonly<Record<string, string | undefined>> }[];
}

export function serializeXmlDocument(root: XmlElement, options: XmlDocumentOptions = {}): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  for (const instruction of options.processingInstructions ?? []) {
    lines.push(`<?${instruction.name}${serializeAttributes(instruction.attributes)}?>`);
  }
  lines.push(serializeElement(root, ''));
  return `${lines.join('\n')}\n`;
}

function serializeElement(node: XmlElement, indent: string): string {
  const open = `${indent}<${node.name}${serializeAttributes(node.attributes ?? {})}`;
  const children = node.children ?? [];
  // Plain loops: a feed has thousands of these, and the array helpers allocated on each one.
  let present = 0;
  let onlyText = true;
  for (const child of children) {
    if (child === undefined) continue;
    present += 1;
    if (typeof child !== 'string' && !(child instanceof CharacterData)) onlyText = false;
  }
  if (present === 0) return `${open}/>`;
  if (onlyText) {
    let text = '';
    for (const child of children) {
      if (child !== undefined) text += typeof child === 'string' ? escapeText(child) : characterData((child as CharacterData).text);
    }
    return `${open}>${text}</${node.name}>`;
  }
  const inner = `${indent}  `;
  let body = '';
  for (const child of children) {
    if (child === undefined) continue;
    body += `\n${
      typeof child === 'string'
        ? `${inner}${escapeText(child)}`
        : child instanceof CharacterData
          ? `${inner}${characterData(child.text)}`
          : child instanceof Markup
            ? child.xml
            : serializeElement(child, inner)
    }`;
  }
  return `${open}>${body}\n${indent}</${node.name}>`;
}

export function serializeAttributes(attributes: Readonly<Record<string, string | number | undefined>>): string {
  let result = '';
  for (const name in attributes) {
    const value = attributes[name];
    if (value === undefined) continue;
    result += ` ${name}="${escapeAttribute(String(value))}"`;
  }
  return result;
}
