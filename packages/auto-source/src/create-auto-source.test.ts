import { FeedError, type AutoSourceDiagnostics, type Scraper } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { createAutoSource } from './create-auto-source.js';
import { defaultTiers } from './tiers.js';
import { context, fixture, page } from './test-support/helpers.js';

async function failure(run: Promise<unknown>): Promise<FeedError & { diagnostics?: AutoSourceDiagnostics }> {
  try {
    await run;
  } catch (error) {
    if (error instanceof FeedError) return error;
    throw error;
  }
  throw new Error('expected a FeedError');
}

describe('createAutoSource', () => {
  const autoSource = createAutoSource();

  it('runs the cascade as data, cheapest tier first, and explains the winner', async () => {
    expect(defaultTiers.map((tier) => tier.scraper.name)).toEqual(['json', 'json-ld', 'microdata', 'app-state', 'wordpress-rest', 'dom']);
    const result = await autoSource.extract(fixture('dom-list.html'), context());
    expect(result.items).toHaveLength(4);
    expect(result.diagnostics.scraper).toBe('dom');
    expect(result.diagnostics.reason).toMatch(/won with score/);
    expect(result.diagnostics.nativeFeeds).toEqual([{ url: 'https://example.test/feed.xml', type: 'application/rss+xml', title: 'News feed' }]);
    // The app state is read after the DOM tier, only when the markup holds no list (tenth session).
    expect(result.diagnostics.steps.map((step) => step.scraper)).toEqual(['native-feeds', 'json', 'json-ld', 'microdata', 'wordpress-rest', 'dom']);
    expect(result.diagnostics.candidates[0]?.scraper).toBe('dom');
    expect(result.diagnostics.candidates[0]?.selectors?.items).toBeTruthy();
  });

  it('stops at the first structured tier that finds a list, after a cross-check with the DOM', async () => {
    const result = await autoSource.extract(fixture('json-ld.html'), context());
    expect(result.diagnostics.scraper).toBe('json-ld');
    expect(result.diagnostics.steps.map((step) => step.scraper)).toEqual(['json', 'json-ld', 'dom']);
    expect(result.diagnostics.steps.at(-1)?.note).toBe('cross-check of json-ld');
  });

  it('lets a page list twice as long win over a partial structured list it contains', async () => {
    const urls = [1, 2, 3, 4, 5, 6, 7, 8].map((index) => `/news/a-story-with-a-long-name-${index}`);
    const jsonLd = { '@type': 'ItemList', itemListElement: urls.slice(0, 3).map((url, index) => ({ '@type': 'ListItem', position: index + 1, url, name: `Story ${index + 1}` })) };
    const html = `<html><head><script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head><body><main>${urls
      .map((url, index) => `<article><h2><a href="${url}">A story with a long name ${index + 1}</a></h2><p>Teaser text number ${index + 1}.</p></article>`)
      .join('')}</main></body></html>`;
    const result = await autoSource.extract(page(html), context());
    expect(result.diagnostics.scraper).toBe('dom');
    expect(result.items).toHaveLength(8);
    expect(result.diagnostics.reason).toMatch(/include the 3 of json-ld/);
  });

  it('classifies an article page as unsupported_surface', async () => {
    const error = await failure(autoSource.extract(fixture('article.html'), context()));
    expect(error.code).toBe('NoScrapersFound');
    expect(error.class).toBe('unsupported_surface');
    expect(error.message).toMatch(/^No scrapers found: .*article/);
    expect(error.hint).toMatch(/listing, changelog or category URLs/);
  });

  it('keeps a long list on a page that wrongly declares og:type=article', async () => {
    const items = Array.from({ length: 12 }, (_, index) => `<li><h3><a href="/news/a-news-story-number-${index}">A news story number ${index}</a></h3></li>`).join('');
    const html = `<html><head><meta property="og:type" content="article"></head><body><main><ul>${items}</ul></main></body></html>`;
    expect((await autoSource.extract(page(html), context())).items).toHaveLength(12);
  });

  it('classifies an app shell as app_shell', async () => {
    const error = await failure(autoSource.extract(fixture('app-shell.html'), context()));
    expect(error.class).toBe('app_shell');
    expect(error.hint).toMatch(/renderer/);
  });

  it('does not call an app with a captcha script blocked', async () => {
    const html = '<html><head><title>My App</title><script src="https://www.google.com/recaptcha/api.js"></script><script src="/app.js"></script></head><body><div id="root"></div></body></html>';
    expect((await failure(autoSource.extract(page(html), context()))).class).toBe('app_shell');
  });

  it('classifies a wall that only the weak signals recognise as blocked_surface', async () => {
    const html = '<html><head><title>Security check</title></head><body><h1>Are you a robot?</h1><p>Please verify you are human to continue.</p><div class="captcha-box"></div></body></html>';
    expect((await failure(autoSource.extract(page(html), context()))).class).toBe('blocked_surface');
  });

  it('classifies a challenge page as blocked_surface', async () => {
    const error = await failure(autoSource.extract(fixture('challenge.html'), context()));
    expect(error.class).toBe('blocked_surface');
    expect(error.hint).toMatch(/renderer/);
  });

  it('attaches diagnostics to failures and points to native feeds', async () => {
    const html = '<html><head><link rel="alternate" type="application/atom+xml" href="/atom.xml"></head><body><p>Hello there, a page with a paragraph of text and nothing else to read here at all. It goes on for a while so that it is not an app shell, just a page without any list in it whatsoever, which is a perfectly normal thing for a web page to be.</p><p>More words, more words, more words, and more words again to make the page long enough.</p><p>Even more words in another paragraph so the visible text is long.</p><p>And one more paragraph to be safe about the length of the text on this page.</p><p>Last one.</p></body></html>';
    const error = await failure(autoSource.extract(page(html), context()));
    expect(error.class).toBe('unsupported_surface');
    expect(error.message).toMatch(/links its own feed/);
    expect(error.diagnostics?.nativeFeeds[0]?.url).toBe('https://example.test/atom.xml');
  });

  it('keeps going when a scraper throws, and records the failure as a step', async () => {
    const broken: Scraper = { name: 'broken', scrape: () => { throw new Error('boom'); } };
    const custom = createAutoSource({ tiers: [{ scraper: broken, minItems: 1 }, ...defaultTiers] });
    const result = await custom.extract(fixture('dom-list.html'), context());
    expect(result.diagnostics.steps.find((step) => step.scraper === 'broken')?.note).toBe('failed: boom');
    expect(result.items).toHaveLength(4);
  });

  it('returns JSON document arrays and fails JSON without them as unsupported', async () => {
    const data = { results: [{ title: 'One' }, { title: 'Two' }] };
    const result = await autoSource.extract({ kind: 'json', url: 'https://example.test/api', text: JSON.stringify(data), data }, context());
    expect(result.items.map((item) => item.title)).toEqual(['One', 'Two']);
    const error = await failure(autoSource.extract({ kind: 'json', url: 'https://example.test/api', text: '{}', data: {} }, context()));
    expect(error.class).toBe('unsupported_surface');
  });
});
