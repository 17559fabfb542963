import { Tokenizer } from 'htmlparser2';

/**
 * htmlparser2's tokenizer with two changes that read the page in larger steps. Same positions,
 * same events, same tree: `tokenizer.test.ts` compares every event with htmlparser2's own
 * tokenizer, and `parse.test.ts` and `deferred-entities.test.ts` compare the trees with
 * `parseDocument`'s on every corpus page and on generated markup.
 *
 * - Where it skips ahead to one character (the `<` that ends a text, the quote that ends an
 *   attribute value, the `>` after a closing tag name, the first character of `-->` or `]]>`) it
 *   asks `String.prototype.indexOf` instead of reading the page one character at a time in
 *   JavaScript. With entity decoding off (`EntityDeferringParser`) most of a page is skipped this
 *   way: about 11 % fewer instructions for benchmark 1's pages (BENCHMARKS.md §7, sixth session).
 * - Tag names, attribute names and closing tag names are read to their end in one loop, instead of
 *   one turn of the tokenizer's state loop per character (a call, a switch over some thirty
 *   states, a bounds check). Once text and values are skipped, these names are most of the
 *   characters the state loop still reads (BENCHMARKS.md §7, ninth session).
 */
export class IndexOfTokenizer extends Tokenizer {}

/** The tokenizer's fields used here (its type declares them private). */
interface TokenizerFields {
  buffer: string;
  index: number;
  offset: number;
}
type State = (this: TokenizerFields, code: number) => void;

/** As `Tokenizer.fastForwardTo`: moves to the next `code` after the current index, or else to the last character. */
function fastForwardTo(this: TokenizerFields, code: number): boolean {
  const { buffer, offset } = this;
  const found = buffer.indexOf(String.fromCharCode(code), this.index - offset + 1);
  if (found !== -1) {
    this.index = found + offset;
    return true;
  }
  // The tokenizer's loop adds one after the state returns.
  this.index = buffer.length + offset - 1;
  return false;
}

/** Which characters end which names (bits), as htmlparser2's states test them; none at or above 128. */
const TAG_NAME = 1;
const ATTRIBUTE_NAME = 2;
const CLOSING_TAG_NAME = 4;
const ENDS = new Uint8Array(128);
for (const code of [0x20, 0x0a, 0x09, 0x0c, 0x0d, 0x3e]) ENDS[code] = TAG_NAME | ATTRIBUTE_NAME | CLOSING_TAG_NAME; // whitespace, `>`
ENDS[0x2f] = TAG_NAME | ATTRIBUTE_NAME; // `/`
ENDS[0x3d] = ATTRIBUTE_NAME; // `=`

/**
 * From the current character `code` on, moves to the first character that ends a name of `kind`
 * and returns it; at the end of the chunk, moves to its last character (the tokenizer's loop adds
 * one) and returns -1. The states skipped do nothing with the characters of a name but move on.
 */
function toNameEnd(tokenizer: TokenizerFields, code: number, kind: number): number {
  const { buffer, offset } = tokenizer;
  let at = tokenizer.index - offset;
  while (code >= 128 || (ENDS[code]! & kind) === 0) {
    at += 1;
    if (at >= buffer.length) {
      tokenizer.index = buffer.length + offset - 1;
      return -1;
    }
    code = buffer.charCodeAt(at);
  }
  tokenizer.index = at + offset;
  return code;
}

/** A state that reads a name: the original state, given the character that ends the name. */
function readingName(original: State, kind: number): State {
  return function (this: TokenizerFields, code: number): void {
    const end = toNameEnd(this, code, kind);
    if (end !== -1) original.call(this, end);
  };
}

/** The methods replaced (private in htmlparser2's types, so set here rather than declared). */
export const REPLACED_METHODS = ['fastForwardTo', 'stateInTagName', 'stateInAttributeName', 'stateInClosingTagName'] as const;
const base = Tokenizer.prototype as unknown as Record<(typeof REPLACED_METHODS)[number], State>;
const replacements: Record<(typeof REPLACED_METHODS)[number], unknown> = {
  fastForwardTo,
  stateInTagName: readingName(base.stateInTagName, TAG_NAME),
  stateInAttributeName: readingName(base.stateInAttributeName, ATTRIBUTE_NAME),
  stateInClosingTagName: readingName(base.stateInClosingTagName, CLOSING_TAG_NAME),
};
for (const name of REPLACED_METHODS) {
  Object.defineProperty(IndexOfTokenizer.prototype, name, { value: replacements[name], writable: true, configurable: true });
}
