import { createAutoSource } from '@pagefeed/auto-source';
import { createEngine, FEED_ERROR_CODES, isFeedError, parseFeedConfig } from '@pagefeed/core';
import { createStrategies } from '@pagefeed/fetchers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOSTILE_URLS, hostileHtml, hostileText } from '../support/arbitraries.js';
import { generateWithinBudget, renderAndInspect } from '../support/engine-outcome.js';
import { findMalformed, type DocumentToCheck } from '../support/well-formed.js';

/** Hostile configuration values, JSON sources and URLs through parseFeedConfig and the engine. */
const engine = createEngine({ strategies: createStrategies({}), autoSource: createAutoSource() });
const NUM_RUNS = Number(process.env['PAGEFEED_PROPERTY_RUNS'] ?? 150);
const KNOWN_CODES = new Set<string>(FEED_ERROR_CODES);

function parseOutcome(input: unknown): 'config' | string {
  try {
    parseFeedConfig(input);
    return 'config';
  } catch (error) {
    if (isFeedError(error) && KNOWN_CODES.has(error.code)) return error.code;
    throw error;
  }
}

const configValue = fc.oneof(hostileText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom(...HOSTILE_URLS), fc.constant(undefined), fc.array(hostileText, { maxLength: 3 }), fc.dictionary(hostileText, hostileText, { maxKeys: 3 }));

const structuredConfig = fc.record(
  {
    channel: fc.oneof(configValue, fc.record({ url: fc.oneof(configValue, fc.constantFrom(...HOSTILE_URLS)), title: configValue, ttl: configValue, time_zone: configValue, language: configValue }, { requiredKeys: [] })),
    strategy: configValue,
    headers: fc.oneof(configValue, fc.dictionary(hostileText, configValue, { maxKeys: 3 })),
    selectors: fc.oneof(
      configValue,
      fc.record({
        items: fc.oneof(configValue, fc.record({ selector: fc.oneof(configValue, fc.constantFrom('article', ':eq(-1)', 'a:eq(99999999999)', '>>>', '[', 'a:first:last', ':has(', '*:not(*)')) }, { requiredKeys: [] })),
        title: fc.oneof(configValue, fc.record({ selector: configValue, extractor: configValue, attribute: configValue, post_process: fc.oneof(configValue, fc.array(fc.record({ name: fc.oneof(fc.constantFrom('gsub', 'template', 'parse_time', 'substring', 'nope'), configValue), pattern: configValue, string: configValue, start: configValue, end: configValue }, { requiredKeys: [] }), { maxLength: 3 })) }, { requiredKeys: [] })),
      }, { requiredKeys: [] }),
    ),
    auto_source: configValue,
    request: fc.oneof(configValue, fc.record({ max_redirects: configValue, timeout_seconds: configValue, max_bytes: configValue }, { requiredKeys: [] })),
    parameters: fc.oneof(configValue, fc.dictionary(hostileText, fc.record({ default: configValue, pattern: configValue }, { requiredKeys: [] }), { maxKeys: 2 })),
    stylesheets: fc.oneof(configValue, fc.array(fc.record({ href: configValue, type: configValue, media: configValue }, { requiredKeys: [] }), { maxLength: 2 })),
  },
  { requiredKeys: [] },
);

describe('parseFeedConfig over hostile values', () => {
  it('answers any value with a config or a FeedError with a code', () => {
    fc.assert(fc.property(fc.anything(), (input) => void parseOutcome(input)), { numRuns: NUM_RUNS });
  });

  it('answers structured near-configs with a config or a FeedError with a code', () => {
    const outcomes = new Set<string>();
    fc.assert(fc.property(structuredConfig, (input) => void outcomes.add(parseOutcome(input))), { numRuns: NUM_RUNS * 2 });
    expect(outcomes.has('ConfigurationInvalid')).toBe(true);
  });

  it('generates from every structured config that parses (with a page) without another exception', async () => {
    const documents: DocumentToCheck[] = [];
    await fc.assert(
      fc.asyncProperty(structuredConfig, hostileHtml, async (input, page) => {
        let config;
        try {
          config = parseFeedConfig(input);
        } catch (error) {
          if (isFeedError(error)) return;
          throw error;
        }
        const outcome = await generateWithinBudget(engine, config, { url: 'https://example.com/', status: 200, headers: {}, body: `<html><body>${page}</body></html>`, contentType: 'text/html' });
        if (outcome.kind === 'feed') expect(renderAndInspect(engine, outcome.result, documents)).toEqual([]);
      }),
      { numRuns: NUM_RUNS },
    );
    expect(findMalformed(documents)).toEqual([]);
  });
});

