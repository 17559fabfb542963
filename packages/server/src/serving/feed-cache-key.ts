import { createHash } from 'node:crypto';
import type { FeedConfig } from '@pagefeed/core';
import type { FeedRequest } from './feed-service.js';

/** The cache key of a feed request: one per (definition, parameters, self URLs), never per Host. */

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

// A predefined feed's config is one object for the life of the process: hash it once, and keep
// the keys of its recent (parameters, self URLs) pairs, instead of SHA-256 over the whole config's
// JSON per request (a measurable part of a cached read). Bounded: hosts and parameters vary.
const KEYS_PER_CONFIG = 1024;
const configKeys = new WeakMap<FeedConfig, { readonly digest: string; readonly keys: Map<string, string> }>();

/** Every cached feed's key starts with it (the Redis driver writes these back after an outage). */
export const FEED_KEY_PREFIX = 'feed:';

export function cacheKeyOf(request: FeedRequest): string {
  let known = configKeys.get(request.config);
  if (!known) {
    known = { digest: sha256(JSON.stringify(request.config)), keys: new Map() };
    configKeys.set(request.config, known);
  }
  const variant = request.variant ?? JSON.stringify([request.parameters, request.selfUrls]);
  let key = known.keys.get(variant);
  if (key === undefined) {
    key = `${FEED_KEY_PREFIX}${sha256(`${known.digest}\n${JSON.stringify([request.parameters, request.selfUrls])}`)}`;
    if (known.keys.size >= KEYS_PER_CONFIG) known.keys.clear();
    known.keys.set(variant, key);
  }
  return key;
}
