import { describe, expect, it } from 'vitest';
import { FeedError } from '../contracts/errors.js';
import { loadFeedsFile } from './feeds-file.js';

/**
 * Issue #18: configs that cannot crash the loader. Each case crashed, hung or misread the file
 * before; now each ends in ConfigurationInvalid naming the limit and how to raise it.
 */
const FEED = '{ channel: { url: "https://example.com/" }, auto_source: true }';

function failure(text: string, env: Record<string, string> = {}): FeedError {
  try {
    loadFeedsFile(text, { env });
  } catch (error) {
    if (error instanceof FeedError) return error;
    throw error;
  }
  throw new Error('expected the file to be refused');
}

describe('configuration limits', () => {
  it('100,000 nested [ → the nesting limit, not an out-of-memory abort', () => {
    const error = failure(`feeds: ${'['.repeat(100_000)}`);
    expect(error.code).toBe('ConfigurationInvalid');
    expect(error.message).toContain('nested more than 64 deep');
    expect(error.message).toContain('FEEDS_FILE_MAX_DEPTH');
  });

  it('flow nesting past the limit is refused by the lexer pass, or by the document walk when the brackets alone are within it', () => {
    // 65 brackets: the lexer pass runs and refuses the text before it is parsed.
    expect(failure(`feeds: ${'['.repeat(65)}${']'.repeat(65)}`).message).toMatch(/nested more than 64 deep; /);
    // 64 brackets cannot nest deeper than the limit, so the lexer pass is skipped; with the mapping
    // around them the document is one level deeper, which the walk after parsing refuses (as before).
    expect(failure(`feeds: ${'['.repeat(64)}${']'.repeat(64)}`).message).toMatch(/nested more than 64 deep \(at feeds/);
    expect(failure(`feeds: ${'['.repeat(62)}${']'.repeat(62)}`).message).not.toContain('nested more than');
    expect(failure(`feeds: ${'['.repeat(11)}${']'.repeat(11)}`, { FEEDS_FILE_MAX_DEPTH: '10' }).message).toContain('nested more than 10 deep');
  });

  it('more brackets than the limit in quoted text are not nesting', () => {
    const title = '[{'.repeat(100);
    const file = loadFeedsFile(`feeds:\n  news:\n    channel: { url: "https://example.com/", title: "${title}" }\n    auto_source: true\n`, { env: {} });
    expect(file.feeds['news']?.channel.title).toBe(title);
  });

  it('deep block nesting → the nesting limit', () => {
    const text = `feeds:\n${Array.from({ length: 100 }, (_unused, level) => `${'  '.repeat(level + 1)}k${level}:`).join('\n')} 1\n`;
    expect(failure(text).message).toMatch(/nested more than 64 deep \(at feeds\.k0\.k1/);
  });

  it('an alias inside its own anchor (a: &a [*a]) → a clear error, not a stack overflow', () => {
    const error = failure('a: &a [*a]\n');
    expect(error.message).toMatch(/The alias \*a at feeds\.yml:1:8 refers to a mapping or list that contains it/);
    expect(error.message).not.toMatch(/Maximum call stack|please report/);
  });

  it('20,000 aliases → the alias limit, refused before they are expanded', () => {
    const text = `x: &x 1\nl:\n${Array.from({ length: 20_000 }, () => '  - *x').join('\n')}\n`;
    const error = failure(text);
    expect(error.message).toContain('more than 1000 aliases');
    expect(error.hint).toContain('FEEDS_FILE_MAX_ALIASES=<number>');
  });

  it('aliases that expand exponentially ("billion laughs") → the expansion limit', () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let level = 1; level < 9; level += 1) levels.push(`${String.fromCharCode(97 + level)}: &${String.fromCharCode(97 + level)} [${Array(10).fill(`*${String.fromCharCode(96 + level)}`).join(', ')}]`);
    const error = failure(`${levels.join('\n')}\n`);
    expect(error.message).toMatch(/aliases expand to [\d,]+ values/);
    expect(error.message).toContain('FEEDS_FILE_MAX_NODES');
  });

  it('a 30 MB line → the size limit, at once', () => {
    const error = failure(`feeds:\n  a: { channel: { url: "https://example.com/", title: "${'x'.repeat(30_000_000)}" } }\n`);
    expect(error.message).toMatch(/the file is 30,000,\d{3} bytes; the limit is 8,388,608; raise it with FEEDS_FILE_MAX_BYTES=<number>/);
  });

  it('the size limit can be raised from the environment', () => {
    const text = `feeds:\n  a: ${FEED}\n`;
    expect(failure(text, { FEEDS_FILE_MAX_BYTES: '20' }).message).toContain('the limit is 20;');
    expect(Object.keys(loadFeedsFile(text, { env: { FEEDS_FILE_MAX_BYTES: '100000' } }).feeds)).toEqual(['a']);
  });

  it.each(['__proto__', 'constructor', 'prototype'])('a feed named %s is refused with its path, not dropped', (name) => {
    const error = failure(`feeds:\n  a: ${FEED}\n  ${name}: ${FEED}\n`);
    expect(error.message).toContain(`The key '${name}' at feeds.yml:3:3 is not allowed`);
    expect(error.path).toBe(`feeds.${name}`);
  });

  it('a forbidden key is refused anywhere, not only as a feed name', () => {
    const error = failure(`feeds:\n  a:\n    channel: { url: "https://example.com/" }\n    auto_source: true\n    headers: { constructor: x }\n`);
    expect(error.path).toBe('feeds.a.headers.constructor');
  });

  it('the feed count limit names its variable', () => {
    const text = `feeds:\n${Array.from({ length: 3 }, (_unused, index) => `  f${index}: ${FEED}`).join('\n')}\n`;
    const error = failure(text, { FEEDS_FILE_MAX_FEEDS: '2' });
    expect(error.message).toContain('it defines 3 feeds; the limit is 2; raise it with FEEDS_FILE_MAX_FEEDS=<number>');
  });

  it('a duplicate key is still refused with its position', () => {
    expect(failure(`feeds:\n  a: ${FEED}\n  a: ${FEED}\n`).message).toBe('Malformed YAML in feeds.yml:3:3: Map keys must be unique. Check the indentation and quoting around that line.');
  });

  it('merge keys and a few aliases still work', () => {
    const file = loadFeedsFile('feeds:\n  a: &base { channel: { url: "https://example.com/a" }, auto_source: true }\n  b:\n    <<: *base\n    channel: { url: "https://example.com/b" }\n', { env: {} });
    expect(file.feeds['b']?.auto_source).toMatchObject({ enabled: true });
    expect(file.feeds['b']?.channel.url).toBe('https://example.com/b');
  });

  it('50,000 feeds load (no quadratic step; the time is the bench job\'s business)', () => {
    const text = `feeds:\n${Array.from({ length: 50_000 }, (_unused, index) => `  f${index}:\n    channel: { url: "https://example.com/${index}" }\n    auto_source: true\n`).join('')}`;
    expect(Object.keys(loadFeedsFile(text, { env: {} }).feeds)).toHaveLength(50_000);
  }, 300_000);
});
