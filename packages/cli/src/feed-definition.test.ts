import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from './main.js';
import { captureIo } from './test-support/capture-io.js';

const PAGE = `<!doctype html><html><body><main>
<article><h2><a href="/posts/1">First post</a></h2></article>
<article><h2><a href="/posts/2">Second post</a></h2></article>
</main></body></html>`;

/** An html2rss config as its users write it: channel and selectors at the top level, no feeds:. */
const SINGLE = `channel:
  url: https://example.com/posts
  title: Posts
selectors:
  items:
    selector: main article
  title:
    selector: h2 a
  url:
    selector: h2 a
    extractor: href
`;

describe('pagefeed feed FILE', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'pagefeed-single-'));
    writeFileSync(join(folder, 'page.html'), PAGE);
    writeFileSync(join(folder, 'posts.yml'), SINGLE);
    const indented = `${SINGLE.trimEnd().replace(/^/gm, '    ')}\n`;
    writeFileSync(join(folder, 'one.yml'), `feeds:\n  posts:\n${indented}`);
    writeFileSync(join(folder, 'two.yml'), `feeds:\n  a:\n${indented}  b:\n${indented}`);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('runs a single html2rss feed config (no feeds:) without a name', async () => {
    const io = captureIo({}, folder);
    expect(await run(['feed', 'posts.yml', '--input', 'page.html', '--format', 'json'], io), io.err()).toBe(0);
    const feed = JSON.parse(io.out()) as { title: string; items: { title: string; url: string }[] };
    expect(feed.title).toBe('Posts');
    expect(feed.items.map((item) => [item.title, item.url])).toEqual([
      ['First post', 'https://example.com/posts/1'],
      ['Second post', 'https://example.com/posts/2'],
    ]);
  });

  it('says a single config takes no name, and runs a feeds.yml of one feed without its name', async () => {
    const named = captureIo({}, folder);
    expect(await run(['feed', 'posts.yml', 'posts', '--input', 'page.html'], named)).toBe(2);
    expect(named.err()).toContain('posts.yml is a single feed config (no feeds:), so it takes no feed name');
    const one = captureIo({}, folder);
    expect(await run(['feed', 'one.yml', '--input', 'page.html'], one), one.err()).toBe(0);
    expect(one.out()).toContain('First post');
  });

  it('asks for the name when a feeds.yml holds several, naming them', async () => {
    const io = captureIo({}, folder);
    expect(await run(['feed', 'two.yml', '--input', 'page.html'], io)).toBe(2);
    expect(io.err()).toContain('two.yml defines the feeds a, b');
  });
});
