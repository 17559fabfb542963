import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FeedError } from '../contracts/errors.js';
import { parseFeedConfig } from './parse-feed-config.js';

const channel = { url: 'https://example.com/news' };
const FIX_CSS = 'fix the selector and test it in the browser console with document.querySelectorAll(...)';
const items = { selector: 'article' };

function failure(input: unknown, path?: string): FeedError {
  try {
    parseFeedConfig(input, path === undefined ? {} : { path });
  } catch (error) {
    if (error instanceof FeedError) return error;
    throw error;
  }
  throw new Error('expected parseFeedConfig to fail');
}

describe('parseFeedConfig accepts', () => {
  it('a minimal selectors config, filling defaults', () => {
    expect(parseFeedConfig({ channel, selectors: { items, title: { selector: 'h2' }, link: { selector: 'a', extractor: 'href' } } })).toEqual({
      channel,
      strategy: 'plain',
      headers: {},
      selectors: { items, parts: { title: { selector: 'h2' }, link: { selector: 'a', extractor: 'href' } } },
      stylesheets: [],
      request: {},
      parameters: {},
    });
  });

  it.each([
    ['true', true, { enabled: true }],
    ['{}', {}, { enabled: true }],
    ['empty (null)', null, { enabled: true }],
    ['{ enabled: false } with selectors', { enabled: false }, { enabled: false }],
    ['false with selectors', false, { enabled: false }],
  ])('auto_source %s', (_label, autoSource, expected) => {
    const withSelectors = autoSource === false || (typeof autoSource === 'object' && autoSource !== null && 'enabled' in autoSource);
    const config = parseFeedConfig({ channel, auto_source: autoSource, ...(withSelectors ? { selectors: { items } } : {}) });
    expect(config.auto_source).toEqual(expected);
  });

  it('post_process as one step or a list, keeping options', () => {
    const config = parseFeedConfig({
      channel,
      selectors: {
        items,
        published_at: { selector: 'time', extractor: 'attribute', attribute: 'datetime', post_process: { name: 'parse_time', time_zone: 'UTC' } },
        title: { selector: 'h2', post_process: [{ name: 'gsub', pattern: 'x', replacement: 'y' }, { name: 'template', string: '%{self}!' }] },
      },
    });
    expect(config.selectors?.parts['published_at']?.post_process).toEqual([{ name: 'parse_time', options: { time_zone: 'UTC' } }]);
    expect(config.selectors?.parts['title']?.post_process).toEqual([
      { name: 'gsub', options: { pattern: 'x', replacement: 'y' } },
      { name: 'template', options: { string: '%{self}!' } },
    ]);
  });

  it('every documented key', () => {
    const config = parseFeedConfig({
      channel: { ...channel, title: 'News', description: 'd', language: 'de-DE', ttl: 30, time_zone: 'Europe/Berlin', author: 'me', image: 'https://example.com/i.png', json: false },
      strategy: 'renderer',
      headers: { Authorization: 'Bearer %<token>s' },
      selectors: {
        items: { selector: 'li', order: 'reverse', pagination: { selector: 'a.next', max_pages: 3 }, enhance: false },
        title: { selector: 'a:first' },
        tag: { static: 'news', extractor: 'static' },
        categories: ['tag'],
        guid: ['title'],
        enclosure: { selector: 'img', extractor: 'attribute', attribute: 'src', content_type: 'image/jpeg' },
      },
      stylesheets: [{ href: '/rss.xsl', type: 'text/xsl' }, { href: '/rss.css', type: 'text/css', media: 'screen' }],
      request: { max_redirects: 2, timeout_seconds: 7.5, max_bytes: 1000, wait_for_selector: '#list', scroll: 3, click: ['button.more'] },
      parameters: { token: { type: 'string', default: 'abc', pattern: '[a-z]+', description: 'API token' } },
      enhance: false,
    });
    expect(config.channel).toEqual({ ...channel, title: 'News', description: 'd', language: 'de-DE', ttl: 30, time_zone: 'Europe/Berlin', author: 'me', image: 'https://example.com/i.png' });
    expect(config.selectors?.items).toEqual({ selector: 'li', order: 'reverse', pagination: { selector: 'a.next', max_pages: 3 } });
    expect(config.selectors?.enclosure).toEqual({ selector: 'img', extractor: 'attribute', attribute: 'src', content_type: 'image/jpeg' });
    expect(config.stylesheets).toEqual([{ href: '/rss.xsl', type: 'text/xsl' }, { href: '/rss.css', type: 'text/css', media: 'screen' }]);
    expect(config.request).toEqual({ max_redirects: 2, timeout_seconds: 7.5, max_bytes: 1000, wait_for_selector: '#list', scroll: 3, click: ['button.more'] });
    expect(config.parameters).toEqual({ token: { default: 'abc', pattern: '[a-z]+', description: 'API token' } });
  });

  it('empty values (YAML null) as absent', () => {
    expect(parseFeedConfig({ channel: { ...channel, title: null }, selectors: { items }, headers: null }).channel).toEqual(channel);
  });
});

