import { describe, expect, it } from 'vitest';
import { parseHtmlSource } from '../dom/parse.js';
import { extractItems } from './extract-items.js';

// The example config of docs/post-processors.md, so the documentation stays true.
describe('documented example', () => {
  it('chains template, gsub, substring, parse_time and the markdown round trip', () => {
    const page = parseHtmlSource(
      `<article class="post"><h2><a href="/a/1">Neues Modell</a></h2><p class="byline">Ada</p>
       <p class="meta">Veröffentlicht am 5. März 2024, 14:30 Uhr</p>
       <div class="teaser"><h3>Kurz</h3><p>Ein <em>Test</em></p></div></article>`,
      'https://news.example/',
    );
    const { drafts, warnings } = extractItems(
      page,
      {
        items: { selector: 'article.post' },
        parts: {
          title: { selector: 'h2', post_process: [{ name: 'template', options: { string: '%{self} (by %{writer})' } }] },
          writer: { selector: '.byline' },
          url: { selector: 'h2 a', extractor: 'href' },
          published_at: {
            selector: '.meta',
            post_process: [
              { name: 'gsub', options: { pattern: '/^Veröffentlicht am\\s*/', replacement: '' } },
              { name: 'substring', options: { start: 0, end: -5 } },
              { name: 'parse_time', options: { time_zone: 'Europe/Berlin' } },
            ],
          },
          description: {
            selector: '.teaser',
            extractor: 'html',
            post_process: [
              { name: 'html_to_markdown', options: {} },
              { name: 'markdown_to_html', options: {} },
            ],
          },
        },
      },
      { baseUrl: page.url },
    );
    expect(warnings).toEqual([]);
    expect(drafts).toEqual([
      {
        title: 'Neues Modell (by Ada)',
        url: 'https://news.example/a/1',
        published_at: new Date('2024-03-05T13:30:00Z'),
        description: '<h3>Kurz</h3>\n<p>Ein <em>Test</em></p>',
      },
    ]);
  });
});
