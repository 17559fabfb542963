/**
 * A fast first look for the body signals. Every match of a body signal's pattern contains a fixed
 * piece of text (its "anchor": `captcha-delivery.com`, `gokuprops`, `jschl_answer` …); a page
 * holding none of the anchors cannot match any pattern, and that is nearly every page. Looking for
 * ~40 anchors at once costs one pass that skips most characters (see `createAnchorScanner`). It
 * replaced lower-casing the text and running one big alternation over it, which cost as much as
 * parsing the page.
 */

/** The scanner compares the first eight characters of each anchor (see `createAnchorScanner`). */
const MIN_ANCHOR_LENGTH = 8;

/**
 * For each alternative of `pattern`, the longest run of literal characters that every match of that
 * alternative contains. Throws when an alternative has no run of at least four characters (a
 * signal written that way could not be looked for quickly; make its pattern more specific).
 */
export function requiredLiterals(pattern: RegExp): string[] {
  return alternativesOf(pattern.source).map((alternative) => {
    const runs = literalRuns(alternative);
    const longest = runs.reduce((best, run) => (run.length > best.length ? run : best), '');
    if (longest.length < MIN_ANCHOR_LENGTH) {
      throw new Error(`blocked-surface signal /${pattern.source}/: alternative /${alternative}/ has no literal text of ${MIN_ANCHOR_LENGTH}+ characters to look for`);
    }
    return longest.toLowerCase();
  });
}

/** Top-level alternatives, with `\b(?:a|b)\b`-style wrappers opened up into their own alternatives. */
function alternativesOf(source: string): string[] {
  return splitTopLevel(source).flatMap((alternative) => {
    const inner = /^(?:\\b)?\(\?:(.*)\)(?:\\b)?$/.exec(alternative)?.[1];
    return inner !== undefined && closesAtEnd(inner) && splitTopLevel(inner).length > 1 ? alternativesOf(inner) : [alternative];
  });
}

