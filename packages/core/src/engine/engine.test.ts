import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkFeed } from '../../../../testing/check-feed.js';
import { requireFeedparser } from '../../../../testing/system.js';
import { noScrapersFound, type FeedError } from '../contracts/errors.js';
import { outsideCharacterData } from '../render/test-support/xml.js';
import { createEngine } from './create-engine.js';
import { fakeAutoSource, fakeStrategy, feedConfig, htmlResult, LISTING_PAGE } from './test-support/helpers.js';

const feedparser = requireFeedparser();

const SELECTORS = {
  items: { selector: 'article' },
  parts: {
    title: { selector: 'h2' },
    url: { selector: 'a', extractor: 'href' as const },
    published_at: { selector: 'time' },
    description: { selector: 'p' },
  },
};

function rejection(promise: Promise<unknown>): Promise<FeedError> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as FeedError,
  );
}

describe('createEngine().generate: fetching', () => {
  it('fetches through the configured strategy with request, headers and the engine context', async () => {
    const plain = fakeStrategy('plain', () => htmlResult(LISTING_PAGE));
    const cache = { name: 'test', get: () => Promise.resolve(undefined), set: () => Promise.resolve(), delete: () => Promise.resolve() };
    const engine = createEngine({ strategies: { plain }, cache, allowPrivateNetworks: true });
    const config = feedConfig({ selectors: SELECTORS, headers: { 'x-token': 't' }, request: { timeout_seconds: 5 } });
    const result = await engine.generate(config);
    expect(plain.calls).toHaveLength(1);
    expect(plain.calls[0]?.request).toMatchObject({ url: 'https://example.com/news/', strategy: 'plain', headers: { 'x-token': 't' }, request: { timeout_seconds: 5 } });
    expect(plain.calls[0]?.context).toEqual({ cache, allowPrivateNetworks: true });
    expect(result.diagnostics).toMatchObject({ strategy: 'plain', status: 200, contentType: 'text/html', itemCounts: { selectors: 2, autoSource: 0, total: 2 } });
    expect(result.feed.items.map((item) => item.url)).toEqual(['https://example.com/a', 'https://example.com/news/b?utm_source=x']);
  });

  it('fails an unknown strategy with UnsupportedStrategy naming the registered ones', async () => {
    const engine = createEngine({ strategies: { plain: fakeStrategy('plain', () => htmlResult('')), renderer: fakeStrategy('renderer', () => htmlResult('')) } });
    const error = await rejection(engine.generate(feedConfig({ strategy: 'browserless' as 'plain', selectors: SELECTORS })));
    expect(error.code).toBe('UnsupportedStrategy');
    expect(error.message).toContain('plain, renderer');
    expect(error.hint).toContain("'renderer'");
  });

  it.each([
    ['a fetched PDF', 'application/pdf', false],
    ['a given XML document that is not a feed', 'text/xml', true],
  ])('rejects %s with UnsupportedResponseContentType naming the type', async (_name, contentType, given) => {
    const plain = fakeStrategy('plain', () => htmlResult('%PDF-1.4', 'https://example.com/news/', contentType));
    const engine = createEngine({ strategies: { plain } });
    // A feed (RSS/Atom) would be passed through (native-feed.test.ts); other XML is refused.
    const source = htmlResult('<?xml version="1.0"?><urlset><url><loc>https://example.com/a</loc></url></urlset>', 'https://example.com/sitemap.xml', contentType);
    const error = await rejection(engine.generate(feedConfig({ selectors: SELECTORS }), given ? { source } : {}));
    expect(error.code).toBe('UnsupportedResponseContentType');
    expect(error.message).toContain(`"${contentType}"`);
  });

  it('uses options.source instead of fetching', async () => {
    const plain = fakeStrategy('plain', () => htmlResult(''));
    const engine = createEngine({ strategies: { plain } });
    const result = await engine.generate(feedConfig({ selectors: SELECTORS }), { source: htmlResult(LISTING_PAGE) });
    expect(plain.calls).toHaveLength(0);
    expect(result.feed.items).toHaveLength(2);
  });

  it('fills declared parameters into the URL before fetching', async () => {
    const plain = fakeStrategy('plain', (request) => htmlResult(LISTING_PAGE, request.url));
    const engine = createEngine({ strategies: { plain } });
    const config = feedConfig({ selectors: SELECTORS, channel: { url: 'https://example.com/tag/%<tag>s' }, parameters: { tag: { pattern: '^[a-z]+$' } } });
    const result = await engine.generate(config, { parameters: { tag: 'news' } });
    expect(plain.calls[0]?.request.url).toBe('https://example.com/tag/news');
    expect(result.feed.channel.url).toBe('https://example.com/tag/news');
  });
});

