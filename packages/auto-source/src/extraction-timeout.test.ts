import { createEngine, FeedError, type FetchResult } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'htmlparser2';
import { createAutoSource } from './create-auto-source.js';
import { domHeuristics } from './scrapers/dom-heuristics.js';

/**
 * Issue #18: the cascade checks the feed's extraction budget and lets ExtractionTimeout through
 * (a spent budget must not read as "No scrapers found"). A fake clock moving 10 ms per reading
 * makes the budget run out after a known number of checks, whatever the machine's speed.
 */
const PAGE = `<!doctype html><html><body><main><ul>${Array.from({ length: 300 }, (_unused, index) => `<li><a href="/p/${index}">Post number ${index}</a><p>Text of the post number ${index}, long enough to be a summary.</p></li>`).join('')}</ul></main></body></html>`;

async function outcome(budgetMs: number): Promise<string> {
  let now = 0;
  const plain = { name: 'plain', fetch: (): Promise<FetchResult> => Promise.resolve({ url: 'https://example.test/news/', status: 200, headers: {}, body: PAGE, contentType: 'text/html' }) };
  const engine = createEngine({ strategies: { plain }, autoSource: createAutoSource(), extractionTimeoutMs: budgetMs, monotonicNow: () => (now += 10) });
  try {
    const result = await engine.generate({ channel: { url: 'https://example.test/news/' }, strategy: 'plain', headers: {}, auto_source: { enabled: true }, stylesheets: [], request: {}, parameters: {} });
    return `items:${result.feed.items.length}`;
  } catch (error) {
    if (error instanceof FeedError) return error.code;
    throw error;
  }
}

describe('auto-source under an extraction budget', () => {
  it('ends with ExtractionTimeout when the budget is spent', async () => {
    expect(await outcome(30)).toBe('ExtractionTimeout');
  });

  it('gives the feed within a budget large enough', async () => {
    expect(await outcome(1_000_000)).toBe('items:300');
  });

  it('the DOM tier checks the budget inside its loops, not only between tiers', () => {
    let checks = 0;
    const deadline = {
      check: () => {
        checks += 1;
        if (checks > 3) throw new FeedError('ExtractionTimeout', 'spent');
      },
    };
    const document = { kind: 'html' as const, url: 'https://example.test/news/', html: PAGE, document: parseDocument(PAGE, { decodeEntities: true }) };
    const config = { channel: { url: 'https://example.test/news/' }, strategy: 'plain' as const, headers: {}, stylesheets: [], request: {}, parameters: {} };
    expect(() => domHeuristics.scrape(document, { config, deadline })).toThrow('spent');
    expect(checks).toBe(4);
  });
});
