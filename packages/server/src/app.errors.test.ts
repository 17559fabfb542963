import { FeedError, noScrapersFound, FAILURE_HINTS } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { createFeedToken } from './auth/feed-token.js';
import { createHarness, SECRET } from './test-support/app-harness.js';
import { createFakeEngine } from './test-support/fake-engine.js';

/** The reference's Errors table and DESIGN §6 statuses, through app.request(). */
interface ErrorJson {
  error: { code: string; message: string; hint?: string; class?: string; request_id: string };
}

const failingWith = (error: unknown) => createFakeEngine(() => {
  throw error;
});

describe('errors', () => {
  it('unexpected failure → 500 with the request id; details only in the log', async () => {
    const { post, bearer, logs } = createHarness({ engine: failingWith(new TypeError('secret internals at line 42')) });
    const response = await post('/api/v1/feeds', { url: 'https://example.com/news' }, bearer());
    expect(response.status).toBe(500);
    const body = (await response.json()) as ErrorJson;
    expect(body.error.code).toBe('InternalError');
    expect(JSON.stringify(body)).not.toContain('secret internals');
    expect(body.error.request_id).toBe(response.headers.get('x-request-id'));
    const logged = logs.find((line) => line['message'] === 'unexpected failure');
    expect(logged?.['request_id']).toBe(body.error.request_id);
    expect(JSON.stringify(logged)).toContain('secret internals at line 42');
  });

  it('content neither HTML nor JSON → UnsupportedResponseContentType (422)', async () => {
    const error = new FeedError('UnsupportedResponseContentType', 'The page answered with image/png, which is neither HTML nor JSON.', { hint: 'give the URL of an HTML page' });
    const { post, bearer } = createHarness({ engine: failingWith(error) });
    const response = await post('/api/v1/feeds', { url: 'https://example.com/logo.png' }, bearer());
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorJson).error).toMatchObject({ code: 'UnsupportedResponseContentType', hint: 'give the URL of an HTML page' });
  });

  it('strategy other than plain or renderer → UnsupportedStrategy (400), naming the known ones', async () => {
    const { post, bearer } = createHarness();
    const response = await post('/api/v1/feeds', { url: 'https://example.com/news', strategy: 'browserless' }, bearer());
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorJson;
    expect(body.error.code).toBe('UnsupportedStrategy');
    expect(body.error.message).toContain('plain, renderer');
  });

  it.each(['blocked_surface', 'app_shell', 'unsupported_surface'] as const)('"No scrapers found" (%s) → 422 with class and hint', async (failureClass) => {
    const { post, bearer } = createHarness({ engine: failingWith(noScrapersFound(failureClass)) });
    const response = await post('/api/v1/feeds', { url: 'https://example.com/' }, bearer());
    expect(response.status).toBe(422);
    // The reference's table names the blocked class "Blocked surface likely"; the message carries it.
    const message = failureClass === 'blocked_surface' ? 'No scrapers found: Blocked surface likely' : 'No scrapers found';
    expect(((await response.json()) as ErrorJson).error).toMatchObject({ code: 'NoScrapersFound', message, class: failureClass, hint: FAILURE_HINTS[failureClass] });
  });

  it('renderer unreachable → 502 "Renderer connection failed (...)"', async () => {
    const { post, bearer } = createHarness({ engine: failingWith(new FeedError('RendererConnectionFailed', 'Renderer connection failed (ECONNREFUSED 127.0.0.1:3000)')) });
    const response = await post('/api/v1/feeds', { url: 'https://example.com/', strategy: 'renderer' }, bearer());
    expect(response.status).toBe(502);
    expect(((await response.json()) as ErrorJson).error.message).toMatch(/^Renderer connection failed \(/);
  });

  it('upstream timeout → 504; configuration errors → 400 with their message', async () => {
    const timeout = createHarness({ engine: failingWith(new FeedError('FetchTimeout', 'The page did not answer within 15 s.')) });
    expect((await timeout.app.request('/api/v1/feeds/news.rss')).status).toBe(504);
    const invalid = createHarness({ engine: failingWith(new FeedError('ConfigurationInvalid', "Configuration must include at least 'selectors' or 'auto_source'")) });
    const response = await invalid.app.request('/api/v1/feeds/news.rss');
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorJson).error.message).toBe("Configuration must include at least 'selectors' or 'auto_source'");
  });

  it.each([
    ['ftp URL', { url: 'ftp://example.com/x' }, 'http or https'],
    ['relative URL', { url: 'not a url' }, 'not an absolute URL'],
    ['URL over 2048 characters', { url: `https://example.com/${'a'.repeat(2100)}` }, 'longer than 2048'],
    ['no url', {}, "'url'"],
    ['broken JSON', '{broken', 'not valid JSON'],
  ])('bad input (%s) → 400 InputInvalid', async (_label, body, message) => {
    const { post, bearer } = createHarness({ settings: { bodyLimitBytes: 64 * 1024 } });
    const response = await post('/api/v1/feeds', body, bearer());
    expect(response.status).toBe(400);
    const json = (await response.json()) as ErrorJson;
    expect(json.error.code).toBe('InputInvalid');
    expect(json.error.message).toContain(message);
  });

  it('request body over the limit → 413', async () => {
    const { post, bearer } = createHarness();
    const response = await post('/api/v1/feeds', { url: 'https://example.com/', padding: 'x'.repeat(5000) }, bearer());
    expect(response.status).toBe(413);
    expect(((await response.json()) as ErrorJson).error.code).toBe('PayloadTooLarge');
  });

  it('too many requests → 429 with Retry-After', async () => {
    const { app } = createHarness({ settings: { rateLimitPerMinute: 2 } });
    expect((await app.request('/api/v1/feeds')).status).toBe(200);
    expect((await app.request('/api/v1/feeds')).status).toBe(200);
    const limited = await app.request('/api/v1/feeds');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as ErrorJson).error.code).toBe('RateLimited');
  });

  it('counts per bearer token across client addresses', async () => {
    let address = '192.0.2.1';
    const { post, bearer } = createHarness({ settings: { rateLimitPerMinute: 2 }, deps: { clientAddress: () => address } });
    expect((await post('/api/v1/preview', { url: 'https://example.com/' }, bearer())).status).toBe(200);
    address = '192.0.2.2';
    expect((await post('/api/v1/preview', { url: 'https://example.com/' }, bearer())).status).toBe(200);
    address = '192.0.2.3';
    expect((await post('/api/v1/preview', { url: 'https://example.com/' }, bearer())).status).toBe(429);
    expect((await post('/api/v1/preview', { url: 'https://example.com/' }, bearer('other-token'))).status).toBe(401);
  });

  it('unknown feed, tampered token, foreign token, revoked account → 404 without detail', async () => {
    const accounts = [{ username: 'alice', token: 'alice-token', allowed_urls: ['https://example.com/*'] }];
    const { app } = createHarness({ accounts });
    const payload = { url: 'https://example.com/news', strategy: 'plain' as const, account: 'alice', created_at: '2026-06-01T00:00:00.000Z' };
    const valid = createFeedToken(payload, SECRET);
    expect((await app.request(`/api/v1/feeds/${valid}.rss`)).status).toBe(200);
    const tampered = `${Buffer.from(JSON.stringify({ ...payload, url: 'https://example.com/other' })).toString('base64url')}.${valid.split('.')[1]}`;
    const foreign = createFeedToken(payload, 'another-instance-secret-key-0123456789');
    const gone = createFeedToken({ ...payload, account: 'bob' }, SECRET);
    const notAllowed = createFeedToken({ ...payload, url: 'https://elsewhere.test/' }, SECRET);
    const bodies = new Set<string>();
    for (const id of ['missing', tampered, foreign, gone, notAllowed]) {
      const response = await app.request(`/api/v1/feeds/${id}.rss`);
      expect(response.status, id).toBe(404);
      const { error } = (await response.json()) as ErrorJson;
      bodies.add(`${error.code}|${error.message}`);
    }
    expect([...bodies]).toEqual(['FeedNotFound|Feed not found.']);
    // A token this key did not sign (tampered, or made under another key) names key rotation;
    // a revoked account or URL gets the plain hint.
    const hintOf = async (id: string) => (((await (await app.request(`/api/v1/feeds/${id}.rss`)).json()) as ErrorJson).error as { hint?: string }).hint;
    expect(await hintOf(foreign)).toMatch(/not signed with this server's SERVICE_SECRET_KEY: if the key was rotated/);
    expect(await hintOf(tampered)).toMatch(/key was rotated/);
    expect(await hintOf(gone)).not.toMatch(/rotated/);
  });

  it('undeclared query parameter → 400 ParameterInvalid', async () => {
    const { app } = createHarness();
    const response = await app.request('/api/v1/feeds/news.rss?page=2');
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorJson).error.code).toBe('ParameterInvalid');
  });

  it('unknown API route → 404 in the error shape', async () => {
    const { app } = createHarness();
    const response = await app.request('/api/v1/nope');
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorJson).error.code).toBe('NotFound');
  });
});
