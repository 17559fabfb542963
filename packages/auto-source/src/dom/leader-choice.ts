import type { Element } from 'domhandler';

/** What a rule that may move a close candidate in front of the ranking's leader answers. */
export interface LeaderChoice<T> {
  readonly ranked: T[];
  /** The list moved to the front, when one was. */
  readonly moved: T | undefined;
}

/** True when `member` lies inside one of `members` (up to 40 levels up). */
export function encloses(members: readonly Element[], member: Element | undefined): boolean {
  const set = new Set<unknown>(members);
  let current = member?.parent;
  for (let steps = 0; current && steps < 40; steps += 1) {
    if (set.has(current)) return true;
    current = current.parent;
  }
  return false;
}
