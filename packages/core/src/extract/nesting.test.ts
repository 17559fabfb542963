import { describe, expect, it } from 'vitest';
import { parseHtmlSource } from '../dom/parse.js';
import { extractItems } from './extract-items.js';
import { compileSelectorsConfig } from './compile.js';

describe('nested matches', () => {
  it('a part matching nested elements takes the outermost ones (no repeated text or HTML)', () => {
    const document = parseHtmlSource('<ul><li><div class="d">outer <div class="d">inner</div></div><div class="d">second</div></li></ul>', 'https://example.com/');
    const selectors = { items: { selector: 'li' }, parts: { title: { selector: '.d' }, description: { selector: '.d', extractor: 'html' as const } } };
    const { drafts } = extractItems(document, selectors, { baseUrl: 'https://example.com/' });
    expect(drafts[0]?.title).toBe('outer inner second');
    // A description nobody reads raw comes back already sanitised (class attributes dropped).
    expect(drafts[0]?.description).toBe('<div>outer <div>inner</div></div><div>second</div>');
  });

  it('keeps the raw outer HTML when a template could read it', () => {
    const document = parseHtmlSource('<ul><li><div class="d">outer <div class="d">inner</div></div></li></ul>', 'https://example.com/');
    const selectors = {
      items: { selector: 'li' },
      parts: {
        title: { selector: '.d', post_process: [{ name: 'template', options: { string: '%{self}' } }] },
        description: { selector: '.d', extractor: 'html' as const },
      },
    };
    const { drafts } = extractItems(document, selectors, { baseUrl: 'https://example.com/' });
    expect(drafts[0]?.description).toBe('<div class="d">outer <div class="d">inner</div></div>');
  });

  it('a selector like `div` over 500 nested levels stays linear per item (it once took minutes)', () => {
    const depth = 500;
    const html = `<body>${'<div><h2>t</h2>'.repeat(depth)}${'</div>'.repeat(depth)}</body>`;
    const document = parseHtmlSource(html, 'https://example.com/');
    const selectors = { items: { selector: 'div' }, parts: { title: { selector: 'h2' }, description: { selector: 'div', extractor: 'html' as const } } };
    compileSelectorsConfig(selectors);
    const { drafts } = extractItems(document, selectors, { baseUrl: 'https://example.com/' });
    expect(drafts).toHaveLength(depth);
    expect(drafts[depth - 1]?.description).toBeUndefined();
  });
});
