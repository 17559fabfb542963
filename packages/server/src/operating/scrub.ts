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

/**
 * Every token has a dot followed by a 43-character signature. Looking for that first is cheap; the
 * full pattern backtracks over every long run of token characters (each request id in each log
 * line), which showed as 4 % of a cached read's CPU time.
 */
const SIGNATURE_LENGTH = 43;

/** [A-Za-z0-9_-] by character code: the characters of a token. */
const TOKEN_CHARACTER = new Uint8Array(128);
for (const character of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-') TOKEN_CHARACTER[character.charCodeAt(0)] = 1;

/**
 * Whether `text` has a dot followed by 43 token characters (what `/\.[A-Za-z0-9_-]{43}/` finds),
 * by hand: every log line has dots (its time, a client's IPv4 address), each followed by a few
 * token characters at most, and a loop over them costs a fraction of a regular expression's call
 * (which showed as 6 % of the access log's cost once every line was scrubbed whole).
 */
export function hasTokenSignature(text: string): boolean {
  let dot = text.indexOf('.');
  while (dot !== -1) {
    const end = dot + 1 + SIGNATURE_LENGTH;
    if (end > text.length) return false;
    let at = dot + 1;
    while (at < end && TOKEN_CHARACTER[text.charCodeAt(at)] === 1) at += 1;
    if (at === end) return true;
    // No dot among the token characters just passed: the next one is at `at` or after it.
    dot = text.indexOf('.', at);
  }
  return false;
}

/** The same for text already serialised (log lines). */
export function scrubFeedTokensInText(text: string): string {
  return hasTokenSignature(text) ? text.replace(FEED_TOKEN_IN_TEXT, '[feed-token]') : text;
}
