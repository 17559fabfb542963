import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleKey, createMemoryFirstSeen, FeedError, firstSeenKey, type FeedConfig, type FetchResult, type FetchStrategy } from '@pagefeed/core';
import { createMemoryCache, createStrategies } from '@pagefeed/fetchers';
import { html, startFixtureServer, type FixtureServer } from '../../../../testing/fixture-server.js';
import { createExtractionPool, type ExtractionPool } from './extraction-pool.js';
import { createPooledEngine } from './pooled-engine.js';
import { gunzipSync } from 'node:zlib';
import { hashedModelOf } from '../serving/feed-model.js';
import { SELF_ORIGIN } from '../serving/self-links.js';

/**
 * The extraction pool with real worker threads running the real engine (core + auto-source);
 * pages come from a loopback fixture server through the real plain strategy, or from a strategy
 * that hands over a page made here. Failure handling: a task that overruns its budget, a worker
 * that throws, a worker that crashes: each ends with a clear error, the worker is replaced, and
 * the next task succeeds.
 */
function listPage(items: number): string {
  const entries = Array.from({ length: items }, (_, index) => `<article><h2><a href="/p/${index}">Post number ${index} of the list</a></h2><p>Teaser ${index}</p></article>`);
  return `<!doctype html><html><head><title>Harbour news</title></head><body><main>${entries.join('\n')}</main></body></html>`;
}

function articlePage(index: number): string {
  const paragraphs = Array.from({ length: 6 }, (_, n) => `<p>Paragraph ${n} of article ${index}: the harbour master reported the tide, the ferries and the weather in some detail for readers.</p>`);
  return `<!doctype html><html><head><title>Post ${index}</title></head><body><nav><a href="/">Home</a></nav><article><h1>Post number ${index}</h1>${paragraphs.join('')}</article></body></html>`;
}

function config(url: string, extra: Partial<FeedConfig> = {}): FeedConfig {
  return { channel: { url }, strategy: 'plain', headers: {}, auto_source: { enabled: true }, stylesheets: [], request: {}, parameters: {}, ...extra };
}

/** A strategy answering from memory: `body` for every URL (a test page, or a malformed result). */
function memoryStrategy(result: (url: string) => FetchResult): FetchStrategy {
  return { name: 'plain', fetch: async (request) => result(request.url) };
}

let source: FixtureServer;
const pools: ExtractionPool[] = [];
function pool(options: Partial<Parameters<typeof createExtractionPool>[0]> = {}): ExtractionPool {
  const created = createExtractionPool({ size: 1, budgetMs: 60_000, strategies: createStrategies({}), context: { allowPrivateNetworks: true }, autoSource: true, ...options });
  pools.push(created);
  return created;
}

beforeAll(async () => {
  const articles = Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`/p/${index}`, html(articlePage(index))]));
  source = await startFixtureServer({ '/news': html(listPage(12)), ...articles });
});
afterAll(async () => {
  await Promise.all(pools.map((each) => each.close()));
  await source.close();
});

