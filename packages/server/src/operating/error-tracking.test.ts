import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../../../testing/fixture-server.js';
import { createHarness } from '../test-support/app-harness.js';
import { createFakeEngine } from '../test-support/fake-engine.js';
import { createSentryTracker, type ErrorTracker } from './error-tracking.js';

/**
 * A local HTTP endpoint stands in for the error-tracking service (the DSN points at it); a route
 * that throws must make @sentry/node deliver an event there, and a feed generation a span.
 */
describe('error tracking with ERROR_TRACKING_DSN', () => {
  let endpoint: FixtureServer;
  let tracker: ErrorTracker;
  const envelopes: string[] = [];

  beforeAll(async () => {
    endpoint = await startFixtureServer({
      '/api/1/envelope/': (request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const body = Buffer.concat(chunks);
          envelopes.push((request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'));
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end('{}');
        });
      },
    });
    tracker = await createSentryTracker({ dsn: `http://public@127.0.0.1:${endpoint.port}/1`, environment: 'test', release: '0.1.0' });
  });

  afterAll(async () => {
    await endpoint.close();
  });

  it('receives an event with the request id when a route throws', async () => {
    const engine = createFakeEngine(() => {
      throw new TypeError('boom from a route handler');
    });
    const { app } = createHarness({ engine, deps: { errorTracker: tracker } });
    const response = await app.request('/api/v1/feeds/news.rss');
    expect(response.status).toBe(500);
    await tracker.flush(5000);
    const event = envelopes.find((envelope) => envelope.includes('boom from a route handler'));
    expect(event, `envelopes received: ${envelopes.length}`).toBeDefined();
    expect(event).toContain('"type":"event"');
    expect(event).toContain(response.headers.get('x-request-id')!);
  });

  it('never sends a created-feed token (it is in the URL path)', async () => {
    const engine = createFakeEngine(() => []);
    const { post, bearer } = createHarness({ engine, deps: { errorTracker: tracker } });
    const created = (await (await post('/api/v1/feeds', { url: 'https://example.com/news' }, bearer())).json()) as { feed: { token: string } };
    engine.setSource(() => {
      throw new TypeError(`boom while reading ${created.feed.token}`);
    });
    // Creation cached the feed; another instance (same key, empty cache) runs the engine, which
    // throws with the token in the request path and the error message.
    const { app } = createHarness({ engine, deps: { errorTracker: tracker } });
    const response = await app.request(`http://other.test/api/v1/feeds/${created.feed.token}.rss`);
    expect(response.status).toBe(500);
    await tracker.flush(5000);
    const event = envelopes.find((envelope) => envelope.includes('boom while reading'));
    expect(event).toBeDefined();
    expect(event).toContain('[feed-token]');
    expect(envelopes.join('\n')).not.toContain(created.feed.token);
  });

  it('sends a performance span per feed generation', async () => {
    const { app } = createHarness({ deps: { errorTracker: tracker } });
    expect((await app.request('/api/v1/feeds/news.atom')).status).toBe(200);
    await tracker.flush(5000);
    expect(envelopes.some((envelope) => envelope.includes('"type":"transaction"') && envelope.includes('feed.generate'))).toBe(true);
  });

  it('does not send expected errors (4xx) as events', async () => {
    const before = envelopes.filter((envelope) => envelope.includes('"type":"event"')).length;
    const { app } = createHarness({ deps: { errorTracker: tracker } });
    expect((await app.request('/api/v1/feeds/unknown.rss')).status).toBe(404);
    await tracker.flush(5000);
    expect(envelopes.filter((envelope) => envelope.includes('"type":"event"')).length).toBe(before);
  });
});
