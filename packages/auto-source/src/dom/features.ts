import type { ScoreFeature } from '@pagefeed/core';
import type { Placement } from './collect.js';
import type { ExtractedItem } from './item-fields.js';
import type { PageUrls } from '../util/url.js';

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
  readonly features: ScoreFeature[];
}

const VERSION_OR_DATE = /^v?\d+(\.\d+)+|\b(19|20)\d{2}\b|\d{1,2}[./]\d{1,2}/i;
const fraction = (count: number, total: number): number => (total === 0 ? 0 : count / total);

export function scoreItems(items: readonly ExtractedItem[], placements: Map<import('domhandler').Element, Placement>, urls: PageUrls, isBoilerplate: (element: import('domhandler').Element) => boolean): Scored {
  const total = items.length;
  const itemUrls = items.map((item) => item.draft.url).filter((url): url is string => Boolean(url));
  const uniqueUrls = new Set(itemUrls.map((url) => urls.key(url)));
  const titles = items.map((item) => (item.draft.title ?? '').toLowerCase());
  const words = titles.map((title) => title.split(/\s+/).filter(Boolean).length);
  const meanWords = words.reduce((sum, count) => sum + count, 0) / Math.max(1, total);
  const shapes = itemUrls.map((url) => urls.shape(url));
  const textTotal = items.reduce((sum, item) => sum + item.textLength, 0);
  const linkTextTotal = items.reduce((sum, item) => sum + Math.min(item.linkTextLength, item.textLength), 0);
  const distinctCount = Math.max(uniqueUrls.size, itemUrls.length === 0 ? new Set(titles).size : 0);
  const values: Record<FeatureName, { value: number; note?: string }> = {
    count: { value: Math.log2(1 + distinctCount), note: `${distinctCount} distinct items` },
    smallList: { value: distinctCount < 5 ? 1 : 0, note: 'fewer than 5 items' },
    linkedItems: { value: fraction(items.filter((item) => item.draft.url).length, total) },
    headingLinks: { value: fraction(items.filter((item) => item.headingLink).length, total) },
    headingTitles: { value: fraction(items.filter((item) => item.titleFromHeading && !item.headingLink).length, total) },
    titleLength: { value: Math.min(1, meanWords / 6), note: `${meanWords.toFixed(1)} words on average` },
    titleLeads: { value: fraction(items.filter((item) => item.titleLeads).length, total) },
    // Versions and dates are short but real titles; menus ("Home", "About") are short without digits.
    shortTitles: { value: fraction(titles.filter((title, index) => (words[index] ?? 0) < 2 && title.length < 12 && !VERSION_OR_DATE.test(title)).length, total) },
    titleUniqueness: { value: fraction(new Set(titles).size, total) },
    datesPresent: { value: fraction(items.filter((item) => item.hasDate).length, total) },
    contentPaths: { value: itemUrls.length === 0 ? 0.5 : fraction(shapes.filter((shape) => shape.content).length, shapes.length) },
    utilityPaths: { value: fraction(shapes.filter((shape) => shape.utility).length, Math.max(1, shapes.length)) },
    boilerplateAncestry: { value: fraction(items.filter((item) => placements.get(item.member)?.boilerplate).length, total), note: 'inside nav, header, footer, aside or a navigation role' },
    chromeNames: { value: fraction(items.filter((item) => !placements.get(item.member)?.boilerplate && isBoilerplate(item.member)).length, total), note: 'inside an element named like menu, sidebar, footer, share' },
    linkDensity: { value: textTotal === 0 ? 1 : linkTextTotal / textTotal },
    mainContent: { value: fraction(items.filter((item) => placements.get(item.member)?.main).length, total) },
    duplicateUrls: { value: itemUrls.length === 0 ? 0 : 1 - uniqueUrls.size / itemUrls.length },
  };
  const features: ScoreFeature[] = (Object.keys(WEIGHTS) as FeatureName[]).map((name) => {
    const entry = values[name];
    const feature: ScoreFeature = { name, value: round(entry.value), weight: round(entry.value * WEIGHTS[name]) };
    return entry.note ? { ...feature, note: entry.note } : feature;
  });
  const score = round(features.reduce((sum, feature) => sum + feature.weight, 0));
  return { score, features };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