describe('parseFeedConfig rejects', () => {
  it('a config without selectors and auto_source, with the exact reference message', () => {
    const error = failure({ channel });
    expect(error.code).toBe('ConfigurationInvalid');
    expect(error.message).toBe("Configuration must include at least 'selectors' or 'auto_source'");
    expect(failure({ channel }, 'feeds.news').path).toBe('feeds.news');
  });

  it.each([
    ['unknown key, with suggestion', { channel: { ...channel, titel: 'x' }, auto_source: true }, 'channel.titel', "channel.titel: unknown key 'titel'. Did you mean 'title'? Allowed keys here: 'url', 'title', 'description', 'language', 'ttl', 'time_zone', 'author', 'image', 'json'."],
    ['unknown top-level key', { channel, auto_source: true, selector: {} }, 'selector', "selector: unknown key 'selector'. Did you mean 'selectors'? Allowed keys here: 'channel', 'strategy', 'headers', 'selectors', 'auto_source', 'stylesheets', 'request', 'parameters', 'enhance', 'full_text', 'filters', 'limit', 'max_age'."],
    ['unknown key in a part', { channel, selectors: { items, title: { selektor: 'h2' } } }, 'selectors.title.selektor', "selectors.title.selektor: unknown key 'selektor'. Did you mean 'selector'? Allowed keys here: 'selector', 'extractor', 'attribute', 'static', 'post_process'."],
    ['wrong type, expected vs received', { channel: { ...channel, ttl: '60' }, auto_source: true }, 'channel.ttl', 'channel.ttl: expected a whole number of minutes (at least 1), received the text "60"'],
    ['a list where a mapping belongs', { channel, auto_source: true, request: ['x'] }, 'request', 'request: expected a mapping (key: value), received a list'],
    ['a part given as a string', { channel, selectors: { items, title: 'h2' } }, 'selectors.title', 'selectors.title: expected a part (a mapping with selector, extractor, attribute, static, post_process), received the text "h2"'],
    ['missing items.selector', { channel, selectors: { items: {} } }, 'selectors.items.selector', "selectors.items.selector: missing required key 'selector'"],
    ['missing channel.url', { channel: {}, auto_source: true }, 'channel.url', "channel.url: missing required key 'url'"],
    ['invalid CSS', { channel, selectors: { items, title: { selector: 'h2[' } } }, 'selectors.title.selector', `selectors.title.selector: invalid CSS selector "h2[" (Expected name, found ); ${FIX_CSS}`],
    ['an unknown pseudo-class', { channel, selectors: { items: { selector: 'li:bogus' } } }, 'selectors.items.selector', `selectors.items.selector: invalid CSS selector "li:bogus" (Unknown pseudo-class :bogus); ${FIX_CSS}`],
    ['an empty selector', { channel, selectors: { items: { selector: ' ' } } }, 'selectors.items.selector', `selectors.items.selector: must not be empty: give a CSS selector such as "article" or ".post a"`],
    ['a stylesheet type', { channel, auto_source: true, stylesheets: [{ href: '/a.css', type: 'text/html' }] }, 'stylesheets[0].type', `stylesheets[0].type: stylesheet.type invalid: expected 'text/css' or 'text/xsl', received the text "text/html"`],
    ['an unknown extractor', { channel, selectors: { items, title: { extractor: 'txt' } } }, 'selectors.title.extractor', "selectors.title.extractor: unknown extractor \"txt\"; use one of 'text', 'html', 'href', 'attribute', 'static'. Did you mean 'text'?"],
    ['an unknown post-processor', { channel, selectors: { items, title: { post_process: [{ name: 'parse_tme' }] } } }, 'selectors.title.post_process[0].name', `selectors.title.post_process[0].name: unknown post-processor "parse_tme"; use one of 'parse_time', 'parse_uri', 'template', 'gsub', 'substring', 'sanitize_html', 'html_to_markdown', 'markdown_to_html'. Did you mean 'parse_time'?`],
    ['a post-processor step without name', { channel, selectors: { items, title: { post_process: { pattern: 'x' } } } }, 'selectors.title.post_process.name', "selectors.title.post_process.name: missing required key 'name'"],
    ['extractor attribute without attribute', { channel, selectors: { items, date: { selector: 'time', extractor: 'attribute' } } }, 'selectors.date.attribute', "selectors.date.attribute: missing: extractor 'attribute' needs the attribute name, e.g. attribute: datetime"],
    ['a category naming no part', { channel, selectors: { items, tag: { selector: '.tag' }, categories: ['tags'] } }, 'selectors.categories[0]', "selectors.categories[0]: 'tags' is not a part defined under selectors. Did you mean 'tag'? Define it (e.g. tags: { selector: ... }) or use one of 'tag'."],
    ['an undeclared placeholder', { channel: { url: 'https://example.com/%<section>s' }, auto_source: true }, 'channel.url', "channel.url: uses %<section>s but 'section' is not declared; add parameters: { section: { default: \"...\" } }."],
    ['a relative channel.url', { channel: { url: '/news' }, auto_source: true }, 'channel.url', `channel.url: "/news" is not an absolute http(s) URL; write it in full, e.g. https://example.com/news`],
    ['an unknown time zone', { channel: { ...channel, time_zone: 'Mars/Olympus' }, auto_source: true }, 'channel.time_zone', `channel.time_zone: unknown time zone "Mars/Olympus"; use an IANA name such as UTC, Europe/Berlin or America/New_York`],
    ['a bad parameter pattern', { channel, auto_source: true, parameters: { q: { pattern: '[' } } }, 'parameters.q.pattern', "parameters.q.pattern: invalid regular expression (Invalid regular expression: /^(?:[)$/u: Unterminated character class); write a JavaScript regular expression such as [a-z0-9-]+"],
    ['a default not matching its pattern', { channel, auto_source: true, parameters: { q: { pattern: '[a-z]+', default: 'A1' } } }, 'parameters.q.default', `parameters.q.default: default "A1" does not match pattern [a-z]+; change one of them`],
    ['a header value that is a number', { channel, auto_source: true, headers: { 'X-Count': 5 } }, 'headers.X-Count', `headers.X-Count: expected a string (quote numbers, e.g. "5"), received a number (5)`],
    ['a non-mapping config', ['channel'], '', 'expected a feed configuration (a mapping with channel and selectors or auto_source), received a list'],
  ])('%s', (_label, input, path, message) => {
    const error = failure(input);
    expect(error.code).toBe('ConfigurationInvalid');
    expect(error.path).toBe(path);
    expect(error.message).toBe(message);
  });

  it.each([
    ['browserless', "unsupported strategy \"browserless\"; allowed values are 'plain', 'renderer'. html2rss's 'browserless' corresponds to 'renderer' here: write strategy: renderer."],
    ['faraday', "unsupported strategy \"faraday\"; allowed values are 'plain', 'renderer'. html2rss's 'faraday' corresponds to 'plain' here: write strategy: plain."],
    ['rendrer', "unsupported strategy \"rendrer\"; allowed values are 'plain', 'renderer'. Did you mean 'renderer'?"],
    ['chrome', "unsupported strategy \"chrome\"; allowed values are 'plain', 'renderer'."],
  ])('strategy %s with UnsupportedStrategy', (strategy, message) => {
    const error = failure({ channel, auto_source: true, strategy }, 'feeds.news');
    expect(error.code).toBe('UnsupportedStrategy');
    expect(error.path).toBe('feeds.news.strategy');
    expect(error.message).toBe(`feeds.news.strategy: ${message}`);
  });

  it('with every problem at once, each on its own line with its path', () => {
    const error = failure(
      { channel: { url: 'https://example.com', ttl: 0 }, selectors: { items: { selector: 'a[' }, title: { extractor: 'link' } }, stylesheets: [{ href: 'x', type: 'css' }] },
      'feeds.news',
    );
    expect(error.message.split('\n')).toEqual([
      'Configuration has 4 problems:',
      '- feeds.news.channel.ttl: expected a whole number of minutes (at least 1), received a number (0)',
      expect.stringMatching(/^- feeds\.news\.selectors\.items\.selector: invalid CSS selector "a\[" /),
      "- feeds.news.selectors.title.extractor: unknown extractor \"link\"; use one of 'text', 'html', 'href', 'attribute', 'static'.",
      "- feeds.news.stylesheets[0].type: stylesheet.type invalid: expected 'text/css' or 'text/xsl', received the text \"css\"",
    ]);
    expect((error.details?.['problems'] as { path: string }[]).map((entry) => entry.path)).toEqual([
      'feeds.news.channel.ttl',
      'feeds.news.selectors.items.selector',
      'feeds.news.selectors.title.extractor',
      'feeds.news.stylesheets[0].type',
    ]);
  });
});

