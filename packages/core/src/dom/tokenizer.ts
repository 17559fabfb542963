import { Tokenizer } from 'htmlparser2';

/**
 * htmlparser2's tokenizer with one change: where it skips ahead to one character (the `<` that
 * ends a text, the quote that ends an attribute value, the `>` after a closing tag name, the first
 * character of `-->` or `]]>`) it asks `String.prototype.indexOf` instead of reading the page one
 * character at a time in JavaScript. With entity decoding off (`EntityDeferringParser`) most of a
 * page is skipped this way. Same positions, same events, same tree: `parse.test.ts` and
 * `deferred-entities.test.ts` compare the trees with `parseDocument`'s on every corpus page and on
 * generated markup. Parsing benchmark 1's five pages takes about 11 % fewer instructions
 * (BENCHMARKS.md §7, sixth session).
 */
export class IndexOfTokenizer extends Tokenizer {}

/** The tokenizer's fields used here (its type declares them private). */
interface TokenizerFields {
  buffer: string;
  index: number;
  offset: number;
}

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

/** The method replaced (private in htmlparser2's types, so set here rather than declared). */
export const REPLACED_METHOD = 'fastForwardTo';
Object.defineProperty(IndexOfTokenizer.prototype, REPLACED_METHOD, { value: fastForwardTo, writable: true, configurable: true });
