import { FeedError } from '../contracts/errors.js';
import type { SourceDocument } from '../contracts/document.js';
import type { FetchResult } from '../contracts/fetch.js';
import { DECISIVE_SIGNALS, scanForBodyAnchors, SUGGESTIVE_SIGNALS, type Evidence, type Signal } from './signals.js';

export type { Evidence, Signal } from './signals.js';
export { asksLikeInterstitial, INTERSTITIAL_PROMPTS } from './wording.js';

/**
 * Interstitials are small (the challenge pages in the corpus are 8–23 KB, vendor block pages
 * mostly under 20 KB): signals are looked for in the first 32 KiB and the last 8 KiB of a body,
 * which is all of such a page; a vendor's script or block notice sits in its head or at its end.
 * Scanning all of a large page cost more than parsing it, and a vendor token deep inside a long
 * article is a page about that vendor, not a wall.
 */
const INSPECTED_HEAD = 32 * 1024;
const INSPECTED_TAIL = 8 * 1024;
/** The interstitial-shape check (rarely needed) reads at most this much. */
const MAX_SHAPE_CHARACTERS = 2_000_000;
/** Below this much visible text (and few links) a page has the shape of an interstitial. */
const INTERSTITIAL_TEXT_LIMIT = 1_500;
const INTERSTITIAL_LINK_LIMIT = 15;

/**
 * Recognises an anti-bot interstitial (Cloudflare, DataDome, Akamai, PerimeterX, Vercel, Sucuri,
 * Imperva, AWS WAF, captcha walls …) from body, status and headers. Returns the blocked-surface
 * error to throw, or undefined for a normal page. Never throws itself.
 */
export function detectBlockedSurface(result: FetchResult): FeedError | undefined {
  // The fetchers' guard checks each response and the engine checks each source again (it must:
  // `options.source` skips the fetchers). A FetchResult is read-only, so a result already found
  // clean stays clean: the second look is a WeakMap hit instead of lower-casing up to 2 MB and
  // running every signal again (one detection costs about as much as parsing the page).
  if (clean.has(result)) return undefined;
  const blocked = detect(result);
  if (!blocked) clean.add(result);
  return blocked;
}

/** Results seen without a blocked-surface signal (object identity; collected with the result). */
const clean = new WeakSet<FetchResult>();
/** Documents parsed from a result that was checked and found clean. */
const cleanDocuments = new WeakSet<SourceDocument>();

/** The engine marks the document it parsed from a checked source (see `detectBlockedDocument`). */
export function markCheckedDocument(document: SourceDocument): void {
  cleanDocuments.add(document);
}

/**
 * The verdict for a parsed page: a document the engine made from a checked source is clean
 * without a second look (auto-source asks for every page it is given; used on its own, it gets a
 * real check of the page text).
 */
export function detectBlockedDocument(document: SourceDocument): FeedError | undefined {
  if (cleanDocuments.has(document)) return undefined;
  const body = document.kind === 'html' ? document.html : document.text;
  return detectBlockedSurface({ url: document.url, status: 200, headers: {}, body, contentType: CHECKED_TYPE[document.kind] });
}

const CHECKED_TYPE: Readonly<Record<SourceDocument['kind'], string>> = { html: 'text/html', json: 'application/json', feed: 'application/xml' };

function detect(result: FetchResult): FeedError | undefined {
  const evidence = collectEvidence(result);
  const decisive = DECISIVE_SIGNALS.find((signal) => signal.test(evidence));
  if (decisive) return blockedSurface(decisive, result.url);
  const suggestive = SUGGESTIVE_SIGNALS.find((signal) => signal.test(evidence));
  if (suggestive && hasInterstitialShape(evidence, result.body)) return blockedSurface(suggestive, result.url);
  return undefined;
}

function blockedSurface(signal: Signal, url: string): FeedError {
  return new FeedError('BlockedSurface', `Blocked surface likely: ${signal.vendor} ${signal.seen} at ${url}`, {
    class: 'blocked_surface',
    details: { vendor: signal.vendor, seen: signal.seen, url },
  });
}

function collectEvidence(result: FetchResult): Evidence {
  const raw = result.body;
  const whole = raw.length <= INSPECTED_HEAD + INSPECTED_TAIL;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.headers)) headers[name.toLowerCase()] = value.toLowerCase();
  const bodyMayMatch = whole
    ? scanForBodyAnchors(raw, 0, raw.length)
    : scanForBodyAnchors(raw, 0, INSPECTED_HEAD) || scanForBodyAnchors(raw, raw.length - INSPECTED_TAIL, raw.length);
  let lowerCased: string | undefined;
  let visible: string | undefined;
  let wholeVisible: string | undefined;
  // Lower-casing the inspected text is needed only by the tests that get past the anchors.
  const lower = () => (lowerCased ??= inspectedText(raw).toLowerCase());
  return {
    get body() {
      return lower();
    },
    bodyMayMatch,
    // Only the status-and-wording signal reads it, and only for a blocking status.
    get text() {
      return (visible ??= visibleText(lower()));
    },
    // Only the textless-challenge signal reads it, after a blocking status and a scripted reload.
    get wholeText() {
      return (wholeVisible ??= whole ? visibleText(lower()) : visibleText(raw.slice(0, MAX_SHAPE_CHARACTERS).toLowerCase()));
    },
    title: titleOf(raw, whole),
    status: result.status,
    headers,
  };
}

const TITLE = /<title[^>]*>([^<]*)<\/title>/i;

/** The first `<title>` text in the inspected text, lower-cased, whitespace collapsed. */
function titleOf(raw: string, whole: boolean): string {
  const match = whole ? TITLE.exec(raw) : (TITLE.exec(raw.slice(0, INSPECTED_HEAD)) ?? TITLE.exec(raw.slice(raw.length - INSPECTED_TAIL)));
  return (match?.[1] ?? '').toLowerCase().replace(/\s+/g, ' ').trim();
}

function inspectedText(body: string): string {
  if (body.length <= INSPECTED_HEAD + INSPECTED_TAIL) return body;
  // The space keeps a token cut at the seam from joining with the tail into a false match.
  return `${body.slice(0, INSPECTED_HEAD)} ${body.slice(body.length - INSPECTED_TAIL)}`;
}

/** Little visible text and few links: judged on the whole body (only when a suggestive signal was seen). */
function hasInterstitialShape(evidence: Evidence, rawBody: string): boolean {
  if ([401, 403, 405, 429, 503].includes(evidence.status)) return true;
  const body = rawBody.slice(0, MAX_SHAPE_CHARACTERS).toLowerCase();
  // Links a person sees: markup inside a script's strings (a phone list a script writes in) is not a link yet.
  const links = body.replace(SCRIPTS, ' ').match(/<a\s[^>]*href=/g)?.length ?? 0;
  if (links >= INTERSTITIAL_LINK_LIMIT) return false;
  return visibleText(body).length < INTERSTITIAL_TEXT_LIMIT;
}

const SCRIPTS = /<script\b[\s\S]*?<\/script\s*>/g;

function visibleText(lowerCaseHtml: string): string {
  return lowerCaseHtml
    .replace(/<(script|style|template|svg)\b[\s\S]*?<\/\1\s*>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
