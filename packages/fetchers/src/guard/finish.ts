import { STATUS_CODES } from 'node:http';
import { detectBlockedSurface, FeedError, hasFeedRoot, type FetchResult } from '@pagefeed/core';
import { assertAcceptedContentType, mediaType } from './content-type.js';
import { decodeBody } from './decode.js';
import type { RawResponse } from './types.js';

/**
 * The checks every final response passes, in this order: anti-bot interstitials first (they come
 * with 403/503 and must not read as an ordinary HTTP error), then the upstream status, then the
 * content type.
 */
export function finishResponse(raw: RawResponse): FetchResult {
  const body = typeof raw.body === 'string' ? raw.body : decodeBody(raw.body, raw.headers['content-type']).text;
  const declared = mediaType(raw.headers['content-type']);
  const contentType = declared === '' ? sniffMediaType(body) : declared;
  const result: FetchResult = { url: raw.url, status: raw.status, headers: raw.headers, body, contentType };
  const blocked = detectBlockedSurface(result);
  if (blocked) throw blocked;
  if (raw.status >= 300) throw upstreamHttpError(raw.url, raw.status);
  assertAcceptedContentType(contentType, raw.url, body);
  return result;
}

export function upstreamHttpError(url: string, status: number): FeedError {
  const reason = STATUS_CODES[status] ?? 'Unknown status';
  const advice =
    status === 401 || status === 403
      ? "the source refuses access: check the feed's headers (authentication) or use a public URL"
      : status === 404 || status === 410
        ? 'check the URL'
        : status >= 500
          ? 'the source has a problem; try again later'
          : 'check the URL and the feed headers';
  return new FeedError('UpstreamHttpError', `${url} answered HTTP ${status} ${reason}: ${advice}`, {
    path: 'url',
    details: { status, url },
  });
}

/** A response without Content-Type is judged by its first bytes, as a browser would. */
function sniffMediaType(body: string): string {
  const start = body.trimStart().slice(0, 64).toLowerCase();
  if (start.startsWith('<!doctype html') || start.startsWith('<html')) return 'text/html';
  if (start.startsWith('{') || start.startsWith('[')) return 'application/json';
  // An RSS, Atom or RDF root (after any prolog): generic XML, which the engine passes through.
  if (hasFeedRoot(body)) return 'application/xml';
  return '';
}

/** An unexpected failure while fetching `url` (a socket error, a decoder's exception), as `FetchFailed`. */
export function fetchFailed(url: string, error: unknown): FeedError {
  const code = (error as { code?: unknown }).code;
  const reason = typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
  return new FeedError('FetchFailed', `Fetching ${url} failed (${reason})`, { path: 'url', cause: error });
}
