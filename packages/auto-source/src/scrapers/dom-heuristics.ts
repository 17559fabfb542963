import type { Element } from 'domhandler';
import type { ScoreFeature, Candidate, ItemDraft, Scraper, ScraperResult } from '@pagefeed/core';
import { collectGroups, type Group } from '../dom/collect.js';
import { scoreItems } from '../dom/features.js';
import { inventory, type Inventory } from '../dom/inventory.js';
import { extractItem, type ExtractedItem } from '../dom/item-fields.js';
import { chooseLinkPath } from '../dom/link-choice.js';
import { preferEnclosingList } from '../dom/nesting.js';
import { dropOutliers } from '../dom/outliers.js';
import { exactItemsSelector, itemsSelector, selectorsFor } from '../dom/selectors.js';
import { attribute } from '../util/dom.js';
import { textOf } from '../util/text.js';
import { createPageUrls, urlKey } from '../util/url.js';

/** Fewest items a list must have to count as one. */
export const MIN_ITEMS = 3;
/** Ads and sponsored entries sit in the same list as organic ones, marked by a class. */
const AD_CLASS = /(^|[\s_-])(ad|ads|advert|advertisement|sponsored|promoted|native-ad)([\s_-]|$)/i;
/** The member or its wrapper (two levels up) is marked as an ad. */
function isAd(member: Element): boolean {
  let current: Element | null = member;
  for (let steps = 0; current && steps < 3; steps += 1) {
    if (AD_CLASS.test(attribute(current, 'class') ?? '')) return true;
    current = current.parent as Element | null;
  }
  return false;
}

/** No list item holds more than this share of the page's elements. */
const MAX_MEMBER_SHARE = 0.3;
/** Candidates kept for diagnostics. */
const REPORTED_CANDIDATES = 8;

export interface DomCandidate {
  readonly candidate: Candidate;
  readonly items: readonly ExtractedItem[];
}

