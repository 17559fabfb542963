import { isFeedError } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { parsePublicUrl } from './public-url.js';

function refusal(value: string) {
  try {
    parsePublicUrl(value);
  } catch (error) {
    if (!isFeedError(error)) throw error;
    return { code: error.code, message: error.message, hint: error.hint, path: error.path };
  }
  throw new Error(`'${value}' was accepted`);
}

describe('parsePublicUrl', () => {
  it('is undefined when unset or blank: links then follow each request', () => {
    expect(parsePublicUrl(undefined)).toBeUndefined();
    expect(parsePublicUrl('')).toBeUndefined();
    expect(parsePublicUrl('  ')).toBeUndefined();
  });

  it.each([
    ['https://feeds.example.com', 'https://feeds.example.com'],
    ['https://feeds.example.com/', 'https://feeds.example.com'],
    [' http://localhost:4000/ ', 'http://localhost:4000'],
    ['https://feeds.example.com:8443', 'https://feeds.example.com:8443'],
    ['HTTPS://Feeds.Example.COM:8443/', 'https://feeds.example.com:8443'],
    // The scheme's default port is the origin without one.
    ['https://feeds.example.com:443/', 'https://feeds.example.com'],
    ['http://[::1]:4000/', 'http://[::1]:4000'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
  ])('reads %j as the origin %j (a trailing slash dropped)', (value, origin) => {
    expect(parsePublicUrl(value)).toBe(origin);
  });

  it.each([
    ['https://feeds.example.com/pagefeed', "PUBLIC_URL must be an origin (scheme, host and optional port) without a path, not 'https://feeds.example.com/pagefeed': serving under a path prefix is not supported", 'write PUBLIC_URL=https://feeds.example.com and serve pagefeed at the root of that host'],
    ['https://feeds.example.com/api/v1/', "without a path, not 'https://feeds.example.com/api/v1/'", 'write PUBLIC_URL=https://feeds.example.com and serve'],
    ['https://feeds.example.com/?via=proxy', "PUBLIC_URL must be an origin without a query string, not 'https://feeds.example.com/?via=proxy'", 'write PUBLIC_URL=https://feeds.example.com'],
    ['https://feeds.example.com?', "without a query string, not 'https://feeds.example.com?'", 'write PUBLIC_URL=https://feeds.example.com'],
    ['https://feeds.example.com/#top', "PUBLIC_URL must be an origin without a fragment, not 'https://feeds.example.com/#top'", 'write PUBLIC_URL=https://feeds.example.com'],
    ['ftp://feeds.example.com', "PUBLIC_URL must start with http:// or https://, not 'ftp://feeds.example.com'", 'PUBLIC_URL=https://feeds.example.com'],
    ['localhost:4000', "PUBLIC_URL must start with http:// or https://, not 'localhost:4000'", 'PUBLIC_URL=http://localhost:4000'],
    ['feeds.example.com', "PUBLIC_URL must be an absolute http or https URL such as https://feeds.example.com, not 'feeds.example.com'", 'write only the scheme, host and optional port'],
    ['not a url', "PUBLIC_URL must be an absolute http or https URL such as https://feeds.example.com, not 'not a url'", "leave it unset to build links from each request's Host header"],
    ['https://', "not 'https://'", 'write only the scheme, host and optional port'],
    ['http://feeds.example.com:99999', "not 'http://feeds.example.com:99999'", 'write only the scheme, host and optional port'],
  ])('refuses %j, naming the variable and the value, and says how to fix it', (value, message, hint) => {
    const error = refusal(value);
    expect(error).toMatchObject({ code: 'ConfigurationInvalid', path: 'PUBLIC_URL' });
    expect(error.message).toContain(message);
    expect(error.hint).toContain(hint);
  });

  it('refuses credentials without repeating them in the message', () => {
    for (const value of ['https://admin:s3cret@feeds.example.com', 'https://admin@feeds.example.com/', 'https://ad min:s3 cret@feeds.example.com', 'https://@feeds.example.com']) {
      const error = refusal(value);
      expect(error).toMatchObject({ code: 'ConfigurationInvalid', path: 'PUBLIC_URL', hint: 'write PUBLIC_URL=https://feeds.example.com' });
      expect(error.message).toMatch(/^PUBLIC_URL must not contain a user name or password, not 'https:\/\/\*\*\*@feeds\.example\.com\/?'$/);
      expect(error.message).not.toMatch(/admin|s3/);
    }
  });
});
