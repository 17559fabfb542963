import type { ScoreFeature } from '@pagefeed/core';
import type { ExtractedItem } from './item-fields.js';
import type { PageKeyNumbers } from './key-numbers.js';
import { isCollectionAddress, isPeriodTitle } from './period-titles.js';

/**
 * Named, explainable features of a candidate list. Each feature has a raw `value` in [0, 1]
 * (count: log2 of the item count) and a `weight` that is its contribution to the score.
 */
const WEIGHTS = {
  count: 1.5,
  smallList: -2.5,
  linkedItems: 3,
  headingLinks: 2,
  headingTitles: 0.5,
  titleLength: 3,
  titleLeads: 2,
  shortTitles: -4,
  titleUniqueness: 2,
  datesPresent: 1.5,
  contentPaths: 3,
  utilityPaths: -4,
  boilerplateAncestry: -4,
  chromeNames: -2.5,
  linkDensity: -1.5,
  mainContent: 1.5,
  duplicateUrls: -3,
} as const;

export type FeatureName = keyof typeof WEIGHTS;

export interface Scored {
  readonly score: number;
  /** Raw feature values in `WEIGHTS` order (what the learned ranking reads, see ranking.ts). */
  readonly raw: Float64Array;
  /** Made on first read: most lists are only ranked, and only the leading ones are reported. */
  readonly features: ScoreFeature[];
}

const NAMES = Object.keys(WEIGHTS) as FeatureName[];

/** A list's raw feature values (in `NAMES` order) and its score; features are made when read. */
class ScoredList implements Scored {
  private built: ScoreFeature[] | undefined = undefined;

  constructor(
    readonly score: number,
    readonly raw: Float64Array,
    private readonly distinctCount: number,
    private readonly meanWords: number,
  ) {}

  get features(): ScoreFeature[] {
    return (this.built ??= this.build());
  }

  private build(): ScoreFeature[] {
    const features: ScoreFeature[] = [];
    for (let index = 0; index < NAMES.length; index += 1) {
      const name = NAMES[index]!;
      const raw = this.raw[index]!;
      const value = round(raw);
      const weight = round(raw * WEIGHTS[name]);
      const note = this.noteOf(name);
      features.push(note ? { name, value, weight, note } : { name, value, weight });
    }
    return features;
  }

  private noteOf(name: FeatureName): string | undefined {
    switch (name) {
      case 'count':
        return `${this.distinctCount} distinct items`;
      case 'smallList':
        return 'fewer than 5 items';
      case 'titleLength':
        return `${this.meanWords.toFixed(1)} words on average`;
      case 'boilerplateAncestry':
        return 'inside nav, header, footer, aside, a navigation role or a hidden element';
      case 'chromeNames':
        return 'inside an element named like menu, sidebar, footer, share, a short slider or carousel, or titled by a month or year (an archive widget)';
      default:
        return undefined;
    }
  }
}

const VERSION_OR_DATE = /^v?\d+(\.\d+)+|\b(19|20)\d{2}\b|\d{1,2}[./]\d{1,2}/i;
/** A directory (`deltas/`) or file name with an extension (`notes.txt`): short, but not a menu label. */
const FILE_NAME = /^[^\s/]+\/$|^[^\s/.]+(\.[a-z0-9]{1,5})+$/i;
/**
 * Items in a slider, carousel or ticker count as chrome when there are this many or fewer: a
 * featured or "latest" carousel beside the list shows a handful; a longer one is the page's list,
 * paged by a script.
 */
const CAROUSEL_TEASER = 20;
const fraction = (count: number, total: number): number => (total === 0 ? 0 : count / total);

export function scoreItems(items: readonly ExtractedItem[], numbers: PageKeyNumbers): Scored {
  const total = items.length;
  // One pass over the items: a page has about a thousand candidate lists to score. Distinct URL
  // keys and titles are counted by their page numbers.
  numbers.urls.begin();
  numbers.titles.begin();
  let uniqueUrls = 0;
  let uniqueTitles = 0;
  let urlCount = 0;
  let contentCount = 0;
  let utilityCount = 0;
  let wordTotal = 0;
  let textTotal = 0;
  let linkTextTotal = 0;
  let headingLinks = 0;
  let headingTitles = 0;
  let titleLeads = 0;
  let shortTitles = 0;
  let dates = 0;
  let boilerplate = 0;
  let chrome = 0;
  let carousel = 0;
  let main = 0;
  for (const item of items) {
    // An item's URL is its link's: key and shape come with it.
    if (item.urlKey !== undefined && item.shape !== undefined) {
      urlCount += 1;
      if (numbers.urls.first(item.urlNumber)) uniqueUrls += 1;
      if (item.shape.content) contentCount += 1;
      if (item.shape.utility) utilityCount += 1;
    }
    if (numbers.titles.first(item.titleNumber)) uniqueTitles += 1;
    wordTotal += item.titleWords;
    // Versions and dates are short but real titles; menus ("Home", "About") are short without digits.
    // An archive widget's month or year ("March 2019", "7月 (2)") is a period, not a post: navigation.
    // So is a short link to a year, month, label or tag page ("2008 shows" to /2008/).
    const period = isPeriodTitle(item.titleKey) || (item.titleWords <= 3 && isCollectionAddress(item.url));
    if (period || (item.titleWords < 2 && item.titleKey.length < 12 && !VERSION_OR_DATE.test(item.titleKey) && !FILE_NAME.test(item.titleKey))) shortTitles += 1;
    textTotal += item.textLength;
    linkTextTotal += Math.min(item.linkTextLength, item.textLength);
    if (item.headingLink) headingLinks += 1;
    if (item.titleFromHeading && !item.headingLink) headingTitles += 1;
    if (item.titleLeads) titleLeads += 1;
    if (item.hasDate) dates += 1;
    const placement = item.placement;
    if (placement.boilerplate) boilerplate += 1;
    else if (placement.chrome || period) chrome += 1;
    else if (placement.carousel) carousel += 1;
    if (placement.main) main += 1;
  }
  const meanWords = wordTotal / Math.max(1, total);
  const distinctCount = Math.max(uniqueUrls, urlCount === 0 ? uniqueTitles : 0);
  // Raw values in `NAMES` order (the order of `WEIGHTS`).
  const raw = new Float64Array([
    Math.log2(1 + distinctCount),
    distinctCount < 5 ? 1 : 0,
    fraction(urlCount, total),
    fraction(headingLinks, total),
    fraction(headingTitles, total),
    Math.min(1, meanWords / 6),
    fraction(titleLeads, total),
    fraction(shortTitles, total),
    fraction(uniqueTitles, total),
    fraction(dates, total),
    urlCount === 0 ? 0.5 : fraction(contentCount, urlCount),
    fraction(utilityCount, Math.max(1, urlCount)),
    fraction(boilerplate, total),
    fraction(total <= CAROUSEL_TEASER ? chrome + carousel : chrome, total),
    textTotal === 0 ? 1 : linkTextTotal / textTotal,
    fraction(main, total),
    urlCount === 0 ? 0 : 1 - uniqueUrls / urlCount,
  ]);
  // The score is the sum of the features' rounded weights, added in feature order.
  let sum = 0;
  for (let index = 0; index < NAMES.length; index += 1) sum += round(raw[index]! * WEIGHTS[NAMES[index]!]);
  return new ScoredList(round(sum), raw, distinctCount, meanWords);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
