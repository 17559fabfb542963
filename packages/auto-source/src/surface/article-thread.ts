import type { Element } from 'domhandler';
import { attribute, findFirst } from '../util/dom.js';
import { textOf } from '../util/text.js';
import { addressKind } from './sibling-links.js';

/**
 * Facts for the article gate about a discussion read as one page (fourteenth session, issue #16).
 *
 * A forum thread, a question with its answers or a book's reviews is one page to a reader: one
 * first post under the page's title, then replies by different people. When the cascade picks a
 * "list" there, its items are the posts, each linked by one of its small repeated links — "Quote",
 * "Reply", "Report", the author's profile, the permalink "#12" — while what a person reads is the
 * body of each post, text outside any link. A list page's items are the other way round: each
 * item's link is its title, distinct from the others, and most of the item's text.
 *
 * - `repeatedText`: share of the members whose whole text another member repeats word for word;
 * - `sharedLabels`: share of the members holding a link whose label (a short text) at least half
 *   of the members hold too (the buttons of every post);
 * - `memberBody`: log10(1 + the median characters of each member's text outside links);
 * - `linkedShare`: the median share of each member's text that its links hold;
 * - `siblingShare`: share of the members whose first link points at another page of the page's own
 *   address kind (surface/sibling-links.ts: the same host, directories, class of last segment and
 *   query names) — an item page's related, "latest" or "more from" block links to its siblings,
 *   where a list page links to pages of another kind than itself. Unlike the eighth session's
 *   `siblingGate` (off) it asks for no declaration: the gate weighs it with its other inputs.
 *
 * Observed for fitting (computed when a model reads one of them or an observer asks). Nothing here
 * names a site, a URL or a class.
 */
export interface ThreadFacts {
  readonly repeatedText: number;
  readonly sharedLabels: number;
  readonly memberBody: number;
  readonly linkedShare: number;
  readonly siblingShare: number;
}

/** The facts' names, in the gate's input order. */
export const THREAD_FACTS = ['repeatedText', 'sharedLabels', 'memberBody', 'linkedShare', 'siblingShare'] as const;

export const NO_THREAD_FACTS: ThreadFacts = { repeatedText: 0, sharedLabels: 0, memberBody: 0, linkedShare: 0, siblingShare: 0 };

/** Members read (a long list is sampled from its start). */
const MEMBERS_READ = 60;
/** Characters of a member read: a post longer than this is a post all the same. */
const MEMBER_TEXT = 3_000;
/** A link label: a short text (a button, a name), not a title sentence. */
const LABEL_TEXT = 40;
const LINKS_READ = 40;

/** The texts of the member's links (the member itself when it is one), at most `LINKS_READ`. */
function linkTexts(member: Element): string[] {
  if (member.name === 'a') return [textOf(member, MEMBER_TEXT).trim()];
  const texts: string[] = [];
  const visit = (node: Element) => {
    for (const child of node.children) {
      if (child.type !== 'tag' || texts.length >= LINKS_READ) continue;
      if (child.name === 'a') texts.push(textOf(child, MEMBER_TEXT).trim());
      else visit(child);
    }
  };
  visit(member);
  return texts;
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function firstHref(member: Element): string | undefined {
  const link = member.name === 'a' ? member : findFirst(member, (element) => element.name === 'a' && attribute(element, 'href') !== undefined);
  const href = link ? attribute(link, 'href')?.trim() : undefined;
  return href && !href.startsWith('#') && !/^javascript:/i.test(href) ? href : undefined;
}

/** Share of the members linking to the page's siblings at which `siblingRefusals` lets a shipped refusal stand. */
export const SIBLING_REFUSAL_SHARE = 0.8;

/** Share of the members whose first link is another page of the page's own address kind. */
export function siblingShare(pageUrl: string, members: readonly Element[]): number {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return 0;
  }
  const queryNames = [...new Set(page.searchParams.keys())].sort();
  const own = addressKind(page.href, queryNames);
  if (!own || members.length === 0) return 0;
  const self = `${page.origin}${page.pathname}${page.search}`;
  const read = members.slice(0, MEMBERS_READ);
  let siblings = 0;
  for (const member of read) {
    const href = firstHref(member);
    if (!href) continue;
    let target: URL;
    try {
      target = new URL(href, page);
    } catch {
      continue;
    }
    if (`${target.origin}${target.pathname}${target.search}` !== self && addressKind(target.href, queryNames) === own) siblings += 1;
  }
  return siblings / read.length;
}

export function threadFacts(pageUrl: string, members: readonly Element[]): ThreadFacts {
  if (members.length === 0) return NO_THREAD_FACTS;
  const read = members.slice(0, MEMBERS_READ);
  const texts = read.map((member) => textOf(member, LABEL_TEXT * 5).trim().toLowerCase());
  const counts = new Map<string, number>();
  for (const text of texts) counts.set(text, (counts.get(text) ?? 0) + 1);
  const repeatedText = texts.filter((text) => (counts.get(text) ?? 0) > 1).length / read.length;
  const labels = new Map<string, number>();
  const memberLabels = read.map((member) => {
    const links = linkTexts(member);
    const own = new Set(links.filter((text) => text.length > 0 && text.length <= LABEL_TEXT).map((text) => text.toLowerCase()));
    for (const label of own) labels.set(label, (labels.get(label) ?? 0) + 1);
    const whole = textOf(member, MEMBER_TEXT).length;
    const linked = Math.min(whole, links.reduce((sum, text) => sum + text.length, 0));
    return { own, whole, linked };
  });
  const common = read.length >= 3 ? (label: string) => (labels.get(label) ?? 0) * 2 >= read.length : () => false;
  const sharedLabels = memberLabels.filter(({ own }) => [...own].some(common)).length / read.length;
  const memberBody = Math.log10(1 + median(memberLabels.map(({ whole, linked }) => whole - linked)));
  const linkedShare = median(memberLabels.map(({ whole, linked }) => (whole > 0 ? linked / whole : 1)));
  return { repeatedText, sharedLabels, memberBody, linkedShare, siblingShare: siblingShare(pageUrl, read) };
}