/** Evaluates every repeated structure of the page and ranks them, best first. */
export function rankDomCandidates(document: import('domhandler').Document, pageUrl: string): DomCandidate[] {
  const { groups, placements, isBoilerplate, elementCount, elements, index } = collectGroups(document);
  const largestMember = Math.max(200, elementCount * MAX_MEMBER_SHARE);
  const urls = createPageUrls(pageUrl);
  // A member often belongs to several groups (by path, by parent, by class): everything about it
  // is worked out once, in one record per member.
  interface MemberState {
    readonly ad: boolean;
    inventory: Inventory | undefined;
    /** Whether `item` holds the extraction for `itemPath` (the first link path asked for). */
    extracted: boolean;
    itemPath: string | undefined;
    item: ExtractedItem | undefined;
    /** Items for other link paths (rare). */
    others: Map<string | undefined, ExtractedItem | undefined> | undefined;
  }
  const states = new Map<Element, MemberState>();
  const stateOf = (member: Element): MemberState => {
    let state = states.get(member);
    if (state === undefined) {
      state = { ad: isAd(member), inventory: undefined, extracted: false, itemPath: undefined, item: undefined, others: undefined };
      states.set(member, state);
    }
    return state;
  };
  const inventoryOf = (member: Element): Inventory => {
    const state = stateOf(member);
    return (state.inventory ??= inventory(member, urls, index, placements.get(member)));
  };
  const itemOf = (member: Element, linkPath: string | undefined): ExtractedItem | undefined => {
    const state = stateOf(member);
    if (state.extracted && state.itemPath === linkPath) return state.item;
    if (state.others?.has(linkPath)) return state.others.get(linkPath);
    const item = extractItem(member, inventoryOf(member), linkPath, urls);
    if (!state.extracted) {
      state.extracted = true;
      state.itemPath = linkPath;
      state.item = item;
    } else (state.others ??= new Map()).set(linkPath, item);
    return item;
  };
  const adOf = (member: Element): boolean => stateOf(member).ad;
  const seen = new Set<string>();
  const candidates: { group: Group; members: Element[] }[] = [];
  for (const group of groups) {
    if (group.members.length < MIN_ITEMS) continue;
    const identity = `${group.members.length}:${group.placements[0]?.order}:${group.placements.at(-1)?.order}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    // Cheap checks before the per-member walk: items hold a link or heading and are not page wrappers.
    const members = group.members.filter((member, index) => {
      const placement = group.placements[index]!;
      return placement.anchors > 0 && placement.size <= largestMember && !adOf(member);
    });
    if (members.length >= MIN_ITEMS) candidates.push({ group, members });
  }
  // Text is read bottom-up (last in document order first), so a list's wrapper reuses the text
  // of the items inside it instead of reading the same subtree again.
  const candidateMembers = new Set<Element>();
  for (const candidate of candidates) for (const member of candidate.members) candidateMembers.add(member);
  for (let index = elements.length - 1; index >= 0; index -= 1) if (candidateMembers.has(elements[index]!)) textOf(elements[index]!, 0);
  let ranked: { group: Group; members: Element[]; items: ExtractedItem[]; score: number; features: ScoreFeature[] }[] = [];
  for (const { group, members } of candidates) {
    const linkPath = chooseLinkPath(members.map(inventoryOf), urls);
    const { kept: items, dropped } = dropOutliers(members.flatMap((member) => itemOf(member, linkPath) ?? []), urls);
    if (items.length < MIN_ITEMS) continue;
    const scored = scoreItems(items, placements, urls, isBoilerplate);
    const score = scored.score;
    const features = dropped > 0 ? [...scored.features, { name: 'outliersDropped', value: dropped, weight: 0, note: 'utility or unlinked members of a clear list' }] : scored.features;
    ranked.push({ group, members, items, score, features });
  }
  ranked.sort((left, right) => right.score - left.score || right.items.length - left.items.length);
  ranked = preferEnclosingList(ranked);
  const kept: DomCandidate[] = [];
  const keptUrlSets: Set<string>[] = [];
  for (const entry of ranked) {
    const keys = new Set(entry.items.flatMap((item) => (item.draft.url ? [urls.key(item.draft.url)] : [])));
    if (keptUrlSets.some((set) => overlap(keys, set) >= 0.8)) continue;
    keptUrlSets.push(keys);
    kept.push({
      candidate: {
        scraper: 'dom',
        source: `${entry.group.kind}:${itemsSelector(entry.group)}`,
        score: entry.score,
        itemCount: entry.items.length,
        features: entry.features,
        // Only the winner's selector is checked against the page (it is what `capture` writes).
        selectors: selectorsFor(entry.group, entry.items, kept.length === 0 ? exactItemsSelector(document, entry.group, entry.group.members, elements) : undefined),
      },
      items: entry.items,
    });
    if (kept.length >= REPORTED_CANDIDATES) break;
  }
  return kept;
}

/** Share of `subset` that is also in `set` (1 when `subset` is empty and `set` is not). */
function overlap(subset: Set<string>, set: Set<string>): number {
  if (subset.size === 0) return 0;
  let shared = 0;
  for (const value of subset) if (set.has(value)) shared += 1;
  return shared / subset.size;
}

/** Items of a ranked candidate, duplicates (same URL) merged in document order. */
export function draftsOf(items: readonly ExtractedItem[]): ItemDraft[] {
  const seen = new Set<string>();
  const drafts: ItemDraft[] = [];
  for (const item of items) {
    const key = item.draft.url ? urlKey(item.draft.url) : `title:${item.draft.title ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    drafts.push(item.draft);
  }
  return drafts;
}

export const domHeuristics: Scraper = {
  name: 'dom',
  scrape(document): ScraperResult {
    if (document.kind !== 'html') return { items: [], candidates: [] };
    const ranked = rankDomCandidates(document.document, document.url);
    const winner = ranked[0];
    return { items: winner ? draftsOf(winner.items) : [], candidates: ranked.map((entry) => entry.candidate) };
  },
};
