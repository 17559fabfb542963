import { createAutoSource } from '@pagefeed/auto-source';
import { createEngine, type FetchResult, type FetchStrategy } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { verifyFeedToken } from './auth/feed-token.js';
import { createHarness, SECRET } from './test-support/app-harness.js';

/** The picker's server side: POST /snapshot, and selectors feeds through POST /feeds and /preview. */
const LIST = Array.from({ length: 6 }, (_, index) => `<article class="post" data-id="${index}"><h2><a href="/posts/${index + 1}">Post number ${index + 1}</a></h2><time datetime="2026-01-0${index + 1}">Jan ${index + 1}</time><p>Summary ${index + 1} of the post.</p><img src="/img/${index}.png" alt=""></article>`).join('\n');
const PAGE = `<!doctype html><html><head><title>Blog</title><style>.post{margin:1em;background:url(/bg.png)}</style><script>alert(1)</script></head>
<body><nav><a href="/">Home</a><a href="/about">About</a></nav><main>${LIST}</main></body></html>`;

function harness(body = PAGE, contentType = 'text/html', settings = {}) {
  const fetched: string[] = [];
  const page = (url: string): FetchResult => ({ url, status: 200, headers: {}, body, contentType });
  const strategy = (name: string): FetchStrategy => ({ name, fetch: async (request) => (fetched.push(request.url), page(request.url)) });
  const strategies = { plain: strategy('plain'), renderer: strategy('renderer') };
  const engine = createEngine({ strategies, autoSource: createAutoSource() });
  const fetchPage = ({ url, strategy: name }: { url: string; strategy: 'plain' | 'renderer' }) => strategies[name].fetch({ url, strategy: name, headers: {}, request: {} }, {});
  return { fetched, ...createHarness({ engine: engine as never, deps: { engine, fetchPage }, settings: { bodyLimitBytes: 65536, ...settings } }) };
}

const SELECTORS = { title: { selector: 'h2 a' }, link: { selector: 'h2 a', extractor: 'href' }, published_at: { selector: 'time', extractor: 'attribute', attribute: 'datetime' } };

describe('POST /api/v1/snapshot', () => {
  it('returns the page sanitised, with auto-source candidates whose item selectors find the items', async () => {
    const { post, bearer, fetched } = harness();
    const response = await post('/api/v1/snapshot', { url: 'https://blog.example/list' }, bearer());
    expect(response.status).toBe(200);
    const body = (await response.json()) as { html: string; styles: string[]; title: string; images: string; candidates: { items: string; score: number; item_count: number }[]; removed: Record<string, number> };
    expect(fetched).toEqual(['https://blog.example/list']); // one fetch for the snapshot and auto-source
    expect(body.title).toBe('Blog');
    expect(body.images).toBe('off');
    expect(body.html).not.toMatch(/<script|alert|\ssrc=/);
    expect(body.html).toContain('data-pf-src="https://blog.example/img/0.png"');
    expect(body.styles.join('')).not.toContain('url(');
    expect(body.removed).toMatchObject({ script: 1, image: 6 });
    expect(body.candidates.length).toBeGreaterThan(0);
    const best = body.candidates[0]!;
    expect(best.item_count).toBe(6);
    expect(best.items).toMatch(/article|post/);
  });

  it('returns the page with auto_failure when auto-source finds no list', async () => {
    const { post, bearer } = harness('<html><body><p>Just one paragraph.</p></body></html>');
    const response = await post('/api/v1/snapshot', { url: 'https://blog.example/' }, bearer());
    expect(response.status).toBe(200);
    const body = (await response.json()) as { candidates: unknown[]; auto_failure: { code: string }; html: string };
    expect(body.candidates).toEqual([]);
    expect(body.auto_failure.code).toBe('NoScrapersFound');
    expect(body.html).toContain('Just one paragraph.');
  });

  it('refuses what is not HTML, callers without a token, and SNAPSHOT_IMAGES=direct loads pictures', async () => {
    const json = harness('{"a":1}', 'application/json');
    const refused = await json.post('/api/v1/snapshot', { url: 'https://blog.example/api' }, json.bearer());
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('UnsupportedResponseContentType');
    expect((await json.post('/api/v1/snapshot', { url: 'https://blog.example/' })).status).toBe(401);
    const direct = harness(PAGE, 'text/html', { snapshotImages: 'direct' });
    const body = (await (await direct.post('/api/v1/snapshot', { url: 'https://blog.example/' }, direct.bearer())).json()) as { html: string; images: string };
    expect(body.images).toBe('direct');
    expect(body.html).toContain('src="https://blog.example/img/0.png"');
  });
});

