import { createAutoSource } from '@pagefeed/auto-source';
import { createEngine, isFeedError, parseFeedConfig, type FeedConfig } from '@pagefeed/core';
import { createStrategies } from '@pagefeed/fetchers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileHtml, hostilePage, hostileText, HOSTILE_URLS, nested } from '../support/arbitraries.js';
import { generateWithinBudget, renderAndInspect } from '../support/engine-outcome.js';
import { findMalformed, type DocumentToCheck } from '../support/well-formed.js';

/**
 * The engine over hostile pages (`options.source`, no network): it returns a feed or a FeedError
 * with a code, within a budget; every document it renders is well-formed; no item HTML can run code.
 */
const engine = createEngine({ strategies: createStrategies({}), autoSource: createAutoSource() });
const NUM_RUNS = Number(process.env['PAGEFEED_PROPERTY_RUNS'] ?? 150);

const SELECTORS = ['article', 'h2 a', 'a', 'div.body', '*', 'p:first', 'li:eq(2)', 'article:last', 'time', 'main > article', 'x-custom', '[href]', 'a[href^=java]'];

const selectorsConfig = fc.record({
  items: fc.constantFrom('article', 'main > article', 'div', 'li'),
  title: fc.constantFrom(...SELECTORS),
  descriptionExtractor: fc.constantFrom('html', 'text'),
  urlSelector: fc.constantFrom(...SELECTORS),
  withAuto: fc.boolean(),
  postProcess: fc.constantFrom<unknown>(undefined, [{ name: 'sanitize_html' }], [{ name: 'html_to_markdown' }, { name: 'markdown_to_html' }], [{ name: 'gsub', pattern: '(a+)+$', replacement: '\\1' }], [{ name: 'template', string: '%{self}<script>x</script>' }], [{ name: 'substring', start: -5, end: 1e9 }]),
  channelTitle: fc.option(hostileText, { nil: undefined }),
  // Mostly valid, sometimes hostile: invalid values are refused at parse time (checked below),
  // and the generation properties need configs that pass.
  language: fc.option(fc.constantFrom('en', 'de-DE', 'en', 'x\u0000', '\ud800', ']]>'), { nil: undefined, freq: 2 }),
  timeZone: fc.option(fc.constantFrom('UTC', 'Europe/Berlin', 'Asia/Kolkata', 'Not/AZone'), { nil: undefined, freq: 2 }),
});

type SelectorsChoice = typeof selectorsConfig extends fc.Arbitrary<infer T> ? T : never;

function toConfig(url: string, choice: SelectorsChoice): FeedConfig | undefined {
  const raw = {
    channel: { url, ...(choice.channelTitle === undefined ? {} : { title: choice.channelTitle }), ...(choice.language ? { language: choice.language } : {}), ...(choice.timeZone ? { time_zone: choice.timeZone } : {}) },
    selectors: {
      items: { selector: choice.items },
      title: { selector: choice.title },
      url: { selector: choice.urlSelector, extractor: 'href' },
      description: { selector: 'div.body', extractor: choice.descriptionExtractor, ...(choice.postProcess ? { post_process: choice.postProcess } : {}) },
      published_at: { selector: 'time', extractor: 'attribute', attribute: 'datetime', post_process: [{ name: 'parse_time' }] },
    },
    ...(choice.withAuto ? { auto_source: { enabled: true } } : {}),
  };
  try {
    return parseFeedConfig(raw);
  } catch (error) {
    // A hostile config value may be refused, but only as a FeedError.
    if (!isFeedError(error)) throw error;
    return undefined;
  }
}

describe('engine.generate over hostile HTML', () => {
  it('returns a feed or a FeedError, renders well-formed documents, and never emits executable HTML', async () => {
    const documents: DocumentToCheck[] = [];
    let feeds = 0;
    await fc.assert(
      fc.asyncProperty(hostilePage, selectorsConfig, fc.constantFrom(...HOSTILE_URLS, 'https://example.com/news/'), async (page, choice, baseCandidate) => {
        const base = /^https?:\/\/[a-z]/.test(baseCandidate) ? baseCandidate : 'https://example.com/news/';
        const config = toConfig(base, choice);
        if (!config) return;
        const outcome = await generateWithinBudget(engine, config, { url: base, status: 200, headers: { 'content-type': 'text/html' }, body: page, contentType: 'text/html' });
        if (outcome.kind === 'refused') return;
        feeds += 1;
        expect(renderAndInspect(engine, outcome.result, documents)).toEqual([]);
      }),
      { numRuns: NUM_RUNS },
    );
    expect(findMalformed(documents)).toEqual([]);
    // The property must have exercised the renderers, not only the refusals.
    expect(feeds).toBeGreaterThan(NUM_RUNS / 4);
  });

  it('auto-source alone over hostile pages: a feed or NoScrapersFound-style FeedError', async () => {
    const documents: DocumentToCheck[] = [];
    const config = parseFeedConfig({ channel: { url: 'https://example.com/' }, auto_source: { enabled: true } });
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostilePage, hostileHtml), async (page) => {
        const outcome = await generateWithinBudget(engine, config, { url: 'https://example.com/', status: 200, headers: {}, body: page, contentType: 'text/html' });
        if (outcome.kind === 'feed') expect(renderAndInspect(engine, outcome.result, documents)).toEqual([]);
      }),
      { numRuns: NUM_RUNS },
    );
    expect(findMalformed(documents)).toEqual([]);
  });

  // Found by this suite: at about 10,000 levels parseHtmlSource overflowed the stack (a RangeError
  // out of engine.generate, a 500 from the server). Core now refuses pages nested deeper than
  // MAX_NESTING_DEPTH with InputInvalid and finds <base> without recursion.
  it.each([4_000, 20_000])('survives %i levels of nesting around the items', async (depth) => {
    const config = parseFeedConfig({ channel: { url: 'https://example.com/' }, selectors: { items: { selector: 'article' }, title: { selector: 'h2' }, description: { selector: 'p', extractor: 'html' } } });
    const body = nested(depth, '<article><h2>Deep</h2><p>bottom <b>of</b> the page</p></article>', 'div');
    const outcome = await generateWithinBudget(engine, config, { url: 'https://example.com/', status: 200, headers: {}, body, contentType: 'text/html' });
    // Either answer is acceptable; a stack overflow (RangeError) is not.
    if (outcome.kind === 'feed') {
      const documents: DocumentToCheck[] = [];
      expect(renderAndInspect(engine, outcome.result, documents)).toEqual([]);
      expect(findMalformed(documents)).toEqual([]);
    }
  });
});
