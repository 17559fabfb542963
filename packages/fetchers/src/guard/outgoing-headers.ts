import { USER_AGENT } from '../version.js';

/** What a browser asks for, so sources answer with their normal HTML page. */
const DEFAULT_HEADERS: Readonly<Record<string, string>> = {
  'user-agent': USER_AGENT,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,application/json;q=0.8,*/*;q=0.5',
  'accept-language': 'en-US,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br',
};

/** The defaults alone, frozen: shared by every request of a feed without headers of its own. */
export const DEFAULT_OUTGOING_HEADERS: Readonly<Record<string, string>> = Object.freeze({ ...DEFAULT_HEADERS });

/** Defaults first, then the feed's `headers` (names lower-cased, so a feed can override any). */
export function outgoingHeaders(configured: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  let empty = true;
  for (const _name in configured) {
    empty = false;
    break;
  }
  if (empty) return DEFAULT_OUTGOING_HEADERS;
  const headers: Record<string, string> = { ...DEFAULT_HEADERS };
  for (const [name, value] of Object.entries(configured)) headers[name.toLowerCase()] = value;
  return headers;
}
