import type { FeedFormat } from '@pagefeed/core';
import { withoutEncodingSuffix } from './content-encoding.js';

/** HTTP validators and freshness headers for a cached feed (DESIGN §7). */
export interface CachedFeedTimes {
  /** When the item content last changed (ms since epoch): `Last-Modified`. */
  readonly lastModified: number;
  /** When the entry stops being fresh (ms). */
  readonly expiresAt: number;
  readonly ttlSeconds: number;
}

/** How long clients may use a response after the feed failed to refresh. */
export const STALE_IF_ERROR_SECONDS = 86_400;

/** Seconds the entry stays fresh from `now`. */
export function maxAgeOf(times: CachedFeedTimes, now: number): number {
  return Math.max(0, Math.floor((times.expiresAt - now) / 1000));
}

export function cacheControl(times: CachedFeedTimes, now: number): string {
  return `public, max-age=${maxAgeOf(times, now)}, stale-while-revalidate=${times.ttlSeconds}, stale-if-error=${STALE_IF_ERROR_SECONDS}`;
}

/** Weak and compressed variants (`W/"abc"`, `"abc-gzip"`) revalidate the same content. */
function normaliseTag(tag: string): string {
  return withoutEncodingSuffix(tag.trim().replace(/^W\//, ''));
}

/** The request's conditional headers (absent: undefined). */
export interface Conditions {
  readonly ifNoneMatch: string | undefined;
  readonly ifModifiedSince: string | undefined;
  /** Not a condition, but read with them: which compressed representation the client takes. */
  readonly acceptEncoding?: string | undefined;
}

/** RFC 9110 §13.1: If-None-Match wins over If-Modified-Since; weak comparison for GET. */
export function isNotModified(conditions: Conditions, etag: string, lastModified: number): boolean {
  const { ifNoneMatch, ifModifiedSince } = conditions;
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === '*') return true;
    return ifNoneMatch.split(',').some((tag) => normaliseTag(tag) === normaliseTag(etag));
  }
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  // HTTP dates have second precision.
  return !Number.isNaN(since) && Math.floor(lastModified / 1000) <= Math.floor(since / 1000);
}

export const FORMATS: readonly FeedFormat[] = ['rss', 'atom', 'json'];

/** `Accept` → format; RSS when nothing specific is asked for. */
export function negotiateFormat(accept: string | null | undefined): FeedFormat {
  if (!accept) return 'rss';
  const ranked = accept
    .split(',')
    .map((part, index) => {
      const [type = '', ...parameters] = part.trim().toLowerCase().split(';');
      const quality = parameters.map((value) => /^\s*q=([0-9.]+)/.exec(value)?.[1]).find((value) => value !== undefined);
      return { type: type.trim(), quality: quality === undefined ? 1 : Number(quality), index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((left, right) => right.quality - left.quality || left.index - right.index);
  for (const { type } of ranked) {
    if (type === 'application/rss+xml') return 'rss';
    if (type === 'application/atom+xml') return 'atom';
    if (type === 'application/feed+json' || type === 'application/json') return 'json';
  }
  return 'rss';
}
