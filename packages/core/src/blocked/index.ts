import { FeedError } from '../contracts/errors.js';
import type { FetchResult } from '../contracts/fetch.js';
import { DECISIVE_SIGNALS, SUGGESTIVE_SIGNALS, type Evidence, type Signal } from './signals.js';

export type { Evidence, Signal } from './signals.js';

/** Interstitials are small; reading more of a huge page only costs time. */
const MAX_INSPECTED_CHARACTERS = 2_000_000;
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

function detect(result: FetchResult): FeedError | undefined {
  const evidence = collectEvidence(result);
  const decisive = DECISIVE_SIGNALS.find((signal) => signal.test(evidence));
  if (decisive) return blockedSurface(decisive, result.url);
  const suggestive = SUGGESTIVE_SIGNALS.find((signal) => signal.test(evidence));
  if (suggestive && hasInterstitialShape(evidence)) return blockedSurface(suggestive, result.url);
  return undefined;
}

function blockedSurface(signal: Signal, url: string): FeedError {
  return new FeedError('BlockedSurface', `Blocked surface likely: ${signal.vendor} ${signal.seen} at ${url}`, {
    class: 'blocked_surface',
    details: { vendor: signal.vendor, seen: signal.seen, url },
  });
}

function collectEvidence(result: FetchResult): Evidence {
  const body = result.body.slice(0, MAX_INSPECTED_CHARACTERS).toLowerCase();
  const titleMatch = /<title[^>]*>([^<]*)<\/title>/.exec(body);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.headers)) headers[name.toLowerCase()] = value.toLowerCase();
  return {
    body,
    title: (titleMatch?.[1] ?? '').replace(/\s+/g, ' ').trim(),
    status: result.status,
    headers,
  };
}

function hasInterstitialShape(evidence: Evidence): boolean {
  if ([401, 403, 405, 429, 503].includes(evidence.status)) return true;
  const links = evidence.body.match(/<a\s[^>]*href=/g)?.length ?? 0;
  if (links >= INTERSTITIAL_LINK_LIMIT) return false;
  return visibleTextLength(evidence.body) < INTERSTITIAL_TEXT_LIMIT;
}

function visibleTextLength(lowerCaseHtml: string): number {
  const text = lowerCaseHtml
    .replace(/<(script|style|template|svg)\b[\s\S]*?<\/\1\s*>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length;
}
