import { describe, expect, it } from 'vitest';
import { loadFeedsFile } from './feeds-file.js';
import { parseUrlPattern, UrlPatternError } from './url-pattern.js';

/** Issue #18: account URL rules match URLs, not strings. */
const allows = (pattern: string, url: string): boolean => parseUrlPattern(pattern).matches(url);

describe('URL patterns', () => {
  it.each([
    // The two bypasses of the attack pass.
    ['https://*.example.com/*', 'https://127.0.0.1:8443/.example.com/', false],
    ['https://*.example.com/**', 'https://127.0.0.1:8443/.example.com/', false],
    ['https://*.example.com/**', 'https://evil.test/?x=.example.com/', false],
    ['https://*.example.com/**', 'https://evil.test/#.example.com/', false],
    ['https://*.example.com/**', 'https://a.example.com@evil.test/', false],
    ['https://*.example.com/**', 'https://evilexample.com/', false],
    ['https://*.example.com/**', 'https://example.com/', false],
    ['https://*.example.com/**', 'https://a.example.com/', true],
    ['https://*.example.com/**', 'https://a.b.EXAMPLE.com/x/y?z=1', true],
    ['https://*.example.com/**', 'https://a.example.com.evil.test/', false],
    ['https://*.example.com/**', 'http://a.example.com/', false],
    ['https://*.example.com/**', 'https://a.example.com:8443/', false],
    // Scheme, host and port exact; the default port implied.
    ['https://example.com/news', 'https://example.com/news', true],
    ['https://example.com/news', 'https://example.com:443/news', true],
    ['https://example.com/news', 'https://example.com:8443/news', false],
    ['https://example.com:8443/news', 'https://example.com:8443/news', true],
    ['https://example.com:*/news', 'https://example.com:8443/news', true],
    ['https://example.com/news', 'http://example.com/news', false],
    ['https://example.com/news', 'https://example.com/news/2', false],
    ['https://example.com/news', 'https://example.com/news?page=2', true],
    ['https://example.com', 'https://example.com/', true],
    ['https://example.com', 'https://example.com/news', false],
    // * stays in one segment, ** crosses /.
    ['https://example.com/*', 'https://example.com/blog', true],
    ['https://example.com/*', 'https://example.com/blog/1', false],
    ['https://example.com/**', 'https://example.com/blog/1', true],
    ['https://example.com/blog/*/feed', 'https://example.com/blog/2024/feed', true],
    ['https://example.com/blog/*/feed', 'https://example.com/blog/2024/05/feed', false],
    ['https://example.com/blog/**/feed', 'https://example.com/blog/2024/05/feed', true],
    ['https://example.com/x.y*', 'https://example.com/xzy', false],
    // Dot segments are resolved before matching.
    ['https://example.com/public/**', 'https://example.com/public/../admin/', false],
    ['https://example.com/public/**', 'https://example.com/public/%2e%2e/admin/', false],
    // The query: ignored unless written, then matched (* any characters).
    ['https://example.com/?q=1', 'https://example.com/?q=1', true],
    ['https://example.com/?q=1', 'https://example.com/?q=2', false],
    ['https://example.com/search?q=*', 'https://example.com/search?q=feeds', true],
    // Host prefixes, IDN, IP literals written as such.
    ['http://allowed.test/**', 'http://allowed.test.evil.example/', false],
    ['https://bücher.example/**', 'https://xn--bcher-kva.example/a', true],
    ['http://127.0.0.1:8080/**', 'http://127.0.0.1:8080/x', true],
    ['http://[::1]:8080/**', 'http://[::1]:8080/x', true],
    ['*', 'https://anything.test/x', true],
    ['*', 'ftp://anything.test/x', false],
    ['*', 'not a url', false],
  ])('%s against %s → %s', (pattern, url, expected) => {
    expect(allows(pattern, url)).toBe(expected);
  });

  it.each([
    ['http://allowed.test*', 'inside its host'],
    ['https://ex*ample.com/', 'inside its host'],
    ['https://*example.com/', 'inside its host'],
    ['https://*.0.0.1/', 'not a domain name'],
    ['example.com/*', 'has no scheme'],
    ['ftp://example.com/*', 'scheme ftp'],
    ['https://user@example.com/', 'user name'],
    ['https://example.com/#top', 'fragment'],
    ['https:///news', 'has no host'],
    ['https://exa mple.com/', 'not a URL pattern'],
  ])('refuses %s (%s)', (pattern, message) => {
    expect(() => parseUrlPattern(pattern)).toThrow(UrlPatternError);
    expect(() => parseUrlPattern(pattern)).toThrow(message);
  });

  it('a pattern that cannot be parsed fails when feeds.yml is loaded, with its path', () => {
    const text = 'feeds:\n  news: { channel: { url: "https://example.com/news" }, auto_source: true }\nauth:\n  accounts:\n    - { username: ann, token: t, allowed_urls: ["https://example.com/**", "http://allowed.test*"] }\n';
    expect(() => loadFeedsFile(text, { env: {} })).toThrow(/auth\.accounts\[0\]\.allowed_urls\[1\].*inside its host/s);
  });
});