describe('createEngine().generate: items, channel and warnings', () => {
  const engine = createEngine({ strategies: { plain: fakeStrategy('plain', () => htmlResult(LISTING_PAGE)) } });

  it('surfaces item warnings and never dates an undated item "now"', async () => {
    const result = await engine.generate(feedConfig({ selectors: SELECTORS }));
    expect(result.warnings).toMatchObject([{ code: 'DateUnparseable', item: 1, path: 'selectors.published_at' }]);
    expect(result.feed.items[1]?.published_at).toBeUndefined();
    expect(result.feed.items[0]?.published_at?.toISOString()).toBe('2024-03-05T10:00:00.000Z');
  });

  it('keeps a selector error as a warning', async () => {
    const config = feedConfig({ selectors: { ...SELECTORS, items: { selector: 'article:unknown-pseudo' } } });
    const result = await engine.generate(config, { source: htmlResult(LISTING_PAGE) });
    expect(result.feed.items).toEqual([]);
    expect(result.warnings).toMatchObject([{ code: 'ConfigurationInvalid', path: 'selectors.items.selector' }]);
    expect(result.warnings[0]?.message).toContain('article:unknown-pseudo');
  });

  it('builds the channel from the config, else the page, else the host', async () => {
    const fromConfig = await engine.generate(feedConfig({ selectors: SELECTORS, channel: { title: 'Mine', description: 'D', ttl: 15, language: 'en' } }), { selfUrl: 'https://feeds.test/x.rss' });
    expect(fromConfig.feed.channel).toMatchObject({ title: 'Mine', description: 'D', ttl: 15, language: 'en', self_url: 'https://feeds.test/x.rss' });
    const fromPage = await engine.generate(feedConfig({ selectors: SELECTORS }));
    expect(fromPage.feed.channel).toMatchObject({ title: 'Example News', ttl: 60, language: 'de' });
    expect(fromPage.feed.channel.description).toContain('https://example.com/news/');
    const bare = await engine.generate(feedConfig({ selectors: SELECTORS }), { source: htmlResult('<article><h2><a href="/x">X</a></h2></article>') });
    expect(bare.feed.channel.title).toBe('example.com');
  });

  it('fails a challenge page as a blocked surface, also when it is given as source', async () => {
    const page = readFileSync(new URL('../../../../../shared/corpus/pages/challenge__FlareSolverr__cloudflare_init_v1.html', import.meta.url), "utf8");
    const result = { ...htmlResult(page), status: 403 };
    const error = await rejection(engine.generate(feedConfig({ selectors: SELECTORS }), { source: result }));
    expect(error.code).toBe('BlockedSurface');
    expect(error.class).toBe('blocked_surface');
    expect(error.message).toMatch(/^Blocked surface likely: /);
  });

  it('words a challenge page in automatic mode as the reference does: "No scrapers found", class "Blocked surface likely", its hint', async () => {
    const page = readFileSync(new URL('../../../../../shared/corpus/pages/challenge__FlareSolverr__cloudflare_init_v1.html', import.meta.url), "utf8");
    const automatic = createEngine({ strategies: { plain: fakeStrategy('plain', () => ({ ...htmlResult(page), status: 403 })) }, autoSource: fakeAutoSource(() => { throw new Error('auto-source must not run on a blocked page'); }) });
    const error = await rejection(automatic.generate(feedConfig({ auto_source: { enabled: true } })));
    expect(error.code).toBe('BlockedSurface');
    expect(error.class).toBe('blocked_surface');
    expect(error.message).toMatch(/^No scrapers found: Blocked surface likely: /);
    expect(error.hint).toBe("retry with strategy 'renderer'; try a more specific public listing URL");
  });
});

