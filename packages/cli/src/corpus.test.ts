import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { checkFeed } from '../../../testing/check-feed.js';
import { requireFeedparser } from '../../../testing/system.js';
import { run } from './main.js';
import { captureIo } from './test-support/capture-io.js';

const CORPUS = new URL('../../../../shared/corpus/', import.meta.url).pathname;
const page = (name: string) => join(CORPUS, 'pages', name);
const truth = (name: string) => JSON.parse(readFileSync(join(CORPUS, 'truth', `${name}.json`), 'utf8')) as { url: string; expected_urls: string[] };
const feedparser = requireFeedparser();

describe('pagefeed on saved corpus pages (--input)', () => {
  it('auto classifies a challenge page as blocked, as JSON on stderr', async () => {
    const io = captureIo();
    const code = await run(['auto', 'https://nowsecure.nl/', '--input', page('challenge__FlareSolverr__cloudflare_init_v1.html'), '--format', 'json', '--json-errors'], io);
    expect(code).toBe(1);
    expect(io.out()).toBe('');
    const { error } = JSON.parse(io.err()) as { error: { code: string; class: string; hint: string } };
    expect(error).toMatchObject({ code: 'BlockedSurface', class: 'blocked_surface' });
    expect(error.hint).toMatch(/renderer/);
  });

  it('auto --explain shows what was tried when a page is not a list', async () => {
    const io = captureIo();
    expect(await run(['auto', 'https://xkcd.com/', '--input', page('huginn__xkcd_home.html'), '--explain'], io)).toBe(1);
    expect(io.err()).toMatch(/step dom: \d+ found/);
    expect(io.err()).toMatch(/candidates \(\d+\):/);
    expect(io.err()).toMatch(/pagefeed: NoScrapersFound: No scrapers found/);
    expect(io.err()).toMatch(/hint: use listing, changelog or category URLs/);
  });

  it('auto builds a JSON Feed from a listing and explains the winner', async () => {
    const name = 'feedless__06-jon-bo-posts';
    const io = captureIo();
    expect(await run(['auto', truth(name).url, '--input', page(`${name}.html`), '--format', 'json', '--explain'], io)).toBe(0);
    const feed = JSON.parse(io.out()) as { items: { url: string }[] };
    expect(feed.items.map((item) => item.url)).toEqual(truth(name).expected_urls);
    expect(io.err()).toMatch(/winner: \S+/);
    expect(io.err()).toMatch(/candidates \(\d+\):/);
  });

  it.skipIf(!feedparser.available)('feed renders a feeds.yml entry over a saved page in all three formats, each valid for feedparser', async () => {
    const name = 'html2rss__nuxt_releases_2019';
    const folder = mkdtempSync(join(tmpdir(), 'pagefeed-cli-'));
    // The html2rss community config for GitHub releases, as a feeds.yml entry with a parameter.
    writeFileSync(
      join(folder, 'feeds.yml'),
      [
        'feeds:',
        '  releases:',
        '    parameters: { repository: { default: "nuxt.js" } }',
        '    channel: { url: "https://github.com/nuxt/%<repository>s/releases", time_zone: UTC }',
        '    selectors:',
        '      items: { selector: "div.release-entry" }',
        '      title: { selector: ".release-header .text-normal a, .release-title a" }',
        '      url: { selector: ".release-header .text-normal a, .release-title a", extractor: href }',
        '      published_at: { selector: "relative-time", extractor: attribute, attribute: datetime }',
        '      description: { selector: ".markdown-body", extractor: html, post_process: [{ name: sanitize_html }] }',
        '',
      ].join('\n'),
    );
    for (const format of ['rss', 'atom', 'json'] as const) {
      const io = captureIo({}, folder);
      const code = await run(['feed', 'feeds.yml', 'releases', '--input', page(`${name}.html`), '--format', format, '--param', 'repository=nuxt.js'], io);
      expect(io.err()).not.toMatch(/pagefeed:/);
      expect(code).toBe(0);
      const check = checkFeed(io.out());
      expect(check.output).toMatch(new RegExp(`${format === 'json' ? 'json' : format}.*10 items`, 'i'));
      expect(check.ok).toBe(true);
    }
  });

  it('capture writes a selectors entry that validates and reproduces the items', async () => {
    const name = 'feedless__06-jon-bo-posts';
    const folder = mkdtempSync(join(tmpdir(), 'pagefeed-capture-'));
    const io = captureIo({}, folder);
    expect(await run(['capture', truth(name).url, '--input', page(`${name}.html`), '--name', 'jon', '--output', 'feeds.yml'], io)).toBe(0);
    expect(io.err()).toMatch(/selectors give 5 items \(auto-source gave 5\)/);
    const entry = (parse(readFileSync(join(folder, 'feeds.yml'), 'utf8')) as { feeds: { jon: { selectors: { items: { selector: string } } } } }).feeds.jon;
    expect(entry.selectors.items.selector).toBeTruthy();
    const again = captureIo({}, folder);
    expect(await run(['capture', truth(name).url, '--input', page(`${name}.html`), '--output', 'feeds.yml'], again)).toBe(2);
    expect(again.err()).toMatch(/exists; pass --force/);
    const feedIo = captureIo({}, folder);
    expect(await run(['feed', 'feeds.yml', 'jon', '--input', page(`${name}.html`), '--format', 'json'], feedIo)).toBe(0);
    expect((JSON.parse(feedIo.out()) as { items: { url: string }[] }).items.map((item) => item.url)).toEqual(truth(name).expected_urls);
  });
});