describe('selectors feeds through POST /api/v1/feeds', () => {
  it('creates a feed from selectors and items; reading it serves the selected items', async () => {
    const { post, bearer, app } = harness();
    const response = await post('/api/v1/feeds', { url: 'https://blog.example/list', items: { selector: 'article.post' }, selectors: SELECTORS }, bearer());
    expect(response.status).toBe(201);
    const { feed, preview } = (await response.json()) as { feed: { token: string; links: { json: string } }; preview: { items: { title: string; url: string; published_at: string }[] } };
    expect(preview.items.map((item) => item.title)).toEqual(['Post number 1', 'Post number 2', 'Post number 3', 'Post number 4', 'Post number 5']);
    expect(preview.items[0]).toMatchObject({ url: 'https://blog.example/posts/1', published_at: '2026-01-01T00:00:00.000Z' });
    expect(verifyFeedToken(feed.token, SECRET)?.selectors).toEqual({ ...SELECTORS, items: { selector: 'article.post' } });
    const read = await app.request(new URL(feed.links.json).pathname);
    expect(read.status).toBe(200);
    const document = (await read.json()) as { items: { title: string }[] };
    expect(document.items).toHaveLength(6);
    expect(document.items[5]?.title).toBe('Post number 6');
  });

  it('validates like feeds.yml: every problem with its path, status 400', async () => {
    const { post, bearer } = harness();
    const response = await post('/api/v1/feeds', { url: 'https://blog.example/list', items: { selector: 'article[' }, selectors: { title: { selector: 'a', extractor: 'hrf' } } }, bearer());
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('ConfigurationInvalid');
    expect(error.message).toContain('selectors.items.selector');
    expect(error.message).toContain("Did you mean 'href'?");
  });

  it.each([
    ['selectors without items', { selectors: SELECTORS }, 'ConfigurationInvalid', "missing required key 'items'"],
    ['items twice', { items: { selector: 'a' }, selectors: { items: { selector: 'b' } } }, 'InputInvalid', 'given twice'],
    ['selectors that are not a mapping', { selectors: ['h2'] }, 'InputInvalid', "'selectors' must be a mapping"],
    ['selectors too long', { items: { selector: 'article' }, selectors: { title: { selector: `a${'.x'.repeat(3000)}` } } }, 'InputInvalid', 'longer than 4096'],
  ])('refuses %s', async (_name, extra, code, message) => {
    const { post, bearer } = harness();
    const response = await post('/api/v1/feeds', { url: 'https://blog.example/list', ...extra }, bearer());
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe(code);
    expect(error.message).toContain(message);
  });

  it('keeps the account URL rules for selectors feeds', async () => {
    const { post, bearer } = harness();
    const limited = createHarness({ accounts: [{ username: 'ann', token: 'ann-token', allowed_urls: ['https://allowed.example/*'] }] });
    const response = await limited.post('/api/v1/feeds', { url: 'https://blog.example/list', items: { selector: 'article' } }, limited.bearer('ann-token'));
    expect(response.status).toBe(403);
    expect((await post('/api/v1/preview', { url: 'ftp://blog.example/', items: { selector: 'article' } }, bearer())).status).toBe(400);
  });

  it('previews a selectors config without creating anything', async () => {
    const { post, bearer } = harness();
    const response = await post('/api/v1/preview', { url: 'https://blog.example/list', items: { selector: 'article.post' }, selectors: SELECTORS }, bearer());
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: { title: string }[]; capture?: unknown };
    expect(body.items).toHaveLength(6);
    expect(body.capture).toBeUndefined();
  });
});
