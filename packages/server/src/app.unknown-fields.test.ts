import { describe, expect, it } from 'vitest';
import { createHarness } from './test-support/app-harness.js';
import { createFakeEngine } from './test-support/fake-engine.js';

/** Issue #18: a body field the API does not understand is refused with 400 naming it, never ignored. */
interface ErrorJson {
  error: { code: string; message: string; hint?: string; path?: string };
}

describe('POST bodies with fields the API does not understand', () => {
  it.each([
    // `selectors` and `items` are known since the picker (issue #22); a misspelling of them is not.
    ['selector', { url: 'https://example.com/news', selector: { items: { selector: 'li' } } }],
    ['headers', { url: 'https://example.com/news', headers: { Cookie: 'a=b' } }],
    ['strategyy', { url: 'https://example.com/news', strategyy: 'renderer' }],
    ['__proto__', JSON.parse('{"url": "https://example.com/news", "__proto__": {"strategy": "renderer"}}') as unknown],
  ])('POST /api/v1/feeds with %s → 400 naming the field; nothing is generated', async (field, body) => {
    const engine = createFakeEngine();
    const { post, bearer } = createHarness({ engine, settings: { bodyLimitBytes: 64 * 1024 } });
    const response = await post('/api/v1/feeds', body, bearer());
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorJson;
    expect(error.code).toBe('InputInvalid');
    expect(error.message).toBe(`Unknown field '${field}' in the request body.`);
    expect(error.path).toBe(field);
    expect(error.hint).toContain('accepted fields: url, strategy');
    expect(engine.calls()).toBe(0);
  });

  it('POST /api/v1/preview refuses them the same way', async () => {
    const { post, bearer } = createHarness({ settings: { bodyLimitBytes: 64 * 1024 } });
    const response = await post('/api/v1/preview', { url: 'https://example.com/news', wait_for_selector: '.x' }, bearer());
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorJson).error.message).toContain("'wait_for_selector'");
  });

  it.each([['an array', []], ['a string', 'https://example.com/'], ['null', null]])('a body that is %s → 400', async (_label, body) => {
    const { post, bearer } = createHarness();
    const response = await post('/api/v1/feeds', body, bearer());
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorJson).error.code).toBe('InputInvalid');
  });

  it('url and strategy alone are still accepted', async () => {
    const { post, bearer } = createHarness();
    expect((await post('/api/v1/feeds', { url: 'https://example.com/news', strategy: 'plain' }, bearer())).status).toBe(201);
  });
});
