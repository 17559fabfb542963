import { FeedError } from '@pagefeed/core';

/**
 * `PUBLIC_URL`: the origin readers reach the service at (`https://feeds.example.com`, optionally
 * with a port). When set, every absolute URL the server writes (feed self links, links in API
 * answers) starts with it instead of the request's own origin, which is the scheme the Node
 * adapter assumes (http) and whatever `Host` the client sent. The feed cache never depends on
 * `Host` (self links are written per answer, `serving/self-links.ts`).
 *
 * Only an origin: serving under a path prefix would need every route mounted under it, which is
 * not done, so a path is refused instead of being half-honoured. Parsed once at start.
 */
export const PUBLIC_URL = 'PUBLIC_URL';

const EXAMPLE = 'https://feeds.example.com';
const HINT = `write only the scheme, host and optional port readers use, e.g. ${PUBLIC_URL}=${EXAMPLE} or ${PUBLIC_URL}=http://localhost:4000; leave it unset to build links from each request's Host header`;

function invalid(message: string, hint = HINT): FeedError {
  return new FeedError('ConfigurationInvalid', message, { path: PUBLIC_URL, hint });
}

/** The host part as written (`user:pass@host:port`), to find credentials the parser may have dropped. */
function authorityOf(text: string, url: URL): string {
  return text.slice(url.protocol.length).replace(/^[/\\]*/, '').split(/[/\\?#]/, 1)[0] ?? '';
}

/**
 * The origin of `value`, without a trailing slash (`https://feeds.example.com:8443`); undefined
 * when unset or blank (links then follow each request). Throws a FeedError naming the variable,
 * the value and the fix when it is not an http(s) origin.
 */
export function parsePublicUrl(value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(`${PUBLIC_URL} must be an absolute http or https URL such as ${EXAMPLE}, not '${text}'`);
  }
  // `localhost:4000` parses with the scheme `localhost:`: the same mistake as a missing scheme.
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid(`${PUBLIC_URL} must start with http:// or https://, not '${text}'`);
  }
  // An `@` with nothing before it (`https://@host`) parses to no credentials, but was still written.
  const authority = authorityOf(text, url);
  const credentialsEnd = authority.lastIndexOf('@');
  if (url.username !== '' || url.password !== '' || credentialsEnd >= 0) {
    // Shown without them: the message goes to logs, and must not repeat a password.
    const shown = text.replace(authority, `***${authority.slice(credentialsEnd)}`);
    throw invalid(`${PUBLIC_URL} must not contain a user name or password, not '${shown}'`, `write ${PUBLIC_URL}=${url.origin}`);
  }
  if (text.includes('?')) throw invalid(`${PUBLIC_URL} must be an origin without a query string, not '${text}'`, `write ${PUBLIC_URL}=${url.origin}`);
  if (text.includes('#')) throw invalid(`${PUBLIC_URL} must be an origin without a fragment, not '${text}'`, `write ${PUBLIC_URL}=${url.origin}`);
  if (url.pathname !== '/') {
    throw invalid(
      `${PUBLIC_URL} must be an origin (scheme, host and optional port) without a path, not '${text}': serving under a path prefix is not supported`,
      `write ${PUBLIC_URL}=${url.origin} and serve pagefeed at the root of that host`,
    );
  }
  return url.origin;
}
