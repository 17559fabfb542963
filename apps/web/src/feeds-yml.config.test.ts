import { readFileSync } from 'node:fs';
import { loadFeedsFile } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { buildFeedsYml } from './feeds-yml.js';

/** What the page hands to users must load with the real feeds.yml loader, unchanged. */
describe('feeds.yml the page offers', () => {
  it('loads the captured-selectors entry with the same selectors', () => {
    const text = buildFeedsYml({
      url: 'https://example.com/news/',
      strategy: 'plain',
      title: 'Example: "news"',
      capture: {
        items: 'body > main > article',
        parts: {
          title: { selector: 'h2 > a' },
          url: { selector: 'h2 > a', extractor: 'href' },
          image: { selector: 'img', extractor: 'attribute', attribute: 'src' },
        },
      },
    });
    const file = loadFeedsFile(text, { env: {} });
    const feed = file.feeds['example-com-news'];
    expect(feed?.channel).toMatchObject({ url: 'https://example.com/news/', title: 'Example: "news"' });
    expect(feed?.strategy).toBe('plain');
    expect(feed?.selectors?.items.selector).toBe('body > main > article');
    expect(feed?.selectors?.parts['url']).toMatchObject({ selector: 'h2 > a', extractor: 'href' });
    expect(feed?.selectors?.parts['image']).toMatchObject({ selector: 'img', extractor: 'attribute', attribute: 'src' });
  });

  it('loads the auto-source entry with automatic extraction on', () => {
    const file = loadFeedsFile(buildFeedsYml({ url: 'https://example.com/', strategy: 'renderer' }), { env: {} });
    const feed = file.feeds['example-com'];
    expect(feed?.strategy).toBe('renderer');
    expect(feed?.auto_source?.enabled).toBe(true);
  });

  it('loads the example in the selectors guide', () => {
    const guide = readFileSync(new URL('../selectors.html', import.meta.url), 'utf8');
    const example = /<pre><code>([\s\S]*?)<\/code><\/pre>/.exec(guide)?.[1];
    expect(example).toBeDefined();
    const file = loadFeedsFile(example ?? '', { env: {} });
    expect(file.feeds['example-news']?.selectors?.parts['published_at']?.post_process?.[0]?.name).toBe('parse_time');
  });
});
