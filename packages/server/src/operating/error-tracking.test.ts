import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../../../testing/fixture-server.js';
import { createHarness } from '../test-support/app-harness.js';
import { FeedError } from '@pagefeed/core';
import { createFakeEngine, item } from '../test-support/fake-engine.js';
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

  it('sends one event grouped per feed and code, with tags, for a predefined feed that keeps failing', async () => {
    const events = () => envelopes.filter((envelope) => envelope.includes('"type":"event"') && envelope.includes('pagefeed.feed-failure'));
    const before = events().length;
    const engine = createFakeEngine(() => {
      throw new FeedError('UpstreamHttpError', 'https://news.example.org/list answered HTTP 503', { hint: 'check that the page is reachable' });
    });
    const { app, advance, post, bearer } = createHarness({
      engine,
      feeds: { 'town-news': { channel: { url: 'https://news.example.org/list', title: 'Town' }, strategy: 'plain', headers: {}, auto_source: { enabled: true }, stylesheets: [], request: {}, parameters: {} } },
      deps: { errorTracker: tracker },
    });
    // Failing reads, in every format and after some minutes: one event within the interval.
    for (const format of ['rss', 'atom', 'json', 'rss']) {
      expect((await app.request(`/api/v1/feeds/town-news.${format}`)).status).toBe(502);
      advance(60);
    }
    // A created feed failing the same way is its creator's business, not the operator's: no event.
    expect((await post('/api/v1/feeds', { url: 'https://news.example.org/list' }, bearer())).status).toBe(502);
    await tracker.flush(5000);
    const sent = events().slice(before);
    expect(sent).toHaveLength(1);
    const event = JSON.parse(sent[0]!.split('\n').find((line) => line.includes('"fingerprint"'))!) as { level: string; fingerprint: string[]; tags: Record<string, string>; message?: unknown };
    expect(event.level).toBe('error');
    expect(event.fingerprint).toEqual(['pagefeed.feed-failure', 'town-news', 'UpstreamHttpError']);
    expect(event.tags).toMatchObject({ feed: 'town-news', code: 'UpstreamHttpError', url_host: 'news.example.org', strategy: 'plain', hint: 'check that the page is reachable' });
    expect(JSON.stringify(event.message)).toContain('UpstreamHttpError: https://news.example.org/list answered HTTP 503');
  });

  it('reports a predefined feed without items as a warning, and the renderer unreachable for a created feed', async () => {
    const events = () => envelopes.filter((envelope) => envelope.includes('pagefeed.feed-failure'));
    const before = events().length;
    const engine = createFakeEngine(() => []);
    const { app, post, bearer } = createHarness({ engine, deps: { errorTracker: tracker } });
    expect((await app.request('/api/v1/feeds/news.rss')).status).toBe(200);
    engine.setSource(() => {
      throw new FeedError('RendererConnectionFailed', 'Renderer connection failed (unreachable: connection refused)');
    });
    expect((await post('/api/v1/feeds', { url: 'https://example.com/app', strategy: 'renderer' }, bearer())).status).toBe(502);
    engine.setSource(() => [item(1)]);
    await tracker.flush(5000);
    const sent = events().slice(before).join('\n');
    expect(sent).toContain('"fingerprint":["pagefeed.feed-failure","news","NoItems"]');
    expect(sent).toContain('"level":"warning"');
    expect(sent).toMatch(/"fingerprint":\["pagefeed.feed-failure","[0-9a-f]{16}","RendererConnectionFailed"\]/);
  });

  it('does not send expected errors (4xx) as events', async () => {
    const before = envelopes.filter((envelope) => envelope.includes('"type":"event"')).length;
    const { app } = createHarness({ deps: { errorTracker: tracker } });
    expect((await app.request('/api/v1/feeds/unknown.rss')).status).toBe(404);
    await tracker.flush(5000);
    expect(envelopes.filter((envelope) => envelope.includes('"type":"event"')).length).toBe(before);
  });
});
