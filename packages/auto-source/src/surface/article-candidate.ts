import type { Element } from 'domhandler';
import { compareDocumentPosition } from 'domutils';
import { attribute, findFirst } from '../util/dom.js';
import { textOf } from '../util/text.js';
import { isWithin } from './article.js';
import { DATED } from './article-page.js';

/**
 * Facts about the gate's candidate list as a person reads it beside the page's main text (eleventh
 * session): an article's "list" comes after its body (comments, related stories, a sidebar archive),
 * its items often link back to the page itself (comment permalinks, reply buttons) or leave the
 * site (references, partners), and a blog's sidebar archive is a run of month or year labels. A
 * real list stands before or instead of any long text, and its items link to pages of their own.
 * Nothing here names a site, a URL or a class.
 */
export interface CandidateFacts {
  /** Share of the members that come after the main paragraph block in reading order (0 without one). */
  readonly afterMain: number;
  /** Share of the members whose text carries a date or a time. */
  readonly memberDated: number;
  /** Share of the members whose whole text is a month or year label (an archive widget's rows). */
  readonly archiveLabels: number;
  /** Share of the members whose first link points at the page itself (a fragment, the same address). */
  readonly selfLinks: number;
  /** Share of the members whose first link leaves the page's host. */
  readonly offSite: number;
}

/** The facts' names, in the gate's input order. */
export const CANDIDATE_FACTS = ['afterMain', 'memberDated', 'archiveLabels', 'selfLinks', 'offSite'] as const;

export const NO_CANDIDATE_FACTS: CandidateFacts = { afterMain: 0, memberDated: 0, archiveLabels: 0, selfLinks: 0, offSite: 0 };

/** Members read (a huge list is sampled from its start, as the page facts sample rows). */
const MEMBERS_READ = 200;
const MEMBER_TEXT = 300;
/** domutils' DocumentPosition.PRECEDING (a const enum, which this build cannot read): set when the main block precedes the member. */
const PRECEDING = 2;

const MONTH = '(?:jan|feb|m[aä]r|apr|ma[iy]|jun|jul|aug|sep|o[ck]t|nov|de[cz])[a-zé]*\\.?';
/**
 * An archive label: a month name and a year, a numeric year-month, or a bare year, optionally with
 * a post count ("November 2009 (4)", "2011/03", "2008").
 */
const ARCHIVE_LABEL = new RegExp(
  `^(?:${MONTH}\\s+(?:19|20)\\d\\d|(?:19|20)\\d\\d\\s+${MONTH}|(?:19|20)\\d\\d[-/.](?:0?[1-9]|1[0-2])|(?:19|20)\\d\\d(?:\\s*年\\s*\\d{1,2}\\s*月)?)\\s*(?:\\(\\d+\\))?$`,
  'i',
);

function firstHref(member: Element): string | undefined {
  const link = member.name === 'a' && attribute(member, 'href') ? member : findFirst(member, (element) => element.name === 'a' && attribute(element, 'href') !== undefined);
  const href = link ? attribute(link, 'href')?.trim() : undefined;
  return href && href !== '#' && !/^javascript:/i.test(href) ? href : undefined;
}

function withoutFragment(url: URL): string {
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}${url.search}`;
}

export function candidateFacts(pageUrl: string, members: readonly Element[], mainBlock: Element | undefined): CandidateFacts {
  if (members.length === 0) return NO_CANDIDATE_FACTS;
  let page: URL | undefined;
  try {
    page = new URL(pageUrl);
  } catch {
    page = undefined;
  }
  const read = members.slice(0, MEMBERS_READ);
  let after = 0;
  let dated = 0;
  let archive = 0;
  let self = 0;
  let off = 0;
  for (const member of read) {
    if (mainBlock && !isWithin(member, mainBlock) && !isWithin(mainBlock, member) && compareDocumentPosition(mainBlock, member) & PRECEDING) after += 1;
    const text = textOf(member, MEMBER_TEXT).trim();
    if (DATED.test(text)) dated += 1;
    if (text.length <= 40 && ARCHIVE_LABEL.test(text)) archive += 1;
    const href = firstHref(member);
    if (!href || !page) continue;
    let target: URL;
    try {
      target = new URL(href, page);
    } catch {
      continue;
    }
    if (href.startsWith('#') || withoutFragment(target) === withoutFragment(page)) self += 1;
    else if (/^https?:$/.test(target.protocol) && target.hostname.replace(/^www\./, '') !== page.hostname.replace(/^www\./, '')) off += 1;
  }
  const share = (count: number) => count / read.length;
  return { afterMain: share(after), memberDated: share(dated), archiveLabels: share(archive), selfLinks: share(self), offSite: share(off) };
}