describe('createEngine().generate: auto-source', () => {
  const plain = fakeStrategy('plain', () => htmlResult(LISTING_PAGE));
  const diagnostics = { candidates: [], nativeFeeds: [], steps: [{ scraper: 'fake', found: 2 }], scraper: 'fake' };

  it('fails with AutoSourceUnavailable when none is injected', async () => {
    const error = await rejection(createEngine({ strategies: { plain } }).generate(feedConfig({ auto_source: { enabled: true } })));
    expect(error.code).toBe('AutoSourceUnavailable');
    expect(error.hint).toContain('createEngine');
  });

  it('puts manual items first, lets auto-source fill in and merges duplicates', async () => {
    const autoSource = fakeAutoSource(() => ({
      items: [{ title: 'Alpha again', url: 'https://example.com/a', author: 'From auto' }, { title: 'Gamma', url: '/c' }],
      diagnostics,
    }));
    const engine = createEngine({ strategies: { plain }, autoSource });
    const result = await engine.generate(feedConfig({ selectors: SELECTORS, auto_source: { enabled: true } }));
    expect(result.feed.items.map((item) => item.title)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(result.feed.items[0]?.author).toBe('From auto');
    expect(result.diagnostics.itemCounts).toEqual({ selectors: 2, autoSource: 2, total: 3 });
    expect(result.diagnostics.autoSource?.scraper).toBe('fake');
  });

  it('propagates "No scrapers found" when there is no manual item, and only warns otherwise', async () => {
    const autoSource = fakeAutoSource(() => {
      throw noScrapersFound('unsupported_surface', 'nothing list-like');
    });
    const engine = createEngine({ strategies: { plain }, autoSource });
    const error = await rejection(engine.generate(feedConfig({ auto_source: { enabled: true } })));
    expect(error.code).toBe('NoScrapersFound');
    expect(error.class).toBe('unsupported_surface');
    const combined = await engine.generate(feedConfig({ selectors: SELECTORS, auto_source: { enabled: true } }));
    expect(combined.feed.items).toHaveLength(2);
    expect(combined.warnings.map((warning) => warning.code)).toContain('NoScrapersFound');
  });
});

describe('createEngine().render', () => {
  it('renders each format', async () => {
    const engine = createEngine({ strategies: { plain: fakeStrategy('plain', () => htmlResult(LISTING_PAGE)) } });
    const { feed } = await engine.generate(feedConfig({ selectors: SELECTORS }));
    expect(engine.render(feed, 'rss')).toContain('<rss version="2.0"');
    expect(engine.render(feed, 'atom')).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
    expect(JSON.parse(engine.render(feed, 'json'))).toMatchObject({ version: 'https://jsonfeed.org/version/1.1' });
  });
});

describe('createEngine: a hostile page still yields valid documents', () => {
  it('keeps NUL, controls, lone surrogates and ]]> out of every format', async () => {
    const page = `<html><head><title>Bad\u0000 page ]]> \uD800</title></head><body>
<article><h2><a href="/x?q=a&amp;b=<c>">Title\u0001 with ]]> and 🎉 \uDC00</a></h2><p onmouseover="x()">Body\u000B <script>alert(1)</script> ]]&gt; text</p></article>
</body></html>`;
    const engine = createEngine({ strategies: { plain: fakeStrategy('plain', () => htmlResult(page)) } });
    const { feed } = await engine.generate(feedConfig({ selectors: SELECTORS }));
    expect(feed.items).toHaveLength(1);
    for (const format of ['rss', 'atom', 'json'] as const) {
      const document = engine.render(feed, format);
      expect(document).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDFFF]|<script|onmouseover/u);
      if (format === 'json') expect(() => JSON.parse(document) as unknown).not.toThrow();
      else expect(outsideCharacterData(document)).not.toContain(']]>');
      if (feedparser.available) {
        const check = checkFeed(document);
        expect(check.ok, check.output).toBe(true);
      }
    }
  });
});

describe('createEngine: configuration without a source of items', () => {
  it("fails with the reference's message", async () => {
    const engine = createEngine({ strategies: { plain: fakeStrategy('plain', () => htmlResult(LISTING_PAGE)) } });
    const error = await rejection(engine.generate(feedConfig({ auto_source: { enabled: false } })));
    expect(error.code).toBe('ConfigurationInvalid');
    expect(error.message).toBe("Configuration must include at least 'selectors' or 'auto_source'");
  });
});
