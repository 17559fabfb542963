import fc from 'fast-check';
import { parseFeedConfig } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { HOSTILE_URLS, hostileText } from '../support/arbitraries.js';
import { createTestApp } from '../support/app.js';
import { createSimulatedEngine, createSimulatedInternet } from '../support/simulated-internet.js';

/**
 * Hostile requests to the API itself: any JSON (or non-JSON) body to POST /preview and /feeds, and
 * any id, extension, query and Accept header on GET /feeds/{id}, get an answer in the API's error
 * shape with a code — never a 500 InternalError. Names that do not resolve fail with FetchFailed
 * (the simulated internet's resolver knows only its test names), so nothing leaves the machine.
 */
const NUM_RUNS = Number(process.env['PAGEFEED_PROPERTY_RUNS'] ?? 150);
const harness = createTestApp({
  engine: createSimulatedEngine(createSimulatedInternet()),
  feeds: {
    news: parseFeedConfig({
      channel: { url: 'http://internal.test/news?page=%<page>s' },
      parameters: { page: { pattern: '[0-9]+', default: '1' } },
      selectors: { items: { selector: 'article' }, title: { selector: 'h2' } },
    }),
  },
});

/** Lone surrogates replaced by U+FFFD (String#toWellFormed, which the ES2022 lib does not type). */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

async function answer(response: Response): Promise<string> {
  const text = await response.text();
  if (response.status < 400) return `${response.status}`;
  const code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  return `${response.status} ${code}`;
}

const body = fc.oneof(
  fc.record({ url: fc.oneof(fc.constantFrom(...HOSTILE_URLS), hostileText, fc.webUrl(), fc.anything()), strategy: fc.oneof(fc.constantFrom('plain', 'renderer', 'browserless', '__proto__', ''), fc.anything()) }, { requiredKeys: [] }).map((value) => JSON.stringify(value)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  hostileText,
  fc.constantFrom('{"url": "http://x', '{"__proto__": {"url": "http://public.test/"}}', '{"url": ["a"]}', '\u0000', '[]', 'null', '{"url": "http://public.test/", "url": "http://127.0.0.1/"}'),
);

describe('hostile API requests', () => {
  it('POST /api/v1/preview and /api/v1/feeds answer every body with a coded error or success, never 500', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api/v1/preview', '/api/v1/feeds'), body, fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'), async (path, text, contentType) => {
        const response = await harness.app.request(path, { method: 'POST', body: text, headers: { 'content-type': contentType, ...harness.bearer() } });
        const result = await answer(response);
        seen.add(result);
        expect(result).not.toMatch(/^5\d\d (InternalError|undefined)/);
        expect(response.status).not.toBe(500);
      }),
      { numRuns: NUM_RUNS },
    );
    expect([...seen].some((result) => result.startsWith('400 '))).toBe(true);
  });

  it('deeply nested JSON bodies within the size limit are refused as invalid input (400)', async () => {
    for (const text of [`${'['.repeat(30_000)}${']'.repeat(30_000)}`, `{"url":${'['.repeat(30_000)}${']'.repeat(30_000)}}`, `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`]) {
      const response = await harness.post('/api/v1/preview', text);
      expect(response.status).toBe(400);
    }
  });

  it('GET /api/v1/feeds/{id} answers any id, query and Accept with a coded answer, never 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileText.map((text) => encodeURIComponent(wellFormed(text))),
          // Raw path segments, sent undecoded: malformed escapes and a lone surrogate's UTF-8.
          fc.constantFrom('news', 'news.rss', 'news.json', 'news.atom', 'news.xml', '..', '%2e%2e', 'a.b', 'x'.repeat(3000), '%ff', '%ED%A0%80', '%', '%zz', 'news%00.rss', 'news.rss%0d%0aX:1'),
        ),
        fc.dictionary(fc.oneof(fc.constantFrom('page', '__proto__', 'constructor'), hostileText), hostileText, { maxKeys: 3 }),
        fc.oneof(fc.constantFrom('application/rss+xml', 'application/json;q=0', '*/*', 'application/atom+xml;q=abc'), hostileText),
        async (id, query, accept) => {
          const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [wellFormed(key), wellFormed(value)])).toString();
          let response: Response;
          try {
            response = await harness.app.request(`/api/v1/feeds/${id}${search ? `?${search}` : ''}`, { headers: { accept: accept.replace(/[^\t\x20-\x7e]/g, '') } });
          } catch (error) {
            throw new Error(`the app threw instead of answering: ${String(error)}`);
          }
          expect(response.status).not.toBe(500);
          await answer(response);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});
