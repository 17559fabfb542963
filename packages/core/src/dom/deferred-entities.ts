import { decodeHTML, decodeHTMLAttribute } from 'entities';
import { DomHandler, type Document } from 'domhandler';
import { Parser, type Handler, type QuoteType } from 'htmlparser2';
import { IndexOfTokenizer } from './tokenizer.js';

/**
 * Pages are tokenized without decoding character references; text and attribute values that hold
 * `&` are decoded as they reach the tree, by the decoder the tokenizer would have used
 * (`entities`, in the same mode). The tree is the same: `parse.test.ts` compares it with
 * `parseDocument`'s on every corpus page and on generated markup. It is cheaper because the
 * tokenizer decoding references looks at every character of text and attribute values one at a
 * time, while without it it jumps to the next `<` or closing quote (htmlparser2's
 * `fastForwardTo`): parsing benchmark 1's five pages took 13–17 % less CPU (`parseDocument` either way).
 *
 * What htmlparser2 10 decodes, and so what is decoded here:
 * - text in ordinary content and inside `<title>`, as "legacy" HTML (`&amp` without `;` counts);
 * - attribute values, in attribute mode (`&amp=` or `&ampx` in a URL stays as written);
 * - not the raw text of `<script>`, `<style>`, `<textarea>` and `<xmp>`;
 * - not the leftover markup the tokenizer hands on as text when the page ends inside a tag-like
 *   construct (`<!unfinished &amp;` at the very end).
 */
export class EntityDeferringParser extends Parser {
  /** True while the tokenizer reports a tag written self-closing (`<script/>`: no raw text follows). */
  selfClosing = false;
  /** True once the page is written: text handed on from here is what was left when it ended. */
  ending = false;
  /** The text chunk being handed on holds a `&` (read by the handler in `ontext`). */
  textHasAmpersand = false;

  /** The attribute value being read holds a `&`. */
  private valueHasAmpersand = false;
  /** The page, and the first `&` in it at or after the last chunk asked about (-1: none left). */
  private page = '';
  private nextAmpersand = -1;

  constructor(handler: Partial<Handler>) {
    super(handler, { decodeEntities: false, lowerCaseAttributeNames: true, Tokenizer: IndexOfTokenizer });
  }

  /** Tokenize the whole page, then end it (separately, so the leftover text can be told apart). */
  parseWhole(html: string): void {
    this.page = html;
    this.nextAmpersand = html.indexOf('&');
    this.write(html);
    this.ending = true;
    this.end();
  }

  override ontext(start: number, endIndex: number): void {
    this.textHasAmpersand = this.holdsAmpersand(start, endIndex);
    super.ontext(start, endIndex);
  }

  override onattribdata(start: number, endIndex: number): void {
    if (this.holdsAmpersand(start, endIndex)) this.valueHasAmpersand = true;
    super.onattribdata(start, endIndex);
  }

  /**
   * An attribute value is complete: decoded before the parser stores it. `attribvalue` is the
   * parser's own field for the value being read; the corpus and generated-markup tests in
   * `deferred-entities.test.ts` fail if a new htmlparser2 version names or uses it otherwise.
   */
  override onattribend(quote: QuoteType, endIndex: number): void {
    if (this.valueHasAmpersand) {
      this.valueHasAmpersand = false;
      const state = this as unknown as { attribvalue: string };
      state.attribvalue = decodeAttributeValue(state.attribvalue);
    }
    super.onattribend(quote, endIndex);
  }

  override onselfclosingtag(endIndex: number): void {
    this.selfClosing = true;
    try {
      super.onselfclosingtag(endIndex);
    } finally {
      this.selfClosing = false;
    }
  }

  /**
   * Whether `[start, end)` of the page holds a `&`. Text and values arrive in page order, so the
   * next `&` is looked for only once the chunks have passed the last one found: most chunks cost
   * two integer comparisons instead of a search of their text (which had cost about half of what
   * skipping the decoding saves), and no list of positions is kept (a page of nothing but `&`
   * would have made one of millions).
   */
  private holdsAmpersand(start: number, end: number): boolean {
    let next = this.nextAmpersand;
    if (next !== -1 && next < start) {
      next = this.page.indexOf('&', start);
      this.nextAmpersand = next;
    }
    return next !== -1 && next < end;
  }
}

/** How the tokenizer reads an element's content. */
const Content = {
  /** Markup; text decoded. */
  Markup: 0,
  /** Raw text, nothing decoded: `<script>`, `<style>`, `<textarea>`, `<xmp>` (unless self-closed). */
  Raw: 1,
  /** Text only, decoded, with the end-tag scan's quirks (see `decodeTitle`). */
  Title: 2,
} as const;
type Content = (typeof Content)[keyof typeof Content];

