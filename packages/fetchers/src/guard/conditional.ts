import { createHash } from 'node:crypto';
import type { CacheDriver, FetchLogger, FetchResult } from '@pagefeed/core';

/**
 * Conditional GET through the CacheDriver contract: the last ETag / Last-Modified of a URL are
 * kept with the decoded result; the next fetch sends If-None-Match / If-Modified-Since and a 304
 * gives back the stored result. A failing cache never fails a fetch; it only costs the shortcut.
 */
const TTL_SECONDS = 7 * 24 * 3600;

export interface StoredValidators {
  readonly etag?: string;
  readonly lastModified?: string;
  readonly result: FetchResult;
}

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

export interface ConditionalStore {
  load(): Promise<StoredValidators | undefined>;
  headers(stored: StoredValidators | undefined): Readonly<Record<string, string>>;
  save(result: FetchResult): Promise<void>;
  /** True when `save` would store a response with this status and these headers. */
  keeps(status: number, headers: Readonly<Record<string, string>>): boolean;
}

export function createConditionalStore(
  cache: CacheDriver | undefined,
  url: string,
  requestHeaders: Readonly<Record<string, string>>,
  logger: FetchLogger | undefined,
): ConditionalStore {
  // The feed's own headers (cookies, auth) can change the body, so they are part of the key.
  // Without a cache there is nothing to key: the hash is made only when there is one.
  const key = cache ? `pagefeed:validators:${createHash('sha256').update(JSON.stringify([url, Object.entries(requestHeaders).sort()])).digest('hex')}` : '';
  const keeps = (status: number, headers: Readonly<Record<string, string>>) =>
    cache !== undefined && status === 200 && (headers['etag'] !== undefined || headers['last-modified'] !== undefined);
  return {
    async load() {
      if (!cache) return undefined;
      try {
        return await cache.get<StoredValidators>(key);
      } catch (error) {
        logger?.warn('validator cache read failed', { url, error: String(error) });
        return undefined;
      }
    },
    headers(stored) {
      if (!stored) return NO_HEADERS;
      const headers: Record<string, string> = {};
      if (stored?.etag) headers['if-none-match'] = stored.etag;
      if (stored?.lastModified) headers['if-modified-since'] = stored.lastModified;
      return headers;
    },
    keeps,
    async save(result) {
      const etag = result.headers['etag'];
      const lastModified = result.headers['last-modified'];
      if (!cache || !keeps(result.status, result.headers)) return;
      const stored: StoredValidators = {
        ...(etag === undefined ? {} : { etag }),
        ...(lastModified === undefined ? {} : { lastModified }),
        result,
      };
      try {
        await cache.set(key, stored, { ttlSeconds: TTL_SECONDS });
      } catch (error) {
        logger?.warn('validator cache write failed', { url, error: String(error) });
      }
    },
  };
}