describe('parseFeedConfig on arbitrary input', () => {
  it('suggests a misspelled required key', () => {
    const error = failure({ channel, selectors: { item: { selector: 'li' } } });
    expect(error.path).toBe('selectors.items');
    expect(error.message).toBe("selectors.items: missing required key 'items' (found 'item': a misspelling of 'items'?)");
  });

  it('either returns a config or throws a FeedError whose problems all have a path and a message', () => {
    fc.assert(
      fc.property(fc.anything(), fc.dictionary(fc.constantFrom('channel', 'selectors', 'auto_source', 'strategy', 'headers', 'request', 'stylesheets'), fc.anything()), (noise, shaped) => {
        for (const input of [noise, shaped, { channel, ...shaped }]) {
          try {
            parseFeedConfig(input);
          } catch (error) {
            expect(error).toBeInstanceOf(FeedError);
            const problems = (error as FeedError).details?.['problems'] as { path: unknown; message: string }[];
            expect(problems.length).toBeGreaterThan(0);
            for (const entry of problems) {
              expect(typeof entry.path).toBe('string');
              expect(entry.message.length).toBeGreaterThan(5);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('misspelled part names', () => {
  it('rejects an unused part named like an item part', () => {
    const error = failure({ channel, selectors: { items, titel: { selector: 'h2' } } });
    expect(error.path).toBe('selectors.titel');
    expect(error.message).toBe(
      "selectors.titel: part 'titel' is not an item part and nothing refers to it. Did you mean 'title'? Rename it, or use it in a template (%{titel}), categories or guid.",
    );
  });

  it('accepts helper parts used by a template, categories or guid, and unrelated names', () => {
    const config = parseFeedConfig({
      channel,
      selectors: {
        items,
        title: { selector: 'h2', post_process: { name: 'template', string: '%{self} (%{titles})' } },
        titles: { selector: 'h3' },
        urls: { selector: 'a' },
        guid: ['urls'],
        prefixed_title: { selector: 'h2' },
      },
    });
    expect(Object.keys(config.selectors?.parts ?? {})).toEqual(['title', 'titles', 'urls', 'prefixed_title']);
  });
});
