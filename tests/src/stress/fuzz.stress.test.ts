import { createAutoSource } from '@pagefeed/auto-source';
import { createEngine, FEED_ERROR_CODES, isFeedError, loadFeedsFile, parseFeedConfig } from '@pagefeed/core';
import { createStrategies } from '@pagefeed/fetchers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOSTILE_URLS, hostilePage, hostileText } from '../support/arbitraries.js';
import { createTestApp } from '../support/app.js';
import { generateWithinBudget, renderAndInspect } from '../support/engine-outcome.js';
import { createSimulatedEngine, createSimulatedInternet } from '../support/simulated-internet.js';
import { findMalformed, type DocumentToCheck } from '../support/well-formed.js';

/**
 * Issue #18: seeded, bounded fuzzing of API bodies, feeds.yml files and pages, in the stress job
 * (`pnpm test:stress`). Same seed, same inputs: a failure prints its seed and path, and
 * `PAGEFEED_FUZZ_SEED=<seed> PAGEFEED_FUZZ_SCALE=<n> pnpm --filter @pagefeed/tests test:stress`
 * replays it. Counts: 3,000 API bodies, 3,000 feeds.yml files, 1,000 pages (times the scale).
 * Every outcome must be a success or a coded error: no 500, no uncoded throw, no malformed feed.
 */
const SEED = Number(process.env['PAGEFEED_FUZZ_SEED'] ?? 18);
const SCALE = Number(process.env['PAGEFEED_FUZZ_SCALE'] ?? 1);
const KNOWN_CODES = new Set<string>(FEED_ERROR_CODES);

const url = fc.oneof(fc.constantFrom(...HOSTILE_URLS), hostileText, fc.webUrl(), fc.anything());
const strategy = fc.oneof(fc.constantFrom('plain', 'renderer', 'browserless', '__proto__', ''), fc.anything());
const apiBody = fc.oneof(
  // Known fields only: reaches URL checks, the account rules, the guard and the engine.
  fc.record({ url, strategy }, { requiredKeys: [] }).map((value) => JSON.stringify(value)),
  fc.record({ url }).map((value) => JSON.stringify(value)),
  // Fields the API does not understand: refused, naming them.
  fc.record({ url, strategy, selectors: fc.anything(), headers: fc.dictionary(fc.string(), fc.string()), strategyy: fc.string() }, { requiredKeys: [] }).map((value) => JSON.stringify(value)),
  fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify(value)),
  hostileText,
);

const YAML_LINES = [
  'feeds:', '  news:', '    channel:', '      url: https://example.com/', '    auto_source: true', '    selectors:', '      items: { selector: article }',
  '&a [*a]', 'a: &a [*a]', '&x 1', '*x', '<<: *x', '__proto__:', 'constructor: 1', '  prototype: 2', '[[[[[[[[[[[[[[[[[[[[', '{{{{{{{{{{', '? complex',
  'auth:', '  accounts:', '    - { username: a, token: t, allowed_urls: ["https://*.example.com/**"] }', '    - { username: b, token: u, allowed_urls: ["http://allowed.test*"] }',
  '${HOME}', '${UNSET:-x}', '!!js/function "() => 1"', '---', '\t', '"', "'",
];
const yamlText = fc.oneof(
  fc.array(fc.oneof(fc.constantFrom(...YAML_LINES), hostileText, fc.constantFrom('['.repeat(200), `x: ${'*x, '.repeat(50)}`)), { maxLength: 16 }).map((lines) => lines.join('\n')),
  hostileText,
);

describe('seeded fuzzing (issue #18)', () => {
  it(`${3_000 * SCALE} API bodies: every answer is a success or a coded error, never 500`, async () => {
    const harness = createTestApp({ engine: createSimulatedEngine(createSimulatedInternet()), feeds: {} });
    const answers = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api/v1/preview', '/api/v1/feeds'), apiBody, async (path, text) => {
        const response = await harness.app.request(path, { method: 'POST', body: text, headers: { 'content-type': 'application/json', ...harness.bearer() } });
        const body = await response.text();
        const code = response.status < 400 ? '' : ((JSON.parse(body) as { error?: { code?: string } }).error?.code ?? 'uncoded');
        const key = `${response.status} ${code}`.trim();
        answers.set(key, (answers.get(key) ?? 0) + 1);
        expect(response.status).not.toBe(500);
        expect(code).not.toBe('uncoded');
      }),
      { numRuns: 3_000 * SCALE, seed: SEED },
    );
    process.stdout.write(`fuzz api bodies (seed ${SEED}): ${JSON.stringify(Object.fromEntries(answers))}\n`);
  }, 600_000);

  it(`${3_000 * SCALE} feeds.yml files: each loads or fails with a coded FeedError`, () => {
    const outcomes = new Map<string, number>();
    fc.assert(
      fc.property(yamlText, (text) => {
        let outcome = 'loaded';
        try {
          loadFeedsFile(text, { env: { HOME: '/home/x' } });
        } catch (error) {
          if (!isFeedError(error) || !KNOWN_CODES.has(error.code)) throw error;
          outcome = error.code;
        }
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }),
      { numRuns: 3_000 * SCALE, seed: SEED },
    );
    process.stdout.write(`fuzz feeds.yml (seed ${SEED}): ${JSON.stringify(Object.fromEntries(outcomes))}\n`);
  }, 600_000);

  it(`${1_000 * SCALE} pages: a feed or a coded error, well-formed output`, async () => {
    const engine = createEngine({ strategies: createStrategies({}), autoSource: createAutoSource() });
    const config = parseFeedConfig({ channel: { url: 'https://example.com/news/' }, auto_source: { enabled: true }, selectors: { items: { selector: 'article' }, title: { selector: 'h2' }, description: { selector: 'p' } } });
    const documents: DocumentToCheck[] = [];
    const outcomes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(hostilePage, async (page) => {
        const outcome = await generateWithinBudget(engine, config, { url: 'https://example.com/news/', status: 200, headers: { 'content-type': 'text/html' }, body: page, contentType: 'text/html' });
        const key = outcome.kind === 'refused' ? outcome.code : 'feed';
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
        if (outcome.kind === 'feed') {
          documents.length = 0;
          expect(renderAndInspect(engine, outcome.result, documents)).toEqual([]);
          expect(findMalformed(documents)).toEqual([]);
        }
      }),
      { numRuns: 1_000 * SCALE, seed: SEED },
    );
    process.stdout.write(`fuzz pages (seed ${SEED}): ${JSON.stringify(Object.fromEntries(outcomes))}\n`);
  }, 1_200_000);
});
