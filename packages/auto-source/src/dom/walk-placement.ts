import type { Placement } from './collect.js';

/** Bits of `PageFacts.flags`. */
export const BOILERPLATE = 1;
export const NAMED_BOILERPLATE = 2;
export const MAIN = 4;
export const CHROME = 8;
export const SOLE_CHILD_KNOWN = 16;
export const SOLE_CHILD = 32;
export const NAMED_CAROUSEL = 64;
export const CAROUSEL = 128;

/**
 * What the walk finds per element, by position in the walk: typed arrays rather than an object per
 * element (a page has thousands of elements and all of this lives for the whole extraction).
 */
export interface PageFacts {
  readonly depths: readonly number[];
  readonly pathIds: Int32Array;
  readonly sizes: Int32Array;
  readonly anchors: Int32Array;
  readonly flags: Uint8Array;
}

/** The placement of the element at `position`, read from the page's facts. */
export class WalkPlacement implements Placement {
  constructor(
    private readonly facts: PageFacts,
    private readonly position: number,
  ) {}

  get boilerplate(): boolean {
    return (this.facts.flags[this.position]! & BOILERPLATE) !== 0;
  }

  get namedBoilerplate(): boolean {
    return (this.facts.flags[this.position]! & NAMED_BOILERPLATE) !== 0;
  }

  get main(): boolean {
    return (this.facts.flags[this.position]! & MAIN) !== 0;
  }

  get chrome(): boolean {
    return (this.facts.flags[this.position]! & CHROME) !== 0;
  }

  get carousel(): boolean {
    return (this.facts.flags[this.position]! & CAROUSEL) !== 0;
  }

  get depth(): number {
    return this.facts.depths[this.position]!;
  }

  get order(): number {
    return this.position + 1;
  }

  get pathId(): number {
    return this.facts.pathIds[this.position]!;
  }

  get size(): number {
    return this.facts.sizes[this.position]!;
  }

  get anchors(): number {
    return this.facts.anchors[this.position]!;
  }
}
