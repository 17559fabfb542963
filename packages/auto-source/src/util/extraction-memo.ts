/**
 * Answers of pure functions of a short text, kept for one extraction. A page asks the same date
 * questions of the same texts many times (a card's wrappers hold their one line's text at several
 * levels, and an item's card is read after the item itself), and each answer runs a dozen patterns
 * or the date parser. Every memo is emptied when an extraction starts (`startExtractionMemos`), so
 * a page pays for its own texts: a second run of the same page is not made cheaper by the first.
 * Extractions that interleave (awaiting a tier) only lose entries; answers are the same either way.
 */
const memos: Map<string, unknown>[] = [];

/** Texts longer than this are computed every time (rare, and not worth keeping). */
const LONGEST_KEPT = 200;
/** A page with more distinct texts than this starts its memo again. */
const MOST_KEPT = 8_192;

/** `compute` with its answers kept per text until the next extraction starts. */
export function createExtractionMemo<T>(compute: (text: string) => T): (text: string) => T {
  const memo = new Map<string, T>();
  memos.push(memo);
  return (text: string): T => {
    if (text.length > LONGEST_KEPT) return compute(text);
    const known = memo.get(text);
    if (known !== undefined || memo.has(text)) return known as T;
    const answer = compute(text);
    if (memo.size >= MOST_KEPT) memo.clear();
    memo.set(text, answer);
    return answer;
  };
}

/** Empties every memo: called once at the start of each extraction. */
export function startExtractionMemos(): void {
  for (const memo of memos) memo.clear();
}
