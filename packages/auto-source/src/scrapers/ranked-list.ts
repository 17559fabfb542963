import type { Element } from 'domhandler';
import type { ScoreFeature } from '@pagefeed/core';
import { MAX_GROUP_MEMBERS, type Group } from '../dom/collect.js';
import type { Scored } from '../dom/features.js';
import type { ExtractedItem } from '../dom/item-fields.js';

/** A scored list; its features are made when read (the leading lists are compared and reported). */
export class RankedList {
  score: number;
  /** The items' selector when the group's own does not select them (a threaded tree's rows of every level). */
  ownSelector: string | undefined = undefined;
  private built: ScoreFeature[] | undefined = undefined;

  constructor(
    readonly group: Group,
    readonly members: Element[],
    public items: ExtractedItem[],
    private readonly scored: Scored,
    readonly dropped: number,
  ) {
    this.score = scored.score;
  }

  /** The group stopped at the member limit: its members are the page's first ones only. */
  get cut(): boolean {
    return this.group.members.length >= MAX_GROUP_MEMBERS;
  }

  /** The hand score's raw feature values (the learned ranking reads them). */
  get raw(): Float64Array {
    return this.scored.raw;
  }

  get features(): ScoreFeature[] {
    if (this.built === undefined) {
      const features = this.scored.features;
      this.built = this.dropped > 0 ? [...features, { name: 'outliersDropped', value: this.dropped, weight: 0, note: 'utility or unlinked members of a clear list' }] : features;
    }
    return this.built;
  }

  /** `preferEnclosingList` and `preferRowsOverCells` add a feature to the list they move to the front. */
  set features(features: ScoreFeature[]) {
    this.built = features;
  }
}
