import { describe, expect, it } from 'vitest';
import { requireFeedparser } from '../../../testing/system.js';
import { checkFeed } from '../../../testing/check-feed.js';
import { createHarness, feedConfig } from './test-support/app-harness.js';
import { item } from './test-support/fake-engine.js';

/**
 * Issue #18: one feed, one cache entry, one upstream fetch, whatever the Host. Without PUBLIC_URL
 * each Host used to be its own cache entry and its own single flight (50 Hosts, 50 fetches).
 */
const feeds = { news: feedConfig('https://example.com/news') };
requireFeedparser();

describe('the feed cache does not depend on the Host header', () => {
  it('50 Host values read at once cost one generation; each answer links to its own Host', async () => {
    const { app, engine } = createHarness({ feeds });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    engine.setSource(async () => {
      await gate;
      return [item(1)];
    });
    const hosts = Array.from({ length: 50 }, (_unused, index) => `reader-${index}.test:${4000 + index}`);
    const pending = hosts.map((host) => app.request(`http://${host}/api/v1/feeds/news.rss`, { headers: { host } }));
    release();
    const answers = await Promise.all(pending);
    expect(engine.calls()).toBe(1);
    for (const [index, answer] of answers.entries()) {
      const text = await answer.text();
      expect(text).toContain(`href="http://${hosts[index]}/api/v1/feeds/news.rss"`);
      expect(text).not.toContain('.invalid');
    }
    // And later, from yet another Host: still the same entry.
    const later = await app.request('http://late.test/api/v1/feeds/news.atom', { headers: { host: 'late.test' } });
    expect(later.headers.get('x-cache')).toBe('fresh');
    expect(await later.text()).toContain('href="http://late.test/api/v1/feeds/news.atom"');
    expect(engine.calls()).toBe(1);
  });

  it.each(['rss', 'atom', 'json'] as const)('a Host holding quotes and & stays text in %s (the document stays well formed)', async (format) => {
    const { app } = createHarness({ feeds });
    await app.request('/api/v1/feeds/news.rss');
    const host = `a"b&c'd.test`;
    const response = await app.request(`http://${host}/api/v1/feeds/news.${format}`, { headers: { host } });
    expect(response.headers.get('x-cache')).toBe('fresh');
    const text = await response.text();
    if (format === 'json') {
      expect((JSON.parse(text) as { feed_url: string }).feed_url).toBe(`http://${host}/api/v1/feeds/news.json`);
    } else {
      expect(text).toContain('http://a&quot;b&amp;c&apos;d.test/api/v1/feeds/news');
      const checked = checkFeed(text);
      expect(checked.ok, checked.output).toBe(true);
    }
  });

  it('in production without PUBLIC_URL, says at start that links follow the Host', () => {
    const production = createHarness({ feeds, settings: { environment: 'production' } });
    expect(production.logs.some((line) => String(line['message']).startsWith('PUBLIC_URL is not set'))).toBe(true);
    const withPublicUrl = createHarness({ feeds, settings: { environment: 'production', publicUrl: 'https://feeds.example.com' } });
    expect(withPublicUrl.logs.some((line) => String(line['message']).startsWith('PUBLIC_URL is not set'))).toBe(false);
    expect(createHarness({ feeds }).logs.some((line) => String(line['message']).startsWith('PUBLIC_URL is not set'))).toBe(false);
  });
});
