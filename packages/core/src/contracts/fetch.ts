import type { CacheDriver } from './cache.js';
import type { RequestConfig, StrategyName } from './config.js';

export interface FetchRequest {
  readonly url: string;
  readonly strategy: StrategyName | (string & {});
  readonly headers: Readonly<Record<string, string>>;
  readonly request: RequestConfig;
  readonly signal?: AbortSignal;
}

export interface FetchResult {
  /** The final URL after redirects: the base for relative links. */
  readonly url: string;
  readonly status: number;
  /** Lower-cased header names. */
  readonly headers: Readonly<Record<string, string>>;
  /** Decoded text of the body. */
  readonly body: string;
  /** Media type without parameters, lower-cased, e.g. `text/html`. */
  readonly contentType: string;
  /** True when the body came from the validator cache after a 304. */
  readonly revalidated?: boolean;
}

export interface FetchLogger {
  debug(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

export interface FetchContext {
  /** Stores source validators (ETag/Last-Modified) and bodies for conditional requests. */
  readonly cache?: CacheDriver;
  readonly allowPrivateNetworks?: boolean;
  readonly logger?: FetchLogger;
}

/** A way to get a page. Implementations live in `@pagefeed/fetchers`. */
export interface FetchStrategy {
  readonly name: string;
  fetch(request: FetchRequest, context: FetchContext): Promise<FetchResult>;
}
