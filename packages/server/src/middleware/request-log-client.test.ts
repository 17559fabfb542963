import { describe, expect, it } from 'vitest';
import { parseTrustedProxies } from '../client-address/trusted-proxies.js';
import { createHarness, feedConfig } from '../test-support/app-harness.js';

/**
 * The access log's `client` field: the address the rate limits count, through Hono's middleware
 * and through the cached-read fast path alike.
 */
const feeds = { news: feedConfig('https://example.com/news', { channel: { url: 'https://example.com/news', title: 'News', ttl: 10 } }) };

function createSubject(peer: string | undefined, trustedProxies?: string, rateLimitPerMinute = 100) {
  const settings = { rateLimitPerMinute, trustedProxies: parseTrustedProxies(trustedProxies) };
  const harness = createHarness({ feeds, settings, deps: { clientAddress: () => peer } });
  const requestLines = () => harness.logs.filter((line) => line['message'] === 'request');
  return { ...harness, requestLines, lastClient: () => requestLines().at(-1)?.['client'] };
}

describe('access log client field', () => {
  it('names the peer on routes through Hono, unchanged, when there are no trusted proxies', async () => {
    const subject = createSubject('::ffff:192.0.2.5');
    await subject.app.request('/api/v1/feeds');
    expect(subject.lastClient()).toBe('::ffff:192.0.2.5');
    // A client's own X-Forwarded-For is not believed.
    await subject.app.request('/api/v1/no-such-route', { headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect(subject.requestLines().at(-1)).toMatchObject({ status: 404, client: '::ffff:192.0.2.5' });
  });

  it('names the rightmost untrusted X-Forwarded-For address behind a trusted proxy, through Hono', async () => {
    const subject = createSubject('10.0.0.2', '10.0.0.0/8');
    await subject.app.request('/api/v1/feeds', { headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.1, 10.0.0.7' } });
    expect(subject.lastClient()).toBe('198.51.100.1');
    // A refused request is logged with its client too.
    const limited = createSubject('10.0.0.2', '10.0.0.0/8', 1);
    for (const status of [200, 429]) {
      const response = await limited.app.request('/api/v1/feeds', { headers: { 'x-forwarded-for': '2001:DB8::1' } });
      expect(response.status).toBe(status);
      expect(limited.requestLines().at(-1)).toMatchObject({ status, client: '2001:db8::1' });
    }
    // Without the header, the proxy itself.
    await subject.app.request('/api/v1/feeds');
    expect(subject.lastClient()).toBe('10.0.0.2');
  });

  it('writes the field on the fast path, per request, behind a trusted proxy too', async () => {
    const subject = createSubject('::ffff:127.0.0.1', 'loopback');
    await subject.app.request('/api/v1/feeds/news.rss', { headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect(subject.lastClient()).toBe('198.51.100.1');
    for (const forwardedFor of ['198.51.100.2', '198.51.100.2', '2001:db8::9, 127.0.0.1', '198.51.100.2']) {
      const answer = subject.app.fetch(new Request('http://localhost/api/v1/feeds/news.rss', { headers: { 'x-forwarded-for': forwardedFor } }));
      // Answered synchronously: the fast path, not Hono.
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).headers.get('x-cache')).toBe('fresh');
    }
    expect(subject.requestLines().map((line) => line['client'])).toEqual(['198.51.100.1', '198.51.100.2', '198.51.100.2', '2001:db8::9', '198.51.100.2']);
  });

  it('writes the field on the fast path without trusted proxies and without a rate limit', async () => {
    const subject = createSubject('192.0.2.44', undefined, 0);
    await subject.app.request('/api/v1/feeds/news.rss');
    const answer = subject.app.fetch(new Request('http://localhost/api/v1/feeds/news.rss', { headers: { 'x-forwarded-for': '198.51.100.1' } }));
    expect(answer).toBeInstanceOf(Response);
    expect(subject.requestLines().map((line) => line['client'])).toEqual(['192.0.2.44', '192.0.2.44']);
  });

  it('leaves the field out when the address is unknown', async () => {
    const subject = createSubject(undefined);
    await subject.app.request('/api/v1/feeds/news.rss');
    subject.app.fetch(new Request('http://localhost/api/v1/feeds/news.rss'));
    expect(subject.requestLines()).toHaveLength(2);
    for (const line of subject.requestLines()) expect(line).not.toHaveProperty('client');
  });
});