describe('engine.generate over hostile JSON sources', () => {
  const config = parseFeedConfig({
    channel: { url: 'https://api.example.com/posts' },
    selectors: {
      items: { selector: 'array > object' },
      title: { selector: 'title' },
      url: { selector: 'url' },
      description: { selector: 'body', extractor: 'html' },
      published_at: { selector: 'date', post_process: [{ name: 'parse_time' }] },
    },
  });

  const post = fc.record({ title: hostileText, url: fc.constantFrom(...HOSTILE_URLS), body: hostileHtml, date: fc.oneof(hostileText, fc.integer(), fc.constant(null)) }, { requiredKeys: [] });
  const body = fc.oneof(
    { weight: 3, arbitrary: fc.array(post, { maxLength: 5 }).map((posts) => JSON.stringify(posts)) },
    { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: hostileText },
    // Deeper than 1,500 levels is its own (failing) test below.
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 1500 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`) },
  );

  it('returns a feed or a FeedError; renders well-formed documents; item HTML stays inert', async () => {
    const documents: DocumentToCheck[] = [];
    let feeds = 0;
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom('application/json', 'text/json', 'application/ld+json'), async (text, contentType) => {
        const outcome = await generateWithinBudget(engine, config, { url: 'https://api.example.com/posts', status: 200, headers: { 'content-type': contentType }, body: text, contentType });
        if (outcome.kind === 'refused') return;
        feeds += 1;
        expect(renderAndInspect(engine, outcome.result, documents)).toEqual([]);
      }),
      { numRuns: NUM_RUNS },
    );
    expect(findMalformed(documents)).toEqual([]);
    expect(feeds).toBeGreaterThan(0);
  });

  // Deep JSON once overflowed the stack in jsonToDocument (a RangeError, a 500); core now refuses it.
  it.each([600, 2_000, 20_000])('a %i-level nested JSON body gives a feed or a FeedError', async (depth) => {
    const outcome = await generateWithinBudget(engine, config, { url: 'https://api.example.com/posts', status: 200, headers: {}, body: `${'['.repeat(depth)}${']'.repeat(depth)}`, contentType: 'application/json' });
    expect(['feed', 'refused']).toContain(outcome.kind);
  });
});

describe('engine.generate with hostile URLs', () => {
  it('a hostile channel.url or final source URL gives a feed or a FeedError, never another exception', async () => {
    const documents: DocumentToCheck[] = [];
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constantFrom(...HOSTILE_URLS), fc.webUrl({ withQueryParameters: true, withFragments: true }), hostileText), fc.constantFrom(...HOSTILE_URLS, 'https://example.com/'), async (channelUrl, finalUrl, ) => {
        let config;
        try {
          config = parseFeedConfig({ channel: { url: channelUrl }, selectors: { items: { selector: 'li' }, title: { selector: 'a' }, url: { selector: 'a', extractor: 'href' } }, auto_source: { enabled: true } });
        } catch (error) {
          if (isFeedError(error)) return;
          throw error;
        }
        const page = HOSTILE_URLS.map((href) => `<li><a href="${href.replace(/"/g, '&quot;')}">item</a></li>`).join('');
        const outcome = await generateWithinBudget(engine, config, { url: finalUrl, status: 200, headers: {}, body: `<ul>${page}</ul><a href="/feed.xml" rel="alternate" type="application/rss+xml">feed</a>`, contentType: 'text/html' });
        if (outcome.kind === 'feed') expect(renderAndInspect(engine, outcome.result, documents)).toEqual([]);
      }),
      { numRuns: NUM_RUNS },
    );
    expect(findMalformed(documents)).toEqual([]);
  });
});
