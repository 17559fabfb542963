import { describe, expect, it } from 'vitest';
import { createApiClient } from './api.js';

interface Sent {
  url: string;
  init: RequestInit;
}

function fakeFetch(response: Response, sent: Sent[]): typeof fetch {
  return async (input, init) => {
    sent.push({ url: String(input), init: init ?? {} });
    return response;
  };
}

describe('createApiClient', () => {
  it('sends the token only in the Authorization header and the request as JSON', async () => {
    const sent: Sent[] = [];
    const api = createApiClient({ baseUrl: 'http://server/', fetch: fakeFetch(Response.json({ items: [], diagnostics: { strategy: 'plain' } }), sent) });
    const result = await api.preview('secret-token', { url: 'https://example.com/news/', strategy: 'plain' });
    expect(result.ok).toBe(true);
    expect(sent[0]?.url).toBe('http://server/api/v1/preview');
    expect(sent[0]?.url).not.toContain('secret-token');
    expect(sent[0]?.init.method).toBe('POST');
    expect((sent[0]?.init.headers as Record<string, string>)['authorization']).toBe('Bearer secret-token');
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ url: 'https://example.com/news/', strategy: 'plain' });
  });

  it('turns the API error shape into a failure with class, hint, path and request id', async () => {
    const body = { error: { code: 'NoScrapersFound', message: 'No scrapers found', hint: 'use a listing URL', class: 'unsupported_surface', request_id: 'r-9' } };
    const api = createApiClient({ fetch: fakeFetch(Response.json(body, { status: 422 }), []) });
    const result = await api.create('token', { url: 'https://example.com/', strategy: 'plain' });
    expect(result).toEqual({
      ok: false,
      failure: { status: 422, code: 'NoScrapersFound', message: 'No scrapers found', hint: 'use a listing URL', class: 'unsupported_surface', requestId: 'r-9' },
    });
  });

  it('reads Retry-After and survives a body that is not JSON', async () => {
    const response = new Response('slow down', { status: 429, statusText: 'Too Many Requests', headers: { 'retry-after': '12' } });
    const result = await createApiClient({ fetch: fakeFetch(response, []) }).info();
    expect(result).toEqual({ ok: false, failure: { status: 429, code: 'HTTP429', message: 'The server answered 429 Too Many Requests.', retryAfterSeconds: 12 } });
  });

  it('reports an unreachable server as status 0', async () => {
    const api = createApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const result = await api.feeds();
    expect(result.ok ? undefined : result.failure).toEqual({ status: 0, code: 'NetworkError', message: 'The pagefeed server could not be reached (Failed to fetch).' });
  });

  it('gives up after its time limit and says so', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const result = await createApiClient({ fetch: hanging, timeoutMs: 20 }).info();
    expect(result.ok ? undefined : result.failure).toEqual({ status: 0, code: 'Timeout', message: 'The pagefeed server took too long to answer.' });
  });

  it('unwraps the feed list', async () => {
    const feeds = [{ name: 'news', links: { rss: '/a.rss', atom: '/a.atom', json: '/a.json' } }];
    const result = await createApiClient({ fetch: fakeFetch(Response.json({ feeds }), []) }).feeds();
    expect(result).toEqual({ ok: true, data: feeds });
  });
});
