import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type FeedConfig, type FeedError } from '@pagefeed/core';
import { startFixtureServer, type FixtureServer } from '../../../../testing/fixture-server.js';
import { createPlainStrategy } from '../strategies/plain.js';
import { typed } from '../test-support/contract-routes.js';
import { assertAcceptedContentType, mayBeNativeFeed } from './content-type.js';

const RSS = '<?xml version="1.0"?>\n<rss version="2.0"><channel><title>t</title><item><title>One</title></item></channel></rss>';
const CORE_FIXTURES = new URL('../../../core/src/feeds/__fixtures__/', import.meta.url);

function refusal(type: string, body?: string): FeedError | undefined {
  try {
    assertAcceptedContentType(type, 'https://example.test/x', body);
    return undefined;
  } catch (error) {
    return error as FeedError;
  }
}

describe('assertAcceptedContentType', () => {
  it.each([
    ['text/html', '<p>'],
    ['application/json', '{}'],
    ['application/feed+json', '{"version":"https://jsonfeed.org/version/1.1","items":[]}'],
    ['application/rss+xml', RSS],
    ['application/atom+xml', '<feed xmlns="http://www.w3.org/2005/Atom"/>'],
    ['application/rdf+xml', '<rdf:RDF/>'],
    ['text/xml', RSS],
    ['application/xml', `<?xml version="1.0"?><!-- a comment -->\n<feed xmlns="http://www.w3.org/2005/Atom">`],
  ])('passes %s', (type, body) => {
    expect(refusal(type, body)).toBeUndefined();
  });

  it.each([
    ['application/xml', '<?xml version="1.0"?><urlset/>'],
    ['text/xml', '<note>an <rss> inside is not a root</note>'],
    ['application/pdf', '%PDF-1.4'],
    ['text/plain', RSS],
    ['', RSS],
  ])('refuses %s with %j, naming the type', (type, body) => {
    const error = refusal(type, body);
    expect(error?.code).toBe('UnsupportedResponseContentType');
    expect(error?.message).toContain(type === '' ? 'returned no Content-Type' : `returned ${type};`);
  });

  it('tells the renderer which types may be a feed (loaded, then judged by their root) and which are not', () => {
    for (const type of ['application/rss+xml', 'application/atom+xml', 'application/rdf+xml', 'application/xml', 'text/xml']) expect(mayBeNativeFeed(type), type).toBe(true);
    for (const type of ['application/pdf', 'image/png', 'text/plain', 'application/xhtml+xml', 'text/html']) expect(mayBeNativeFeed(type), type).toBe(false);
  });
});

describe('native feeds through the plain strategy and the engine', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer({
      '/news/feed.xml': typed('application/rss+xml; charset=utf-8', readFileSync(new URL('rss2.xml', CORE_FIXTURES))),
      '/blog/atom': typed('text/xml', readFileSync(new URL('atom.xml', CORE_FIXTURES))),
      '/diary/atom03': typed('application/atom+xml', readFileSync(new URL('atom03.xml', CORE_FIXTURES))),
      '/notes/feed.json': typed('application/feed+json', readFileSync(new URL('json-feed-1.1.json', CORE_FIXTURES))),
      '/log/feed.json': typed('application/json; charset=utf-8', readFileSync(new URL('json-feed-1.0.json', CORE_FIXTURES))),
      '/sitemap.xml': typed('application/xml', '<?xml version="1.0"?><urlset><url><loc>https://example.com/</loc></url></urlset>'),
    });
  });
  afterAll(() => server.close());

  const engine = createEngine({ strategies: { plain: createPlainStrategy({ readTimeoutMs: 5_000 }) }, allowPrivateNetworks: true });
  const config = (path: string): FeedConfig => ({
    channel: { url: `${server.origin}${path}` },
    strategy: 'plain',
    headers: {},
    request: {},
    stylesheets: [],
    parameters: {},
    selectors: { items: { selector: 'article' }, parts: { title: { selector: 'h2' } } },
  });

  it.each([
    ['/news/feed.xml', 'application/rss+xml', 3, 'RSS 2.0'],
    ['/blog/atom', 'text/xml', 3, 'Atom 1.0'],
    ['/diary/atom03', 'application/atom+xml', 4, 'Atom 0.3'],
    ['/notes/feed.json', 'application/feed+json', 3, 'JSON Feed 1.1'],
    ['/log/feed.json', 'application/json', 2, 'JSON Feed 1.0'],
  ])('fetches %s (%s) and passes its entries through', async (path, type, items, format) => {
    const result = await engine.generate(config(path));
    expect(result.diagnostics.contentType).toBe(type);
    expect(result.feed.items).toHaveLength(items);
    expect(result.feed.channel.url).toBe(`${server.origin}${path}`);
    expect(result.warnings[0]?.message).toBe(`${server.origin}${path} is already a feed (${format}): its ${items} items are passed through${path === '/news/feed.xml' || path === '/notes/feed.json' ? ' (1 entry repeating an earlier GUID left out)' : ''}; selectors are not applied to it`);
  });

  it('still refuses XML that is not a feed', async () => {
    const error = await engine.generate(config('/sitemap.xml')).catch((caught: unknown) => caught as FeedError);
    expect(error).toMatchObject({ code: 'UnsupportedResponseContentType', message: expect.stringContaining('returned application/xml;') });
  });
});
