import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, startFixtureServer, type FixtureServer } from '../../../../testing/fixture-server.js';
import { run } from '../main.js';
import { captureIo } from '../test-support/capture-io.js';

const PARAGRAPH = 'A sentence of the article body, with commas, long enough to count as real text for the scorer.';
const ARTICLE = `<html><head><title>Post</title><meta property="og:title" content="The post"></head><body>
  <nav><a href="/">Home</a><a href="/about">About</a></nav>
  <article><h1>The post</h1>${[1, 2, 3].map((n) => `<p>${n}: ${PARAGRAPH}</p>`).join('')}<p><a href="/next">Next part</a> of the story, with a link in the text.</p></article>
  <footer>Footer</footer></body></html>`;

const dir = mkdtempSync(join(tmpdir(), 'pagefeed-cli-beyond-'));
let server: FixtureServer;
beforeAll(async () => {
  writeFileSync(join(dir, 'post.html'), ARTICLE);
  writeFileSync(join(dir, 'feeds.yml'), `feeds:
  news:
    channel: { url: "https://example.com/news", title: "News & more" }
    auto_source: true
  search:
    channel: { url: "https://example.com/search?q=%<q>s" }
    parameters: { q: {} }
    auto_source: true
`);
  server = await startFixtureServer({ '/post': html(ARTICLE) });
});
afterAll(() => server.close());

describe('pagefeed article', () => {
  it('prints the readable article of a saved page as text, html or json', async () => {
    const text = captureIo({}, dir);
    expect(await run(['article', 'https://example.com/post', '--input', 'post.html', '--format', 'text'], text)).toBe(0);
    expect(text.out()).toBe(`${[1, 2, 3].map((n) => `${n}: ${PARAGRAPH}`).join('\n\n')}\n\nNext part of the story, with a link in the text.\n`);
    const htmlIo = captureIo({}, dir);
    expect(await run(['article', 'https://example.com/post', '--input', 'post.html'], htmlIo)).toBe(0);
    expect(htmlIo.out()).toContain('<a href="https://example.com/next">Next part</a>');
    const json = captureIo({}, dir);
    expect(await run(['article', 'https://example.com/post', '--input', 'post.html', '--format', 'json'], json)).toBe(0);
    expect(JSON.parse(json.out())).toMatchObject({ url: 'https://example.com/post', title: 'The post', method: 'scored' });
  });

  it('fetches the page through the plain strategy', async () => {
    const io = captureIo({ ALLOW_PRIVATE_NETWORKS: 'true' }, dir);
    expect(await run(['article', `${server.origin}/post`, '--format', 'text'], io)).toBe(0);
    expect(io.out()).toContain(`3: ${PARAGRAPH}`);
    expect(server.hits.get('/post')).toBe(1);
  });

  it('explains bad input: no URL, a bad format, invalid CSS, a selector matching nothing', async () => {
    const cases: [string[], number, RegExp][] = [
      [['article'], 2, /article expects exactly one <url>/],
      [['article', 'https://example.com/post', '--input', 'post.html', '--format', 'pdf'], 2, /--format must be one of html, text, json/],
      [['article', 'https://example.com/post', '--input', 'post.html', '--selector', 'p['], 2, /--selector "p\[" is not a valid CSS selector/],
      [['article', 'https://example.com/post', '--input', 'post.html', '--selector', '.missing'], 1, /No article text found on https:\/\/example.com\/post with the selector ".missing"/],
    ];
    for (const [argv, code, message] of cases) {
      const io = captureIo({}, dir);
      expect(await run(argv, io), argv.join(' ')).toBe(code);
      expect(io.err()).toMatch(message);
    }
  });
});

describe('pagefeed opml', () => {
  it('prints the predefined feeds as OPML at the given base URL, naming feeds it leaves out', async () => {
    const io = captureIo({}, dir);
    expect(await run(['opml', 'feeds.yml', '--base-url', 'https://feeds.example.org/'], io)).toBe(0);
    expect(io.out()).toContain('<outline type="rss" text="News &amp; more" title="News &amp; more" xmlUrl="https://feeds.example.org/api/v1/feeds/news.rss" htmlUrl="https://example.com/news"/>');
    expect(io.out()).not.toContain('search');
    expect(io.err()).toMatch(/feed "search" left out/);
  });

  it('refuses a base URL that is not http(s)', async () => {
    const io = captureIo({}, dir);
    expect(await run(['opml', 'feeds.yml', '--base-url', 'feeds.example.org'], io)).toBe(2);
    expect(io.err()).toMatch(/--base-url must be an absolute http\(s\) address/);
  });
});
