import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FeedError } from '../contracts/errors.js';
import { loadFeedConfig, loadFeedsFile, loadFeedsFileFromPath } from './feeds-file.js';

function loadError(text: string, env: Record<string, string> = {}): FeedError {
  try {
    loadFeedsFile(text, { source: 'feeds.yml', env });
  } catch (error) {
    if (error instanceof FeedError) return error;
    throw error;
  }
  throw new Error('expected loadFeedsFile to fail');
}

const NEWS = `
feeds:
  news:
    channel:
      url: https://example.com/news
    selectors:
      items: { selector: article }
      title: { selector: h2 }
`;

describe('loadFeedsFile', () => {
  it('loads feeds and accounts', () => {
    const file = loadFeedsFile(`${NEWS}\nauth:\n  accounts:\n    - { username: ann, token: t0k3n, allowed_urls: ["https://example.com/*"] }\n`, { env: {} });
    expect(Object.keys(file.feeds)).toEqual(['news']);
    expect(file.feeds['news']?.selectors?.parts).toEqual({ title: { selector: 'h2' } });
    expect(file.accounts).toEqual([{ username: 'ann', token: 't0k3n', allowed_urls: ['https://example.com/*'] }]);
    expect(file.source).toBe('feeds.yml');
  });

  it('treats an empty file as no feeds', () => {
    expect(loadFeedsFile('', { env: {} })).toEqual({ feeds: {}, accounts: [], source: 'feeds.yml' });
  });

  it('merges top-level defaults into every feed: maps deep, lists concatenated, own scalars win', () => {
    const file = loadFeedsFile(
      `
channel: { ttl: 120, time_zone: Europe/Berlin, language: de }
headers: { User-Agent: pagefeed, Accept-Language: de }
stylesheets: [{ href: /base.css, type: text/css }]
strategy: renderer
feeds:
  news:
    channel: { url: https://example.com/news, ttl: 30 }
    headers: { Accept-Language: en }
    stylesheets: [{ href: /news.xsl, type: text/xsl }]
    strategy: plain
    auto_source: true
  blog:
    channel: { url: https://example.com/blog }
    auto_source: true
`,
      { env: {} },
    );
    expect(file.feeds['news']).toMatchObject({
      channel: { url: 'https://example.com/news', ttl: 30, time_zone: 'Europe/Berlin', language: 'de' },
      headers: { 'User-Agent': 'pagefeed', 'Accept-Language': 'en' },
      stylesheets: [{ href: '/base.css', type: 'text/css' }, { href: '/news.xsl', type: 'text/xsl' }],
      strategy: 'plain',
    });
    expect(file.feeds['blog']).toMatchObject({ channel: { url: 'https://example.com/blog', ttl: 120 }, strategy: 'renderer' });
  });

  it('replaces ${ENV} references in string values, with fallbacks and escapes', () => {
    const file = loadFeedsFile(
      `
headers: { Authorization: "Bearer \${API_TOKEN}", X-Region: "\${REGION:-eu}", X-Literal: "$\${NOT_ME}" }
feeds:
  news: { channel: { url: "https://\${HOST}/news" }, auto_source: true }
auth:
  accounts: [{ username: ann, token: "\${ANN_TOKEN}", allowed_urls: ["*"] }]
`,
      { env: { API_TOKEN: 'secret', HOST: 'example.org', ANN_TOKEN: 'ann-token' } },
    );
    expect(file.feeds['news']?.channel.url).toBe('https://example.org/news');
    expect(file.feeds['news']?.headers).toEqual({ Authorization: 'Bearer secret', 'X-Region': 'eu', 'X-Literal': '${NOT_ME}' });
    expect(file.accounts[0]?.token).toBe('ann-token');
  });

  it.each([
    ['malformed YAML, with file, line and column', 'feeds:\n  news:\n    channel: [unclosed\n', '', 'Malformed YAML in feeds.yml:4:1: Flow sequence in block collection must be sufficiently indented and end with a ]. Check the indentation and quoting around that line.'],
    ['a tab-indented line', 'feeds:\n\tnews: {}\n', '', 'Malformed YAML in feeds.yml:2:1: Tabs are not allowed as indentation. Check the indentation and quoting around that line.'],
    ['a duplicate key', 'feeds:\n  news: {}\n  news: {}\n', '', 'Malformed YAML in feeds.yml:3:3: Map keys must be unique. Check the indentation and quoting around that line.'],
    ['a missing environment variable', `${NEWS}    headers: { Authorization: "Bearer \${API_TOKEN}" }\n`, 'feeds.news.headers.Authorization',
      /^feeds\.news\.headers\.Authorization: environment variable API_TOKEN is not set \(referenced as \$\{API_TOKEN\}\); set it, or give a fallback with \$\{API_TOKEN:-value\} \(feeds\.yml\)$/],
    ['an invalid feed name', 'feeds:\n  "my feed": { channel: { url: "https://example.com" }, auto_source: true }\n', 'feeds.my feed', /feed name 'my feed' is invalid; use only letters, digits, - and _/],
    ['an unknown top-level key', `${NEWS}feed: {}\n`, 'feed', /^feed: unknown top-level key 'feed'\. Did you mean 'feeds'\?/],
    ['a feed without selectors or auto_source', 'feeds:\n  news: { channel: { url: "https://example.com" } }\n', 'feeds.news', /^Configuration must include at least 'selectors' or 'auto_source'$/],
    ['a bad key inside a feed', `${NEWS}      summary: { selector: p, extractor: text, atribute: x }\n`, 'feeds.news.selectors.summary.atribute', /Did you mean 'attribute'\?/],
    ['an account without allowed_urls', `${NEWS}auth:\n  accounts: [{ username: ann, token: x }]\n`, 'auth.accounts[0].allowed_urls', /missing required key 'allowed_urls'/],
    ['a duplicate account', `${NEWS}auth:\n  accounts: [{ username: ann, token: a, allowed_urls: [] }, { username: ann, token: b, allowed_urls: [] }]\n`, 'auth.accounts[1].username', /duplicate username 'ann'/],
    ['feeds given as a list', 'feeds:\n  - news\n', 'feeds', /^feeds: expected a mapping of feed names to feed configurations, received a list/],
  ])('rejects %s', (_label, text, path, message) => {
    const error = loadError(text);
    expect(error.code).toBe('ConfigurationInvalid');
    if (path) expect(error.path).toBe(path);
    if (typeof message === 'string') expect(error.message).toBe(message);
    else expect(error.message).toMatch(message);
  });

  it('reports the problems of all feeds together', () => {
    const error = loadError(`
feeds:
  one: { channel: { url: "https://example.com" }, auto_source: true, strategy: browserless }
  two: { channel: { url: "https://example.com", ttl: -1 }, auto_source: true }
`);
    expect(error.code).toBe('UnsupportedStrategy');
    expect(error.message.split('\n')).toEqual([
      'Configuration in feeds.yml has 2 problems:',
      expect.stringMatching(/^- feeds\.one\.strategy: unsupported strategy "browserless"; allowed values are 'plain', 'renderer'\. html2rss's 'browserless' corresponds to 'renderer'/),
      '- feeds.two.channel.ttl: expected a whole number of minutes (at least 1), received a number (-1)',
    ]);
  });
});

describe('loading from disk', () => {
  const directory = mkdtempSync(join(tmpdir(), 'pagefeed-config-'));

  it('reads a feeds file with the given environment', async () => {
    const path = join(directory, 'feeds.yml');
    writeFileSync(path, 'feeds:\n  news: { channel: { url: "https://${HOST}" }, auto_source: {} }\n');
    const file = await loadFeedsFileFromPath(path, { HOST: 'example.net' });
    expect(file.feeds['news']?.channel.url).toBe('https://example.net');
    expect(file.source).toBe(path);
  });

  it('says which file is missing and how to create one', async () => {
    const path = join(directory, 'nothing-here.yml');
    const error = (await loadFeedsFileFromPath(path, {}).catch((caught: unknown) => caught)) as FeedError;
    expect(error).toBeInstanceOf(FeedError);
    expect(error.message).toBe(`Configuration file ${path} does not exist.`);
    expect(error.hint).toContain('point FEEDS_FILE at an existing file');
  });

  it('loads a single html2rss config with environment references', () => {
    const config = loadFeedConfig('channel: { url: "https://${HOST}/x" }\nauto_source: true\n', { source: 'x.yml', env: { HOST: 'example.com' } });
    expect(config.channel.url).toBe('https://example.com/x');
  });
});
