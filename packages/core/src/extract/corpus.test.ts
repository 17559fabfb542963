import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { PartSelector, PostProcessorStep, SelectorsConfig } from '../contracts/config.js';
import type { JsonSourceDocument } from '../contracts/document.js';
import { parseHtmlSource } from '../dom/parse.js';
import { extractItems } from './extract-items.js';
import { CORPUS_DIR, HTML2RSS_CONFIGS_DIR, SHARED_AVAILABLE } from '../../../../testing/paths.js';

// Real pages from the shared corpus, read in place (never copied into the repository).
const CORPUS = CORPUS_DIR;
const CONFIGS = HTML2RSS_CONFIGS_DIR;
const available = SHARED_AVAILABLE;

interface Truth {
  url: string;
  expected_urls: string[];
  expected_titles: string[];
  expected_count: number;
}

function truth(name: string): Truth {
  return JSON.parse(readFileSync(`${CORPUS}/truth/${name}.json`, 'utf8')) as Truth;
}

function jsonSource(name: string): JsonSourceDocument {
  const text = readFileSync(`${CORPUS}/pages/${name}.json`, 'utf8');
  return { kind: 'json', url: truth(name).url, text, data: JSON.parse(text) as unknown };
}

/** The html2rss YAML shape → SelectorsConfig (what the config loader does, reduced to selectors). */
function fromHtml2rss(raw: Record<string, unknown>): SelectorsConfig {
  const { items, categories, guid, enclosure, ...parts } = raw as Record<string, Record<string, unknown>>;
  const toPart = (part: Record<string, unknown>): PartSelector => {
    const { post_process: steps, ...rest } = part;
    const post_process = ((steps as Record<string, unknown>[] | undefined) ?? []).map(({ name, ...options }): PostProcessorStep => ({ name: String(name), options }));
    return { ...rest, post_process } as PartSelector;
  };
  return {
    items: items as unknown as SelectorsConfig['items'],
    parts: Object.fromEntries(Object.entries(parts).map(([name, part]) => [name, toPart(part)])),
    ...(categories ? { categories: categories as unknown as string[] } : {}),
    ...(guid ? { guid: guid as unknown as string[] } : {}),
    ...(enclosure ? { enclosure: toPart(enclosure) } : {}),
  };
}

describe.skipIf(!available)('extraction on real corpus pages', () => {
  it('daringfireball home: two item shapes, 43 items in document order', () => {
    const expected = truth('rsparser__daringfireball_home');
    const page = parseHtmlSource(readFileSync(`${CORPUS}/pages/rsparser__daringfireball_home.html`, 'utf8'), expected.url);
    const { drafts, warnings } = extractItems(
      page,
      {
        items: { selector: 'div#Main > div.article, dl.linkedlist > dt' },
        parts: { title: { selector: 'a:first' }, url: { selector: 'a:first', extractor: 'href' } },
      },
      { baseUrl: page.url },
    );
    expect(warnings).toEqual([]);
    expect(drafts).toHaveLength(expected.expected_count);
    expect(drafts.map((draft) => draft.url)).toEqual(expected.expected_urls);
    expect(drafts[0]?.title).toBe('San Bernardino DA Says Seized iPhone May Hold ‘Dormant Cyber Pathogen’');
    expect(drafts.at(-1)).toEqual({ title: 'Why Apple Assembles in China', url: 'http://daringfireball.net/2016/01/why_apple_assembles_in_china' });
  });

  it('paulgraham articles: items are the links themselves (parts without a selector)', () => {
    const expected = truth('feedless__00-paulgraham-com-articles');
    const page = parseHtmlSource(readFileSync(`${CORPUS}/pages/feedless__00-paulgraham-com-articles.html`, 'utf8'), expected.url);
    const { drafts, warnings } = extractItems(
      page,
      {
        items: { selector: 'td[width="435"] font a:not([href="rss.html"])' },
        parts: { title: {}, url: { extractor: 'href' } },
      },
      { baseUrl: page.url },
    );
    expect(warnings).toEqual([]);
    // The page lists some essays twice; de-duplication is the item normaliser's job, not extraction's.
    const unique = [...new Set(drafts.map((draft) => draft.url))];
    expect(unique).toEqual(expected.expected_urls);
    expect(drafts[0]).toEqual({ title: 'Life is Short', url: 'https://paulgraham.com/vb.html' });
    expect(drafts.at(-1)?.url).toBe('https://paulgraham.com/prop62.html');
  });

  it('cinemascore JSON API queried with CSS selectors: one item per object of "new" and "recent"', () => {
    const expected = truth('html2rss__cinemascore_api');
    const { drafts, warnings } = extractItems(
      jsonSource('html2rss__cinemascore_api'),
      {
        items: { selector: 'new > array > object, recent > array > object' },
        parts: { title: { selector: 'title' }, published_at: { selector: 'survey_date' }, author: { selector: 'distributor' } },
      },
      { baseUrl: expected.url, timeZone: 'America/Los_Angeles' },
    );
    expect(warnings).toEqual([]);
    expect(drafts.map((draft) => draft.title)).toEqual(expected.expected_titles);
    expect(drafts[0]).toEqual({
      title: 'JUDAS AND THE BLACK MESSIAH',
      author: 'WARNER BROS',
      published_at: new Date('2021-02-12T08:00:00Z'),
    });
  });

  it('cinemascore with the unchanged html2rss community config (templates, categories, markdown)', () => {
    const expected = truth('html2rss__cinemascore_api');
    const config = parseYaml(readFileSync(`${CONFIGS}/cinemascore.com/index.yml`, 'utf8')) as { selectors: Record<string, unknown> };
    const { drafts, warnings } = extractItems(jsonSource('html2rss__cinemascore_api'), fromHtml2rss(config.selectors), {
      baseUrl: expected.url,
      timeZone: 'America/Los_Angeles',
    });
    expect(warnings).toEqual([]);
    expect(drafts).toHaveLength(expected.expected_count);
    drafts.forEach((draft, index) => expect(draft.title?.startsWith(`${expected.expected_titles[index]} (`)).toBe(true));
    expect(drafts[0]).toMatchObject({
      title: 'JUDAS AND THE BLACK MESSIAH (A) [Rated R] (2021)',
      url: 'https://www.metacritic.com/search/movie/JUDAS%20AND%20THE%20BLACK%20MESSIAH/results',
      categories: ['R', 'A', '2021'],
    });
    expect(drafts[0]?.description).toContain('<h1>JUDAS AND THE BLACK MESSIAH</h1>');
    expect(drafts[0]?.description).toContain('<p>Distributor: WARNER BROS</p>');
  });
});
