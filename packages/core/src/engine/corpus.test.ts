import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { checkFeed } from '../../../../testing/check-feed.js';
import { requireFeedparser } from '../../../../testing/system.js';
import { parseFeedConfig } from '../config/index.js';
import type { SelectorsConfig } from '../contracts/config.js';
import type { FeedFormat } from '../contracts/item.js';
import { createEngine } from './create-engine.js';
import { fakeStrategy, feedConfig, htmlResult } from './test-support/helpers.js';

/** Real pages from the shared corpus, read in place (never copied), with selector configs written for them. */
const CORPUS = new URL('../../../../../shared/corpus/', import.meta.url);
const feedparser = requireFeedparser();

interface Truth {
  readonly url: string;
  readonly expected_count: number;
  readonly expected_urls: readonly string[];
  readonly expected_titles?: readonly string[];
}

function corpusPage(name: string, extension = 'html'): { html: string; truth: Truth } {
  return {
    html: readFileSync(new URL(`pages/${name}.${extension}`, CORPUS), 'utf8'),
    truth: JSON.parse(readFileSync(new URL(`truth/${name}.json`, CORPUS), 'utf8')) as Truth,
  };
}

const CASES: { name: string; selectors: SelectorsConfig; firstTitle: string; lastTitle: string; dated: boolean }[] = [
  {
    // 196 essay links, some essays listed twice: de-duplication must leave the truth's 193.
    name: 'feedless__00-paulgraham-com-articles',
    selectors: { items: { selector: 'td[width="435"] font a' }, parts: { title: { extractor: 'text' }, url: { extractor: 'href' } } },
    firstTitle: 'Life is Short',
    lastTitle: 'This Year We Can End the Death Penalty in California',
    dated: false,
  },
  {
    name: 'html2rss__nuxt_releases_2019',
    selectors: {
      items: { selector: 'div.release-entry' },
      parts: {
        title: { selector: '.release-header .text-normal a, .release-title a' },
        url: { selector: '.release-header .text-normal a, .release-title a', extractor: 'href' },
        published_at: { selector: 'relative-time', extractor: 'attribute', attribute: 'datetime' },
        description: { selector: '.markdown-body', extractor: 'html' },
      },
    },
    firstTitle: 'v2.10.2',
    lastTitle: 'v2.7.0',
    dated: true,
  },
  {
    // Headings only, no links: GUIDs come from the content hash.
    name: 'greybird__carbone_changelog',
    selectors: { items: { selector: 'h2' }, parts: { title: { extractor: 'text' } } },
    firstTitle: 'v5.3.0',
    lastTitle: 'v3.7.2',
    dated: false,
  },
];

const FORMATS: FeedFormat[] = ['rss', 'atom', 'json'];

describe('engine end to end on corpus pages', () => {
  const engine = createEngine({ strategies: { plain: fakeStrategy('plain', () => htmlResult('')) } });

  it.each(CASES)('$name: items match the truth and all formats pass checkFeed', async ({ name, selectors, firstTitle, lastTitle, dated }) => {
    const { html, truth } = corpusPage(name);
    const config = feedConfig({ channel: { url: truth.url }, selectors });
    const result = await engine.generate(config, { source: htmlResult(html, truth.url) });
    const items = result.feed.items;
    expect(items).toHaveLength(truth.expected_count);
    expect(new Set(items.map((item) => item.guid)).size).toBe(items.length);
    if (truth.expected_urls.length > 0) {
      expect(items.map((item) => item.url)).toEqual(truth.expected_urls);
    } else {
      expect(items.map((item) => item.title)).toEqual(truth.expected_titles);
    }
    expect(items[0]?.title).toBe(firstTitle);
    expect(items.at(-1)?.title).toBe(lastTitle);
    expect(items.every((item) => (item.published_at !== undefined) === dated)).toBe(true);

    for (const format of FORMATS) {
      const document = engine.render(result.feed, format);
      expect(engine.render(result.feed, format)).toBe(document);
      if (!feedparser.available) continue;
      const check = checkFeed(document);
      expect(check.ok, `${format}: ${check.output}`).toBe(true);
      expect(check.output).toContain(`${truth.expected_count} items`);
    }
  });
});

describe('engine end to end on a JSON API with its html2rss community config', () => {
  it('html2rss__cinemascore_api: templated titles, URLs, categories and Markdown descriptions', async () => {
    const { html: body, truth } = corpusPage('html2rss__cinemascore_api', 'json');
    const configFile = new URL('../../../../../shared/html2rss-configs/cinemascore.com/index.yml', import.meta.url);
    const declared = parseFeedConfig(parse(readFileSync(configFile, 'utf8')), { path: 'cinemascore.com/index.yml' });
    const config = { ...declared, channel: { ...declared.channel, url: truth.url } };
    const engine = createEngine({ strategies: { plain: fakeStrategy('plain', () => htmlResult('')) } });
    const result = await engine.generate(config, { source: htmlResult(body, truth.url, 'application/json') });
    const items = result.feed.items;
    expect(items).toHaveLength(truth.expected_count);
    items.forEach((item, index) => expect(item.title?.startsWith(`${truth.expected_titles?.[index]} (`)).toBe(true));
    expect(items[0]?.title).toBe('JUDAS AND THE BLACK MESSIAH (A) [Rated R] (2021)');
    expect(items[0]?.url).toBe('https://www.metacritic.com/search/movie/JUDAS%20AND%20THE%20BLACK%20MESSIAH/results');
    expect(items[0]?.categories).toEqual(['R', 'A', '2021']);
    expect(items[0]?.description).toContain('<h1>JUDAS AND THE BLACK MESSIAH</h1>');
    expect(result.feed.channel.title).toBe('api.cinemascore.com');
    for (const format of FORMATS) {
      if (!feedparser.available) continue;
      const check = checkFeed(engine.render(result.feed, format));
      expect(check.ok, `${format}: ${check.output}`).toBe(true);
    }
  });
});
