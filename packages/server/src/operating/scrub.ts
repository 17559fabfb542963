/** Created-feed tokens travel in URL paths; they must reach neither logs nor error tracking. */
const FEED_TOKEN_IN_TEXT = /[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{43}/g;

export function scrubFeedTokens<T>(value: T): T {
  if (typeof value === 'string') return value.replace(FEED_TOKEN_IN_TEXT, '[feed-token]') as T;
  if (Array.isArray(value)) return value.map((entry: unknown) => scrubFeedTokens(entry)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, scrubFeedTokens(entry)])) as T;
  }
  return value;
}

/** The same for text already serialised (log lines). */
export function scrubFeedTokensInText(text: string): string {
  return text.replace(FEED_TOKEN_IN_TEXT, '[feed-token]');
}
