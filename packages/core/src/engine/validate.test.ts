import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseFeedConfig } from '../config/index.js';
import type { FeedConfig } from '../contracts/config.js';
import { isFeedError } from '../contracts/errors.js';
import { feedConfig } from './test-support/helpers.js';
import { validateFeedConfig } from './validate.js';

const GOOD: FeedConfig = feedConfig({
  channel: { time_zone: 'Europe/Berlin' },
  selectors: {
    items: { selector: 'ul > li:first' },
    parts: {
      title: { selector: 'a' },
      url: { selector: 'a', extractor: 'href' },
      published_at: { selector: 'time', post_process: [{ name: 'parse_time', options: {} }] },
    },
  },
});

function errorOf(config: FeedConfig): { code: string; path: string | undefined; message: string } | undefined {
  try {
    validateFeedConfig(config, 'feeds.news');
    return undefined;
  } catch (error) {
    if (!isFeedError(error)) throw error;
    return { code: error.code, path: error.path, message: error.message };
  }
}

describe('validateFeedConfig', () => {
  it('accepts a good configuration, jQuery-style :first included', () => {
    expect(errorOf(GOOD)).toBeUndefined();
  });

  const bad: [string, FeedConfig, string, string][] = [
    ['an invalid items selector', { ...GOOD, selectors: { ...GOOD.selectors!, items: { selector: 'li:nope' } } }, 'ConfigurationInvalid', 'feeds.news.selectors.items.selector'],
    ['an invalid part selector', { ...GOOD, selectors: { ...GOOD.selectors!, parts: { title: { selector: 'a[' } } } }, 'ConfigurationInvalid', 'feeds.news.selectors.title.selector'],
    ['an unknown post-processor', { ...GOOD, selectors: { ...GOOD.selectors!, parts: { title: { selector: 'a', post_process: [{ name: 'shout', options: {} }] } } } }, 'ConfigurationInvalid', 'feeds.news.selectors.title.post_process[0].name'],
    ['a bad post-processor option', { ...GOOD, selectors: { ...GOOD.selectors!, parts: { title: { selector: 'a', post_process: [{ name: 'gsub', options: { pattern: 'x', colour: 'red' } }] } } } }, 'ConfigurationInvalid', 'feeds.news.selectors.title.post_process[0]'],
    ['an unknown time zone', feedConfig({ channel: { time_zone: 'Mars/Olympus' }, selectors: GOOD.selectors! }), 'ConfigurationInvalid', 'feeds.news.channel.time_zone'],
    ['html2rss strategy browserless', { ...GOOD, strategy: 'browserless' as 'plain' }, 'UnsupportedStrategy', 'feeds.news.strategy'],
  ];

  it.each(bad)('rejects %s with its path', (_name, config, code, path) => {
    const error = errorOf(config);
    expect(error?.code).toBe(code);
    expect(error?.path?.startsWith(path), `${error?.path} should start with ${path}`).toBe(true);
  });

  it('names renderer as the equivalent of browserless', () => {
    expect(() => validateFeedConfig({ ...GOOD, strategy: 'browserless' as 'plain' })).toThrow(/plain, renderer/);
  });
});

describe('validateFeedConfig on the shared html2rss community configs', () => {
  const root = new URL('../../../../../shared/html2rss-configs/', import.meta.url);
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.yml')).sort();

  it('finds the configs', () => {
    expect(files.length).toBe(56);
  });

  it.each(files)('%s is valid, or fails only for html2rss strategy names', (file) => {
    const input = parse(readFileSync(new URL(file, root), 'utf8')) as { strategy?: string };
    let code = 'ok';
    try {
      validateFeedConfig(parseFeedConfig(input, { path: file }));
    } catch (error) {
      if (!isFeedError(error)) throw error;
      code = `${error.code}: ${error.message}`;
    }
    if (input.strategy === 'browserless') expect(code).toMatch(/^UnsupportedStrategy: .*renderer/s);
    else expect(code).toBe('ok');
  });
});
