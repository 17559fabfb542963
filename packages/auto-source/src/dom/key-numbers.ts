/**
 * Numbers for one page's keys (URL keys, titles), so the distinct keys of a list are counted with
 * stamps instead of a set per list: a page has hundreds of candidate lists and an item is in
 * several of them.
 */
export class KeyNumbers {
  private readonly numbers = new Map<string, number>();
  /** Per number, the count it was last seen in. */
  private readonly stamps: number[] = [];
  private stamp = 0;

  numberOf(key: string): number {
    let number = this.numbers.get(key);
    if (number === undefined) {
      number = this.stamps.length;
      this.numbers.set(key, number);
      this.stamps.push(0);
    }
    return number;
  }

  /** Starts a new count: every number is unseen again. */
  begin(): void {
    this.stamp += 1;
  }

  /** True the first time `number` (from `numberOf` or numbered elsewhere) is seen since `begin`. */
  first(number: number): boolean {
    while (this.stamps.length <= number) this.stamps.push(0);
    if (this.stamps[number] === this.stamp) return false;
    this.stamps[number] = this.stamp;
    return true;
  }
}

/** Stamps for the page's URL key numbers (`LinkFacts.keyNumber`) and numbers for titles (lower-cased). */
export interface PageKeyNumbers {
  readonly urls: KeyNumbers;
  readonly titles: KeyNumbers;
}

export function createPageKeyNumbers(): PageKeyNumbers {
  return { urls: new KeyNumbers(), titles: new KeyNumbers() };
}