/** The content kind an element opened as `name` starts (`selfClosing`: written `<name/>`). */
function contentOf(name: string, selfClosing: boolean): Content {
  // Only these five start special content; each begins with s, t or x, which rules out most tags at once.
  const first = name.charCodeAt(0);
  if (selfClosing || (first !== 0x73 && first !== 0x74 && first !== 0x78)) return Content.Markup;
  if (name === 'title') return Content.Title;
  return name === 'script' || name === 'style' || name === 'textarea' || name === 'xmp' ? Content.Raw : Content.Markup;
}

/**
 * A DOM handler for `EntityDeferringParser`: decodes text as it arrives. `parseHtml`'s handler
 * extends it; `parseFragment` uses it as it is.
 */
export class DecodingHandler extends DomHandler {
  /** The parser feeding this handler: says whether a chunk holds `&`, a tag was self-closed, the page ended. */
  source: EntityDeferringParser | undefined;
  /** How the tokenizer reads the content of the element opened last. */
  protected content: Content = Content.Markup;

  /** Notes what content `name`'s start tag begins (call on every start tag). */
  protected opened(name: string): void {
    this.content = contentOf(name, this.source?.selfClosing === true);
  }

  override onopentag(name: string, attribs: Record<string, string>): void {
    this.opened(name);
    super.onopentag(name, attribs);
  }

  override ontext(data: string): void {
    // Most text holds no `&`: handed on as it is, without a call.
    const source = this.source;
    super.ontext(source?.textHasAmpersand === true ? decodeText(data, this.content, source.ending) : data);
  }

  override onclosetag(): void {
    this.content = Content.Markup;
    super.onclosetag();
  }
}

/**
 * An HTML fragment (an item's HTML, a description) as `parseDocument` with entities decoded would
 * give it, parsed the way pages are: one tokenizer mode for every HTML parse in the process (a
 * second mode beside it made V8 drop its fast code for both).
 */
export function parseFragment(html: string): Document {
  const handler = new DecodingHandler();
  parseWith(handler, html);
  return handler.root;
}

/** Runs `html` through a new `EntityDeferringParser` into `handler`. */
export function parseWith(handler: DecodingHandler, html: string): void {
  const parser = new EntityDeferringParser(handler);
  handler.source = parser;
  parser.parseWhole(html);
}

/**
 * A text chunk holding `&` as the decoding tokenizer would have handed it on. `ending`: handed on
 * after the whole page was read (leftovers, see `EntityDeferringParser.ending`). In text ("legacy"
 * mode) a reference at the end of a chunk reads the same whatever follows it.
 */
function decodeText(data: string, content: Content, ending: boolean): string {
  if (content === Content.Raw) return data;
  if (content === Content.Title) return decodeTitle(data);
  return ending ? data : decodeHTML(data);
}

/**
 * An attribute value as the tokenizer decodes it. Whether an unterminated reference at the very
 * end is decoded (`&notin` before the closing quote: `¬in`) depends on the character after it,
 * which the tokenizer sees (a quote, a space or `>`: all alike to the decoder, none part of a
 * reference) and `decodeHTMLAttribute` given the value alone does not.
 */
function decodeAttributeValue(value: string): string {
  return decodeHTMLAttribute(`${value}"`).slice(0, -1);
}

/** What htmlparser2's tokenizer looks for to end a `<title>` (lower case; compared as `code | 0x20`). */
const TITLE_END = '</title';

/**
 * `<title>` text with its references decoded as the tokenizer decodes them: it scans for
 * `</title` one character at a time, and a `&` that comes while a partial match is under way
 * (right after `<`, `</`, `</t` … `</titl`) is left as written (`<title>a</&amp;</title>` keeps
 * `&amp;`). The text is cut at each such `&` and the pieces between are decoded as usual; no piece
 * ends inside a reference, because a partial match starts at a `<`, which ends any reference.
 * Not a second parse: running htmlparser2's tokenizer with decoding on, beside the one without,
 * made V8 give up its fast code for both (parsing took 15 % longer).
 */
function decodeTitle(raw: string): string {
  let matched = 0;
  let pieceStart = 0;
  let decoded = '';
  for (let index = 0; index < raw.length; index += 1) {
    const code = raw.charCodeAt(index);
    if (matched === TITLE_END.length) matched = 0;
    if ((code | 0x20) === TITLE_END.charCodeAt(matched)) matched += 1;
    else if (matched > 0) {
      if (code === 0x26) {
        decoded += `${decodeHTML(raw.slice(pieceStart, index))}&`;
        pieceStart = index + 1;
      }
      matched = code === 0x3c ? 1 : 0;
    }
  }
  return decoded + decodeHTML(raw.slice(pieceStart));
}
