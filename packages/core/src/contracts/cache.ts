/**
 * A key-value store with expiry. Values are JSON-serialisable; a driver may serialise them.
 * The in-memory driver lives in core; Redis in `@pagefeed/fetchers/redis`.
 */
export interface CacheSetOptions {
  /** Seconds until the entry disappears. Omitted: kept until evicted. */
  readonly ttlSeconds?: number;
}

export interface CacheDriver {
  readonly name: string;
  get<T = unknown>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, options?: CacheSetOptions): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Set only when absent (for locks). Returns true when this call set it.
   */
  setIfAbsent?(key: string, value: unknown, options?: CacheSetOptions): Promise<boolean>;
  /**
   * Add `by` (default 1) to a counter, creating it with `ttlSeconds` expiry when absent; returns the
   * new value (rate limits, politeness counters).
   */
  increment?(key: string, options?: CacheSetOptions & { readonly by?: number }): Promise<number>;
  /** Healthy, degraded (serving from a fallback), or down. */
  status?(): 'ok' | 'degraded' | 'down';
  close?(): Promise<void>;
}
