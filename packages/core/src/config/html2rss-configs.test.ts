import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FeedError } from '../contracts/errors.js';
import { loadFeedConfig } from './feeds-file.js';
import { HTML2RSS_CONFIGS_DIR } from '../../../../testing/paths.js';

/** The 56 community configs are read where they live; they are data, not part of this repository. */
const CONFIGS_DIRECTORY = HTML2RSS_CONFIGS_DIR;

function configFiles(directory: string): string[] {
  return readdirSync(directory)
    .sort()
    .flatMap((name) => {
      const path = join(directory, name);
      if (statSync(path).isDirectory()) return configFiles(path);
      return /\.ya?ml$/.test(name) ? [path] : [];
    });
}

describe('the html2rss community configs', () => {
  const files = configFiles(CONFIGS_DIRECTORY);
  const results = files.map((file) => {
    const text = readFileSync(file, 'utf8');
    const source = relative(CONFIGS_DIRECTORY, file);
    try {
      return { source, text, config: loadFeedConfig(text, { source, env: {} }), error: undefined };
    } catch (error) {
      return { source, text, config: undefined, error: error as FeedError };
    }
  });
  const browserless = results.filter((result) => /^strategy:\s*browserless\s*$/m.test(result.text));

  it('are 56 files, 12 of them naming strategy browserless', () => {
    expect(files).toHaveLength(56);
    expect(browserless).toHaveLength(12);
  });

  it('all validate except the browserless ones', () => {
    const unexpected = results.filter((result) => result.error && !browserless.includes(result));
    for (const failure of unexpected) console.error(`${failure.source}: ${failure.error?.code}: ${failure.error?.message}`);
    expect(unexpected.map((failure) => failure.source)).toEqual([]);
    expect(results.filter((result) => result.config)).toHaveLength(56 - 12);
  });

  it('reject strategy browserless with UnsupportedStrategy naming renderer', () => {
    for (const result of browserless) {
      expect(result.error, result.source).toBeInstanceOf(FeedError);
      expect(result.error?.code).toBe('UnsupportedStrategy');
      expect(result.error?.path).toBe('strategy');
      expect(result.error?.message).toContain("'renderer'");
      expect(result.error?.message).toContain("allowed values are 'plain', 'renderer'");
    }
  });

  it('keep what the configs say', () => {
    const find = (source: string) => results.find((result) => result.source === source)?.config;
    const imdb = find('imdb.com/ratings.yml');
    expect(imdb?.parameters).toEqual({ user_id: { default: 'ur7019649' } });
    expect(imdb?.selectors?.parts['title']?.post_process?.map((step) => step.name)).toEqual(['gsub', 'template']);
    expect(imdb?.selectors?.parts['title']?.post_process?.[0]?.options).toEqual({ pattern: '/^(\\d+.)\\s/', replacement: '' });
    expect(imdb?.selectors?.enclosure).toEqual({ selector: '.ipc-image', extractor: 'attribute', attribute: 'src' });
    const formula1 = find('formula1.com/latest.yml');
    expect(formula1?.selectors?.categories).toEqual(['category_a', 'category_b']);
    expect(formula1?.selectors?.parts['category_b']).toEqual({ selector: 'figcaption>span:last' });
    expect(formula1?.strategy).toBe('plain');
    expect(formula1?.channel).toEqual({ url: 'https://www.formula1.com/en/latest/all.html', time_zone: 'UTC', ttl: 120 });
  });
});
