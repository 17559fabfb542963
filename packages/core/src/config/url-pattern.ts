/**
 * Account URL rules (`allowed_urls`) as URLs, not strings. A pattern is parsed once, when the file
 * is loaded; a URL is parsed by the same WHATWG parser and compared part by part, so `*` can never
 * reach from the path into the host (`https://127.0.0.1/.example.com/` is not under
 * `https://*.example.com/**`) nor from the host into another domain (`http://allowed.test*` is
 * refused when loaded). The rules, with examples, are in packages/core/docs/configuration.md.
 *
 * - `*` alone allows every http(s) URL.
 * - scheme: `http` or `https`, exact.
 * - host: exact (case-insensitive, IDN and IP literals in their canonical form), or `*.` followed
 *   by a domain: one or more whole labels in front of it (`*.example.com` allows `a.example.com`
 *   and `a.b.example.com`, not `example.com` and never an IP address).
 * - port: exact; none written means the scheme's default; `:*` allows any port.
 * - path: a glob over the normalised path; `*` matches within one segment (never `/`), `**`
 *   matches anything, `/` included. None written means `/`.
 * - query: ignored unless the pattern has one; then the URL's query must match it, `*` matching
 *   any characters.
 * - a fragment or a user name in a pattern is an error; a URL carrying a user name never matches.
 */
export interface UrlPattern {
  readonly source: string;
  matches(url: string): boolean;
}

export class UrlPatternError extends Error {}

const WILDCARD_LABEL = 'pagefeed-wildcard-label';
const SCHEMES = new Set(['http:', 'https:']);

const ANY_URL: UrlPattern = { source: '*', matches: (url) => parseWebUrl(url) !== undefined };

/** The pattern compiled, or a `UrlPatternError` saying what is wrong and how to write it. */
export function parseUrlPattern(source: string): UrlPattern {
  const pattern = source.trim();
  if (pattern === '*') return ANY_URL;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(pattern)?.[1]?.toLowerCase();
  if (scheme === undefined) fail(`"${pattern}" has no scheme`, 'start it with https:// or http:// (or write "*" to allow every URL)');
  if (!SCHEMES.has(`${scheme}:`)) fail(`"${pattern}" uses the scheme ${scheme}`, 'only http:// and https:// URLs can be fed');
  const rest = pattern.slice(scheme.length + 3);
  const authorityEnd = rest.search(/[/?#]/);
  const authority = authorityEnd === -1 ? rest : rest.slice(0, authorityEnd);
  const tail = authorityEnd === -1 ? '' : rest.slice(authorityEnd);
  if (authority.includes('@')) fail(`"${pattern}" contains a user name`, 'remove the user name; URLs with credentials are never allowed');
  if (tail.includes('#')) fail(`"${pattern}" contains a fragment (#…)`, 'remove it; fragments are not sent to sites and are ignored');
  const portMatch = /:(\*|\d*)$/.exec(authority.startsWith('[') ? authority.slice(authority.indexOf(']')) : authority);
  const anyPort = portMatch?.[1] === '*';
  const hostText = portMatch ? authority.slice(0, authority.length - portMatch[0].length) : authority;
  if (hostText === '') fail(`"${pattern}" has no host`, 'write the host, e.g. https://example.com/*');
  const wildcardHost = hostText.startsWith('*.');
  const hostForParser = wildcardHost ? `${WILDCARD_LABEL}.${hostText.slice(2)}` : hostText;
  if (hostForParser.includes('*')) {
    fail(`"${pattern}" has * inside its host`, 'a host is exact, or starts with "*." followed by a domain (*.example.com); * never stands for part of a label');
  }
  if (wildcardHost && /(^|\.)\d+\.?$|^\[/.test(hostText.slice(2))) {
    fail(`"${pattern}" puts *. in front of ${hostText.slice(2)}, which is not a domain name`, 'write *. only in front of a domain (*.example.com); an IP address is written out in full');
  }
  const queryStart = tail.indexOf('?');
  const pathText = queryStart === -1 ? tail : tail.slice(0, queryStart);
  const queryText = queryStart === -1 ? undefined : tail.slice(queryStart + 1);
  let parsed: URL;
  try {
    parsed = new URL(`${scheme}://${hostForParser}${anyPort || !portMatch ? '' : portMatch[0]}${pathText || '/'}${queryText === undefined ? '' : `?${queryText}`}`);
  } catch {
    return fail(`"${pattern}" is not a URL pattern`, 'write it like https://example.com/news/* or https://*.example.com/**');
  }
  const suffix = wildcardHost ? parsed.hostname.slice(WILDCARD_LABEL.length) : undefined;
  if (suffix !== undefined && (!parsed.hostname.startsWith(`${WILDCARD_LABEL}.`) || /\.\d+$/.test(suffix))) {
    fail(`"${pattern}" puts *. in front of ${hostText.slice(2)}, which is not a domain name`, 'write *. only in front of a domain (*.example.com); an IP address is written out in full');
  }
  const path = globRegExp(parsed.pathname, '[^/]*');
  const query = queryText === undefined ? undefined : globRegExp(parsed.search.slice(1), '.*');
  const port = anyPort ? undefined : parsed.port;
  return {
    source: pattern,
    matches(urlText) {
      const url = parseWebUrl(urlText);
      if (url === undefined || url.protocol !== parsed.protocol || url.username !== '' || url.password !== '') return false;
      if (suffix === undefined ? url.hostname !== parsed.hostname : !hostUnder(url.hostname, suffix)) return false;
      if (port !== undefined && url.port !== port) return false;
      if (!path.test(url.pathname)) return false;
      return query === undefined || query.test(url.search.slice(1));
    },
  };
}

/** Whether `url` matches any of the patterns (compiled ones are reused by the caller). */
export function urlMatchesAny(patterns: readonly UrlPattern[], url: string): boolean {
  return patterns.some((pattern) => pattern.matches(url));
}

function fail(what: string, how: string): never {
  throw new UrlPatternError(`URL pattern ${what}; ${how}`);
}

function parseWebUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return SCHEMES.has(url.protocol) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** `host` is one or more whole labels in front of `suffix` (which starts with a dot); never an IP. */
function hostUnder(host: string, suffix: string): boolean {
  if (host.startsWith('[') || /^\d+(\.\d+){3}$/.test(host)) return false;
  return host.length > suffix.length && host.endsWith(suffix) && host[host.length - suffix.length - 1] !== '.';
}

/** A glob as an anchored regular expression: `**` any characters, `*` the given class. */
function globRegExp(glob: string, star: string): RegExp {
  const parts = glob.split('**').map((piece) => piece.split('*').map(escapeRegExp).join(star));
  return new RegExp(`^${parts.join('.*')}$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
