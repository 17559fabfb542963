import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, startFixtureServer, type FixtureServer } from '../../../testing/fixture-server.js';
import { requireChromium } from '../../../testing/system.js';
import { DESKTOP, launchBrowser } from './test-support/browser.js';
import { ensureBuilt, WEB_ROOT } from './test-support/build-dist.js';
import { startServerProcess, type ServerProcess } from './test-support/server-process.js';
import { FIRST_ITEMS } from './views/items-view.js';

/**
 * The preview shows what a reader will show (issue 17): a long list shows its first 25 items and a
 * "Show all" button for the rest; a picture only where an item has one that loads (no empty
 * boxes); the reason for the choice in plain words, with the scores folded behind a toggle.
 * Debian's chromium against the real server process and a local fixture site.
 */
const chromium = requireChromium();
const ACCESS_TOKEN = 'preview-e2e-access-token-0123456789';
const SECRET = 'preview-e2e-service-secret-key-0123456789abcdef';
const COUNT = 40;

/** Every third post has a picture; post 6's picture is gone (404), as pictures on real pages sometimes are. */
const hasPicture = (index: number) => index % 3 === 0;
const BROKEN = 6;

/**
 * The pictures are served by the pagefeed server itself (a photo added to a copy of the web UI's
 * files, one address per post): the web UI's CSP lets previews load pictures from https sources
 * and its own origin, and the local fixture site is plain http. Not the UI's favicon: an image
 * whose file says "favicon" is an icon, which auto-source rightly leaves out of the items.
 */
const PHOTO = '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360" fill="#4a7"/><circle cx="320" cy="180" r="90" fill="#fd5"/></svg>';
function archivePage(pictures: string): string {
  const posts = Array.from({ length: COUNT }, (_unused, index) => {
    const day = String(28 - (index % 28)).padStart(2, '0');
    const picture = hasPicture(index) ? `<img src="${pictures}/${index === BROKEN ? 'gone.svg' : `photos/week.svg?post=${index}`}" alt="">` : '';
    return `<article class="post">${picture}<h2><a href="/posts/${index + 1}">Weekly notes number ${index + 1}</a></h2>
      <time datetime="2026-${index < 28 ? '10' : '09'}-${day}T09:00:00Z">${day} ${index < 28 ? 'October' : 'September'} 2026</time>
      <p>What happened in week ${index + 1}: a few lines about the garden, the allotment and the weather.</p></article>`;
  }).join('');
  return `<!doctype html><html lang="en"><head><title>Notes archive</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/archive/">Archive</a> <a href="/about">About</a></nav></header>
    <main><h1>All notes</h1>${posts}</main><footer><p>Written in the shed.</p></footer></body></html>`;
}

describe.skipIf(!chromium.available)('preview of a long list in a real browser', { timeout: 90_000 }, () => {
  let site: FixtureServer;
  let server: ServerProcess;
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    await ensureBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'pagefeed-preview-e2e-'));
    const webDir = join(dataDir, 'web');
    cpSync(join(WEB_ROOT, 'dist'), webDir, { recursive: true });
    mkdirSync(join(webDir, 'photos'));
    writeFileSync(join(webDir, 'photos', 'week.svg'), PHOTO);
    [server, browser] = await Promise.all([
      startServerProcess({ ACCESS_TOKEN, SERVICE_SECRET_KEY: SECRET, ALLOW_PRIVATE_NETWORKS: 'true', RENDERER_BUILTIN: 'false', DATA_DIR: dataDir, WEB_DIST_DIR: webDir }),
      launchBrowser(),
    ]);
    site = await startFixtureServer({ '/archive/': html(archivePage(server.origin)) });
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), site?.close()]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function preview(): Promise<Page> {
    const context = await browser.newContext({ viewport: DESKTOP, colorScheme: 'light', reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${server.origin}/`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.getByLabel('Access token').fill(ACCESS_TOKEN);
    await page.getByLabel('Page address').fill(`${site.origin}/archive/`);
    await page.getByLabel('Page address').press('Enter');
    await page.waitForSelector('#result .preview, #result .failure');
    const failure = page.locator('#result .failure');
    if ((await failure.count()) > 0) expect.fail(`The page showed an error instead of the preview: ${await failure.textContent()}`);
    return page;
  }

  /** Scrolls every item into view (pictures load lazily), then waits until each picture has loaded or its box is gone. */
  async function settlePictures(page: Page): Promise<void> {
    for (const item of await page.locator('.preview .item').all()) await item.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.item-image img')].every((image) => image.complete), undefined, { timeout: 30_000 });
  }

  it('shows the first 25 items, and all of them after "Show all"', async () => {
    const page = await preview();
    const titles = page.locator('.preview .item-title');
    expect(await titles.count()).toBe(FIRST_ITEMS);
    expect(await titles.allTextContents()).toEqual(Array.from({ length: FIRST_ITEMS }, (_unused, index) => `Weekly notes number ${index + 1}`));
    const showAll = page.getByRole('button', { name: `Show all ${COUNT} items` });
    await showAll.click();
    expect(await titles.count()).toBe(COUNT);
    expect(await titles.last().textContent()).toBe(`Weekly notes number ${COUNT}`);
    expect(await showAll.count()).toBe(0);
    // Every item keeps its own date and link after "Show all".
    expect(await page.locator('.preview .item time').count()).toBe(COUNT);
    const hrefs = await page.locator('.preview .item-title a').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname));
    expect(new Set(hrefs).size).toBe(COUNT);
    await page.context().close();
  });

  it('shows a picture only where an item has one that loads: no empty image boxes', async () => {
    const page = await preview();
    await page.getByRole('button', { name: `Show all ${COUNT} items` }).click();
    await settlePictures(page);
    const boxes = await page.locator('.preview .item').evaluateAll((items) =>
      items.map((item) => {
        const image = item.querySelector<HTMLImageElement>('.item-image img');
        return { hasBox: item.querySelector('.item-image') !== null, loaded: image ? image.complete && image.naturalWidth > 0 : false };
      }),
    );
    const expected = Array.from({ length: COUNT }, (_unused, index) => hasPicture(index) && index !== BROKEN);
    expect(boxes.map((box) => box.hasBox)).toEqual(expected);
    expect(boxes.filter((box) => box.hasBox && !box.loaded)).toEqual([]);
    await page.context().close();
  });

  it('gives the reason for the choice in plain words, with the scores behind a toggle', async () => {
    const page = await preview();
    const why = page.locator('.diagnostics dt', { hasText: 'Why' }).locator('xpath=following-sibling::dd[1]');
    const reason = (await why.textContent()) ?? '';
    expect(reason).toContain(`took the ${COUNT} items`);
    // Plain words: no scores, selectors or feature names in the visible reason.
    expect(reason).not.toMatch(/score|\d+\.\d+|[>#]|features?:/i);
    const scores = page.locator('.diagnostics details.candidates');
    expect(await scores.getAttribute('open')).toBeNull();
    const table = scores.locator('table');
    expect(await table.isVisible()).toBe(false);
    await scores.locator('summary').click();
    expect(await table.isVisible()).toBe(true);
    expect(await table.locator('th').allTextContents()).toContain('Score');
    expect(await scores.locator('.reason-technical').textContent()).toMatch(/won with score/);
    await page.context().close();
  });
});
