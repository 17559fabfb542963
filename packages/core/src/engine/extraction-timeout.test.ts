import { describe, expect, it } from 'vitest';
import type { AutoSource } from '../contracts/auto-source.js';
import { FeedError } from '../contracts/errors.js';
import { createEngine } from './create-engine.js';
import { createExtractionDeadline, extractionTimeoutFromEnvironment } from './extraction-deadline.js';
import { fakeStrategy, feedConfig, htmlResult } from './test-support/helpers.js';

/**
 * Issue #18: a runaway page ends with ExtractionTimeout naming the budget and how to raise it.
 * Time is a fake monotonic clock that moves 10 ms on every reading, so the tests do not depend on
 * how fast the machine is: the budget runs out after a known number of checks.
 */
function tickingClock(stepMs = 10): () => number {
  let now = 0;
  return () => (now += stepMs);
}

const PAGE = `<!doctype html><html><body>${Array.from({ length: 2_000 }, (_unused, index) => `<article><h2><a href="/p/${index}">Post ${index}</a></h2></article>`).join('')}</body></html>`;
const SELECTORS = { items: { selector: 'article' }, parts: { title: { selector: 'h2' }, url: { selector: 'a', extractor: 'href' as const } } };

async function failure(promise: Promise<unknown>): Promise<FeedError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FeedError) return error;
    throw error;
  }
  throw new Error('expected ExtractionTimeout');
}

describe('ExtractionTimeout', () => {
  it('stops a selector extraction past its budget, naming the budget and how to raise it', async () => {
    const engine = createEngine({ strategies: { plain: fakeStrategy('plain', () => htmlResult(PAGE)) }, extractionTimeoutMs: 5_000, monotonicNow: tickingClock() });
    const error = await failure(engine.generate(feedConfig({ selectors: SELECTORS })));
    expect(error.code).toBe('ExtractionTimeout');
    expect(error.message).toBe('Extracting items from https://example.com/news/ took longer than its budget of 5 s and was stopped.');
    expect(error.hint).toContain('EXTRACTION_TIMEOUT_SECONDS=<seconds>');
    expect(error.details).toMatchObject({ budgetMs: 5_000 });
  });

  it('the same page within a larger budget (or none) gives its feed', async () => {
    const plain = fakeStrategy('plain', () => htmlResult(PAGE));
    const roomy = createEngine({ strategies: { plain }, extractionTimeoutMs: 60_000, monotonicNow: tickingClock() });
    expect((await roomy.generate(feedConfig({ selectors: SELECTORS }))).feed.items).toHaveLength(2_000);
    const unbounded = createEngine({ strategies: { plain }, extractionTimeoutMs: 0, monotonicNow: tickingClock() });
    expect((await unbounded.generate(feedConfig({ selectors: SELECTORS }))).feed.items).toHaveLength(2_000);
  });

  it('a per-feed budget overrides the engine default', async () => {
    const engine = createEngine({ strategies: { plain: fakeStrategy('plain', () => htmlResult(PAGE)) }, extractionTimeoutMs: 60_000, monotonicNow: tickingClock() });
    const error = await failure(engine.generate(feedConfig({ selectors: SELECTORS }), { extractionTimeoutMs: 1_000 }));
    expect(error.message).toContain('budget of 1 s');
  });

  it('auto-source sees the deadline, and its timeout is not turned into a warning next to manual items', async () => {
    const autoSource: AutoSource = {
      extract: (_document, context) => {
        for (;;) context.deadline?.check();
      },
    };
    const engine = createEngine({ strategies: { plain: fakeStrategy('plain', () => htmlResult(PAGE)) }, autoSource, extractionTimeoutMs: 50_000, monotonicNow: tickingClock() });
    const error = await failure(engine.generate(feedConfig({ selectors: SELECTORS, auto_source: { enabled: true } })));
    expect(error.code).toBe('ExtractionTimeout');
  });

  it('time spent waiting for a follow-up fetch does not count', async () => {
    let now = 0;
    const deadline = createExtractionDeadline(1_000, 'https://example.com/', () => now);
    await deadline.excluding(async () => {
      now += 5_000;
    });
    expect(() => deadline.check()).not.toThrow();
    now += 1_001;
    expect(() => deadline.check()).toThrow(/budget of 1 s/);
  });

  it.each([['', 10_000], ['12', 12_000], ['0.5', 500]])('EXTRACTION_TIMEOUT_SECONDS=%j → %d ms', (value, expected) => {
    expect(extractionTimeoutFromEnvironment(value)).toBe(expected);
  });

  it.each(['0', '-1', 'ten'])('EXTRACTION_TIMEOUT_SECONDS=%j is refused naming the variable', (value) => {
    expect(() => extractionTimeoutFromEnvironment(value)).toThrow(/EXTRACTION_TIMEOUT_SECONDS must be a positive number of seconds/);
  });
});