/** True when the group opened before `inner` is the one closed after it (`(a)|(b)` is not one group). */
function closesAtEnd(inner: string): boolean {
  let depth = 0;
  for (let index = 0; index < inner.length; index += 1) {
    const character = inner[index];
    if (character === '\\') index += 1;
    else if (character === '(') depth += 1;
    else if (character === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

function splitTopLevel(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let current = '';
  for (let index = 0; index < source.length; index += 1) {
    const character = source[index]!;
    if (character === '\\') {
      current += character + (source[index + 1] ?? '');
      index += 1;
      continue;
    }
    if (inClass) inClass = character !== ']';
    else if (character === '[') inClass = true;
    else if (character === '(') depth += 1;
    else if (character === ')') depth -= 1;
    else if (character === '|' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += character;
  }
  parts.push(current);
  return parts;
}

/** Runs of characters matched literally; anything else (classes, groups, quantified characters) ends a run. */
function literalRuns(alternative: string): string[] {
  const runs: string[] = [];
  let run = '';
  const end = (): void => {
    if (run) runs.push(run);
    run = '';
  };
  for (let index = 0; index < alternative.length; index += 1) {
    const character = alternative[index]!;
    if (character === '\\') {
      const escaped = alternative[index + 1] ?? '';
      index += 1;
      if (/[A-Za-z0-9]/.test(escaped)) end(); // \b \s \d \w, backreferences: not literal text
      else run += escaped;
    } else if (character === '?' || character === '*' || character === '{') {
      run = run.slice(0, -1); // the character before is optional or repeated
      end();
      if (character === '{') index = alternative.indexOf('}', index);
    } else if (character === '+') {
      end();
    } else if (character === '[' || character === '(') {
      end();
      index = skipGroup(alternative, index);
      // A quantifier after the group makes nothing inside it required, and nothing after it adjoins.
    } else if ('.^$|)'.includes(character)) {
      end();
    } else if (character.charCodeAt(0) > 0x7f) {
      end(); // the scanner compares ASCII only
    } else {
      run += character;
    }
  }
  end();
  return runs;
}

/** Index of the `]` or `)` closing the class or group that opens at `start`. */
function skipGroup(source: string, start: number): number {
  const closing = source[start] === '[' ? ']' : ')';
  let depth = 0;
  for (let index = start; index < source.length; index += 1) {
    const character = source[index];
    if (character === '\\') index += 1;
    else if (closing === ')' && character === '(') depth += 1;
    else if (character === closing && (closing === ']' || --depth === 0)) return index;
  }
  return source.length;
}

export type AnchorScanner = (text: string, from: number, to: number) => boolean;

/** Anchors are compared by their first eight characters first; the pass moves up to seven at a time. */
const PREFIX = MIN_ANCHOR_LENGTH;
/** Characters looked up at once: two, folded to seven bits each, index the shift table directly. */
const BLOCK = 2;
const TABLE_SIZE = 1 << 14;

/**
 * True when some anchor lies wholly inside `text[from, to)` (ASCII letters compared without case).
 * Wu–Manber: the two characters at the end of an eight-character window are looked up in a shift
 * table; a window whose end matches no anchor prefix moves on by up to seven characters, so most
 * of the text is never looked at one character at a time. (Three characters through a hash moved
 * at most six at a time and cost a multiplication per step: about 1.5× the time on the corpus.)
 */
export function createAnchorScanner(anchors: readonly string[]): AnchorScanner {
  const shift = new Uint8Array(TABLE_SIZE).fill(PREFIX - BLOCK + 1);
  const candidates: (readonly string[] | null)[] = new Array<readonly string[] | null>(TABLE_SIZE).fill(null);
  for (const anchor of anchors) {
    if (anchor.length < PREFIX || /[^\x20-\x7e]/.test(anchor) || anchor !== anchor.toLowerCase()) {
      throw new Error(`anchor "${anchor}" must be ${PREFIX}+ lower-case ASCII characters`);
    }
    for (let end = BLOCK - 1; end < PREFIX; end += 1) {
      const key = blockKey(anchor, end);
      shift[key] = Math.min(shift[key]!, PREFIX - 1 - end);
    }
    const last = blockKey(anchor, PREFIX - 1);
    candidates[last] = [...(candidates[last] ?? []), anchor];
  }
  // The loop reads FOLD directly (no calls, no allocation per window): it runs over up to 40 KiB
  // of every page, and with `fold` as a function and a fresh empty list per candidate window it
  // cost about a third more.
  return (text, from, to) => {
    let end = from + PREFIX - 1;
    while (end < to) {
      const key = (FOLD[text.charCodeAt(end - 1)]! << 7) | FOLD[text.charCodeAt(end)]!;
      const step = shift[key]!;
      if (step !== 0) {
        end += step;
        continue;
      }
      const list = candidates[key];
      if (list !== null && list !== undefined) {
        const start = end - PREFIX + 1;
        for (let index = 0; index < list.length; index += 1) {
          const anchor = list[index]!;
          if (start + anchor.length <= to && startsAt(text, start, anchor)) return true;
        }
      }
      end += 1;
    }
    return false;
  };
}

/**
 * Every UTF-16 code unit folded to seven bits: ASCII upper case to lower case, anything beyond
 * ASCII to 0 (no anchor holds a 0, so such a character never matches one).
 */
const FOLD = new Uint8Array(0x10000);
for (let code = 0; code < 0x80; code += 1) FOLD[code] = code >= 0x41 && code <= 0x5a ? code | 0x20 : code;

/** The two characters ending at `end` as a table index (see `FOLD`). */
function blockKey(text: string, end: number): number {
  return (FOLD[text.charCodeAt(end - 1)]! << 7) | FOLD[text.charCodeAt(end)]!;
}

function startsAt(text: string, start: number, anchor: string): boolean {
  for (let offset = 0; offset < anchor.length; offset += 1) {
    if (FOLD[text.charCodeAt(start + offset)] !== anchor.charCodeAt(offset)) return false;
  }
  return true;
}