describe('extraction pool', () => {

  it('generates and renders a feed in a worker from a page the main thread fetched', async () => {
    const subject = pool({ size: 2 });
    const { result, documents } = await subject.run({ config: config(`${source.origin}/news`), render: [{ format: 'rss', selfUrl: 'http://feeds.test/f.rss' }, { format: 'json' }] });
    expect(result.feed.items).toHaveLength(12);
    expect(result.feed.items[0]?.title).toBe('Post number 0 of the list');
    expect(result.diagnostics.autoSource?.scraper).toBeDefined();
    expect(documents.rss).toContain('<atom:link href="http://feeds.test/f.rss"');
    expect(documents.rss).toContain('Post number 11 of the list');
    expect(JSON.parse(documents.json!).items).toHaveLength(12);
    expect(source.hits.get('/news')).toBe(1);
  });

  it('hands back a FeedError as the same FeedError and keeps the worker', async () => {
    const subject = pool();
    const error = await subject.run({ config: config(`${source.origin}/missing`) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FeedError);
    expect(error).toMatchObject({ code: 'UpstreamHttpError' });
    expect(subject.started()).toBe(1);
    const page = await subject.run({ config: config(`${source.origin}/news`) });
    expect(page.result.feed.items).toHaveLength(12);
    expect(subject.started()).toBe(1);
  });

  it('ends a task past its budget with ExtractionTimeout, replaces the worker and runs the next task', async () => {
    const big = listPage(40_000);
    const strategies = { plain: memoryStrategy((url) => ({ url, status: 200, headers: {}, contentType: 'text/html', body: url.endsWith('/big') ? big : listPage(5) })) };
    // 40,000 items take far longer than 30 ms on any machine; the small page is given the default budget below.
    const subject = pool({ budgetMs: 30, strategies });
    const error = await subject.run({ config: config('https://example.com/big') }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FeedError);
    expect(error).toMatchObject({
      code: 'ExtractionTimeout',
      message: 'Extracting items from https://example.com/big took longer than its budget of 0.03 s and was stopped.',
      hint: expect.stringContaining('raise the budget with EXTRACTION_TIMEOUT_SECONDS'),
    });
    expect(subject.started()).toBe(2);
    const roomy = pool({ strategies });
    expect((await roomy.run({ config: config('https://example.com/small') })).result.feed.items).toHaveLength(5);
  });

  it('replaces a worker whose task throws something other than a FeedError', async () => {
    // A fetch result without a body: the engine fails with a TypeError, a bug rather than an answer.
    const strategies = { plain: memoryStrategy((url) => (url.endsWith('/broken') ? ({ url, status: 200, headers: {}, contentType: 'text/html' } as unknown as FetchResult) : { url, status: 200, headers: {}, contentType: 'text/html', body: listPage(3) })) };
    const subject = pool({ strategies });
    const error = await subject.run({ config: config('https://example.com/broken') }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(FeedError);
    expect((error as Error).name).toBe('TypeError');
    expect(subject.started()).toBe(2);
    expect((await subject.run({ config: config('https://example.com/fine') })).result.feed.items).toHaveLength(3);
  });

  it('replaces a worker that crashes (out of memory) and says so to the caller', async () => {
    const huge = listPage(200_000);
    const strategies = { plain: memoryStrategy((url) => ({ url, status: 200, headers: {}, contentType: 'text/html', body: url.endsWith('/huge') ? huge : listPage(4) })) };
    // A 64 MiB heap holds the engine and a small page, not the DOM of 200,000 items.
    const subject = pool({ strategies, maxHeapMb: 64 });
    const error = await subject.run({ config: config('https://example.com/huge') }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^The extraction worker (failed|stopped unexpectedly).* while generating the feed of https:\/\/example\.com\/huge; it has been replaced$/);
    expect(subject.started()).toBe(2);
    expect((await subject.run({ config: config('https://example.com/after') })).result.feed.items).toHaveLength(4);
  });

  it('refuses new tasks once closed', async () => {
    const subject = pool();
    await subject.close();
    await expect(subject.run({ config: config(`${source.origin}/news`) })).rejects.toThrow(/closed/);
  });
});

describe('worker options', () => {
  it('drops the options that change module loading, with their values, and keeps the rest', async () => {
    const { workerExecArgv } = await import('./worker-entry.js');
    expect(workerExecArgv(['--conditions=source', '--import', 'tsx', '--enable-source-maps', '-C', 'source', '--import=./trace.mjs', '--max-old-space-size=512'])).toEqual(['--enable-source-maps', '--max-old-space-size=512']);
  });

  it("keeps first-seen times and full-text articles on the main thread, shared by every worker", async () => {
    const firstSeen = createMemoryFirstSeen();
    const cache = createMemoryCache();
    const subject = pool({ size: 2, shared: { firstSeen, cache } });
    const feed = config(`${source.origin}/news`, { full_text: { max_items: 3 } });
    // Two tasks at once run on the two workers; a third runs after them on either.
    const runs = await Promise.all([subject.run({ config: feed, render: [{ format: 'atom' }] }), subject.run({ config: feed, render: [{ format: 'atom' }] })]);
    const hits = () => [0, 1, 2].map((index) => source.hits.get(`/p/${index}`) ?? 0);
    const before = hits();
    const third = await subject.run({ config: feed, render: [{ format: 'atom' }] });
    const updated = (document: string | undefined) => [...(document ?? '').matchAll(/<entry>[\s\S]*?<updated>([^<]+)<\/updated>/g)].map((match) => match[1]);
    // The items are undated: Atom dates them by first sight, the same on every worker and run.
    const first = updated(runs[0].documents.atom);
    expect(first).toHaveLength(12);
    expect(updated(runs[1].documents.atom)).toEqual(first);
    expect(updated(third.documents.atom)).toEqual(first);
    // The main thread's store holds them: asked later, it answers the times it gave the workers.
    const guids = third.result.feed.items.map((item) => item.guid);
    const kept = await firstSeen.remember(firstSeenKey(`${source.origin}/news`), guids, Date.now() + 3_600_000);
    expect(guids.every((guid) => (kept.get(guid) ?? Infinity) < Date.now() + 1_000)).toBe(true);
    // Full text: the articles are in the main thread's cache, and the third run fetched none again.
    expect(third.result.feed.items[0]?.content).toContain('Paragraph 3 of article 0');
    expect(hits()).toEqual(before);
    expect(await cache.get(articleKey(`${source.origin}/p/0`, undefined))).toBeDefined();
  });

  it("extracts one page's article (the preview's full text) through the pooled engine", async () => {
    const engine = createPooledEngine({ size: 1, budgetMs: 60_000, strategies: createStrategies({}), context: { allowPrivateNetworks: true }, autoSource: true });
    try {
      const article = await engine.article!(`${source.origin}/p/4`);
      expect(article.text).toContain('Paragraph 5 of article 4');
      expect(article.text).not.toContain('Home');
    } finally {
      await engine.close();
    }
  });

  it('makes the cache model and content hash in the worker when asked, as the main thread would', async () => {
    const subject = pool();
    const plain = await subject.run({ config: config(`${source.origin}/news`) });
    expect(plain.model).toBeUndefined();
    const { result, model } = await subject.run({ config: config(`${source.origin}/news`), model: true });
    expect(model).toEqual({ ...hashedModelOf(plain.result.feed), updatedAt: model!.updatedAt });
    expect(model).toMatchObject({ title: plain.result.feed.channel.title, itemCount: 12 });
    expect(JSON.parse(model!.model).items).toHaveLength(12);
    // The feed crossed once, as the model; read from the result, it is revived from it: the same feed.
    expect(result.feed).toEqual({ ...plain.result.feed, channel: { ...plain.result.feed.channel, updated_at: result.feed.channel.updated_at } });
    expect(result.diagnostics.timings.fetchMs).toBeGreaterThanOrEqual(0);
    expect(result.diagnostics.itemCounts.total).toBe(12);
  });

  it('makes the answer bytes of a render request that asks for them, handed over as buffers', async () => {
    const subject = pool();
    const { documents, encoded } = await subject.run({
      config: config(`${source.origin}/news`),
      render: [{ format: 'rss', selfUrl: `${SELF_ORIGIN}/f.rss`, answer: { origin: 'http://reader.test', encoding: 'gzip' } }, { format: 'json' }],
    });
    expect(encoded).toHaveLength(1);
    const [rss] = encoded!;
    expect(rss).toMatchObject({ format: 'rss', origin: 'http://reader.test', encoding: 'gzip' });
    const text = new TextDecoder().decode(rss!.plain);
    expect(text).toBe(documents.rss!.replaceAll(SELF_ORIGIN, 'http://reader.test'));
    expect(text).toContain('<atom:link href="http://reader.test/f.rss"');
    expect(gunzipSync(rss!.compressed!).toString('utf8')).toBe(text);
  });
});
