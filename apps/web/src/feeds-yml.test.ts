import { describe, expect, it } from 'vitest';
import { buildFeedsYml, feedNameFor } from './feeds-yml.js';

describe('feedNameFor', () => {
  it('slugs host and path', () => {
    expect(feedNameFor('https://www.Example.com/news/latest/')).toBe('example-com-news-latest');
  });
  it('falls back for text that is not a URL', () => {
    expect(feedNameFor('???')).toBe('my-feed');
  });
});

describe('buildFeedsYml', () => {
  it('writes captured selectors as html2rss-style parts under selectors', () => {
    const yaml = buildFeedsYml({
      url: 'https://example.com/blog/',
      strategy: 'plain',
      title: 'Example "blog"',
      capture: {
        items: 'main article',
        parts: {
          title: { selector: 'h2' },
          url: { selector: 'a:first', extractor: 'href' },
          image: { selector: 'img', extractor: 'attribute', attribute: 'src' },
        },
      },
    });
    expect(yaml).toBe(
      [
        'feeds:',
        '  example-com-blog:',
        '    channel:',
        '      url: "https://example.com/blog/"',
        '      title: "Example \\"blog\\""',
        '    strategy: plain',
        '    selectors:',
        '      items:',
        '        selector: "main article"',
        '      title:',
        '        selector: "h2"',
        '      url:',
        '        selector: "a:first"',
        '        extractor: href',
        '      image:',
        '        selector: "img"',
        '        extractor: attribute',
        '        attribute: "src"',
        '',
      ].join('\n'),
    );
  });

  it('keeps auto-source on when nothing was captured', () => {
    const yaml = buildFeedsYml({ url: 'https://example.com/', strategy: 'renderer' });
    expect(yaml).toContain('    strategy: renderer\n    auto_source: {}\n');
    expect(yaml).not.toContain('selectors:');
  });
});
