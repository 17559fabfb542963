import { describe, expect, it } from 'vitest';
import { FeedError } from '../contracts/errors.js';
import { applyParameters } from './parameters.js';
import { parseFeedConfig } from './parse-feed-config.js';

const config = parseFeedConfig({
  channel: { url: 'https://example.com/%<section>s/search?q=%<query>s', title: 'Search: %<query>s' },
  headers: { 'X-Section': '%<section>s' },
  auto_source: true,
  parameters: {
    section: { default: 'news', pattern: '[a-z-]+' },
    query: { description: 'what to search for' },
  },
});

function parameterError(values: Record<string, string>): FeedError {
  try {
    applyParameters(config, values);
  } catch (error) {
    if (error instanceof FeedError) return error;
    throw error;
  }
  throw new Error('expected applyParameters to fail');
}

describe('applyParameters', () => {
  it('fills url (percent-encoded), headers and title, falling back to defaults', () => {
    const filled = applyParameters(config, { query: 'a&b c/d' });
    expect(filled.channel.url).toBe('https://example.com/news/search?q=a%26b%20c%2Fd');
    expect(filled.channel.title).toBe('Search: a&b c/d');
    expect(filled.headers).toEqual({ 'X-Section': 'news' });
    expect(config.channel.url).toContain('%<query>s');
  });

  it('prefers given values over defaults', () => {
    expect(applyParameters(config, { section: 'sport', query: 'x' }).channel.url).toBe('https://example.com/sport/search?q=x');
  });

  it.each([
    ['an undeclared name, listing the declared ones', { query: 'x', page: '2' }, 'parameters.page', "Unknown parameter 'page': declared parameters: 'section', 'query'."],
    ['a missing value without default', {}, 'parameters.query', "Parameter 'query' is required and has no default: pass query=<value> (query string ?query=... or --param query=...)."],
    ['a value failing its pattern', { query: 'x', section: 'Sport!' }, 'parameters.section', 'Parameter \'section\' value "Sport!" does not match its pattern [a-z-]+.'],
  ])('rejects %s with ParameterInvalid', (_label, values, path, message) => {
    const error = parameterError(values);
    expect(error.code).toBe('ParameterInvalid');
    expect(error.path).toBe(path);
    expect(error.message).toBe(message);
  });

  it('rejects a header value with a line break', () => {
    const withHeaderOnly = parseFeedConfig({ channel: { url: 'https://example.com' }, auto_source: true, headers: { 'X-Q': '%<q>s' }, parameters: { q: {} } });
    expect(() => applyParameters(withHeaderOnly, { q: 'a\r\nX-Evil: 1' })).toThrow(/contains a line break/);
  });

  it('says when a feed declares no parameters', () => {
    const plain = parseFeedConfig({ channel: { url: 'https://example.com' }, auto_source: true });
    expect(() => applyParameters(plain, { a: '1' })).toThrow("Unknown parameter 'a': this feed declares no parameters.");
    expect(applyParameters(plain, {})).toEqual(plain);
  });
});
