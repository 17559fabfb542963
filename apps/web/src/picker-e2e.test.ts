import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFeed } from '../../../testing/check-feed.js';
import { startFixtureServer, type FixtureServer } from '../../../testing/fixture-server.js';
import { CORPUS_DIR, SHARED_AVAILABLE } from '../../../testing/paths.js';
import { requireChromium, requireFeedparser } from '../../../testing/system.js';
import { DESKTOP, launchBrowser, PHONE, recordCspViolations, SCREENSHOTS } from './test-support/browser.js';
import { ensureBuilt } from './test-support/build-dist.js';
import { PICKER_PAGES, type PickerPage } from './test-support/picker-pages.js';
import { startServerProcess, type ServerProcess } from './test-support/server-process.js';

/**
 * The picker in Debian's chromium against the real server: on four corpus pages where automatic
 * extraction does not give what a person wants, or whose items are pairs of elements (`test-support/picker-pages.ts` says why), a
 * scripted user builds the feed by clicks only, then reads the created feed. Clicks and time of
 * each run are printed (and recorded in the README); screenshots of each step at desktop and phone
 * width go to `artifacts/screenshots/` (UPDATE_SCREENSHOTS=1: `apps/web/screenshots/`).
 */
const chromium = requireChromium();
const feedparser = requireFeedparser();
const ACCESS_TOKEN = 'picker-access-token-0123456789';
const SECRET = 'picker-service-secret-key-0123456789abcdef';

describe.skipIf(!chromium.available || !SHARED_AVAILABLE)('the picker in a real browser', { timeout: 120_000 }, () => {
  let site: FixtureServer;
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    await ensureBuilt();
    site = await startFixtureServer(
      Object.fromEntries(
        PICKER_PAGES.map((entry) => [
          `/${entry.name}/`,
          (_request, response) => {
            response.writeHead(200, { 'content-type': 'text/html' });
            response.end(readFileSync(join(CORPUS_DIR, 'pages', entry.file)));
          },
        ]),
      ),
    );
    [server, browser] = await Promise.all([
      startServerProcess({ ACCESS_TOKEN, SERVICE_SECRET_KEY: SECRET, ALLOW_PRIVATE_NETWORKS: 'true', RATE_LIMIT_PER_MINUTE: '0' }),
      launchBrowser(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), site?.close()]);
  });

  /** The scripted user: every click goes through here and is counted. */
  async function run(entry: PickerPage, viewport: typeof DESKTOP | typeof PHONE, screenshots: boolean) {
    const context = await browser.newContext({ viewport, colorScheme: 'light', reducedMotion: 'reduce' });
    const page = await context.newPage();
    const violations = await recordCspViolations(page);
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(server.origin) && !request.url().startsWith('data:') && !request.url().startsWith('about:')) outside.push(request.url());
    });
    await page.goto(`${server.origin}/`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.getByLabel('Access token').fill(ACCESS_TOKEN);
    await page.getByLabel('Page address').fill(`${site.origin}/${entry.name}/`);
    const started = performance.now();
    let clicks = 0;
    let screenshotTime = 0;
    const step = async (name: string) => {
      if (!screenshots) return;
      const before = performance.now();
      await shootResult(page, `picker-${entry.name}-${name}`);
      screenshotTime += performance.now() - before;
    };
    const click = async (locator: ReturnType<Page['locator']>) => {
      clicks += 1;
      await locator.click();
    };
    /** A click where a person sees the element: scrolled into view in the frame, the mouse at its centre. */
    const clickInFrame = async (selector: string, nth: number) => {
      clicks += 1;
      await clickFramed(page, selector, nth);
    };

    await click(page.getByRole('button', { name: 'Preview' }));
    await page.waitForSelector('#result .pick-button');
    await step('1-preview');
    await click(page.locator('#result .pick-button'));
    await page.waitForSelector('#result .picker[data-ready="true"]');
    await step('2-snapshot');
    for (const [index, action] of entry.clicks.entries()) {
      if (action.button) await click(page.getByRole('button', { name: action.button, exact: true }));
      else await clickInFrame(action.frame ?? '', action.nth ?? 0);
      if (action.frame) await step(`${3 + index}-${action.name}`);
    }
    const previewTitles = await page.locator('#result .picker-preview .item-title').allTextContents();
    const snippet = (await page.locator('#result .picker-snippet').textContent()) ?? '';
    await click(page.getByRole('button', { name: 'Create feed with these selectors' }));
    await page.waitForSelector('#result .created, #result .failure');
    const failure = page.locator('#result .failure');
    if ((await failure.count()) > 0) expect.fail(`Creating the feed failed: ${await failure.textContent()}`);
    const seconds = (performance.now() - started - screenshotTime) / 1000;
    await step(`${3 + entry.clicks.length}-created`);
    const jsonLink = await page.locator('#feed-link-json').inputValue();
    const rssLink = await page.locator('#feed-link-rss').inputValue();
    const found = await violations();
    await context.close();
    return { clicks, seconds, previewTitles, snippet, jsonLink, rssLink, violations: found, outside };
  }

  for (const entry of PICKER_PAGES) {
    it(`${entry.name}: a feed built by clicks only has the items a person wants, and the created feed serves them`, async () => {
      const result = await run(entry, DESKTOP, true);
      process.stdout.write(`picker ${entry.name}: ${result.clicks} clicks, ${result.seconds.toFixed(1)} s (scripted, screenshots excluded)\n`);
      expect(result.violations.filter((violation) => !violation.directive.startsWith('img-src'))).toEqual([]);
      expect(result.outside).toEqual([]); // SNAPSHOT_IMAGES=off: nothing asked of the page's hosts
      expect(result.previewTitles.map(normal)).toEqual(entry.expected.titles.slice(0, 10));
      expect(result.snippet).toContain(entry.expected.itemsSelectorContains);
      const feed = (await (await fetch(result.jsonLink)).json()) as { items: { title?: string; url?: string; date_published?: string }[] };
      expect(feed.items.map((item) => normal(item.title ?? ''))).toEqual(entry.expected.titles);
      if (entry.expected.urls) expect(feed.items.map((item) => item.url)).toEqual(entry.expected.urls(site.origin));
      if (entry.expected.dates) expect(feed.items.map((item) => item.date_published?.slice(0, 10))).toEqual(entry.expected.dates);
      if (feedparser.available) {
        const checked = checkFeed(await (await fetch(result.rssLink)).text());
        expect(checked.ok, checked.output).toBe(true);
      }
      expect(result.clicks).toBeLessThanOrEqual(entry.maxClicks ?? 5);
    });
  }

  it('is usable by keyboard (arrow keys move, Enter picks, each move announced) and excludes an outlined item on click', async () => {
    const entry = PICKER_PAGES[0]!;
    const context = await browser.newContext({ viewport: DESKTOP, colorScheme: 'light', reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${server.origin}/`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.getByLabel('Access token').fill(ACCESS_TOKEN);
    await page.getByLabel('Page address').fill(`${site.origin}/${entry.name}/`);
    await page.getByLabel('Page address').press('Enter');
    await page.locator('#result .pick-button').focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('#result .picker[data-ready="true"]');
    await expect(page.locator('#result iframe.picker-frame').getAttribute('title')).resolves.toMatch(/arrow keys.*Enter/);
    await page.locator('#result iframe.picker-frame').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('#result .picker-cursor').textContent()).resolves.toMatch(/^Selected: /);
    const first = await page.locator('#result .picker-cursor').textContent();
    await page.keyboard.press('ArrowUp');
    await expect(page.locator('#result .picker-cursor').textContent()).resolves.not.toBe(first);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const picked = (await page.locator('#result .picker-count').textContent()) ?? '';
    const count = Number(/^(\d+) items/.exec(picked)?.[1]);
    expect(count, picked).toBeGreaterThanOrEqual(2);
    await expect(page.locator('#result .picker-instructions').textContent()).resolves.toMatch(/items match/);
    // Start over with the articles; in the items step, clicking an outlined item leaves it out.
    await page.getByRole('button', { name: 'Start over: choose another list' }).click();
    await clickFramed(page, 'div.article h1 a', 0);
    await expect(page.locator('#result .picker-count').textContent()).resolves.toMatch(/^3 items · div\.article$/);
    await page.getByRole('button', { name: /^Items/ }).click();
    await clickFramed(page, 'div.article', 2);
    const tightened = (await page.locator('#result .picker-count').textContent()) ?? '';
    expect(tightened).toMatch(/^2 items · div\.article:not\(/);
    await expect(page.locator('#result .picker-instructions').textContent()).resolves.toMatch(/^Left out: 2 items/);
    await expect(page.locator('#result .picker-warning').isVisible()).resolves.toBe(true); // a position: fragile, and said so
    await context.close();
  });

  it('works at phone width: the same clicks give the same feed, and nothing scrolls sideways', async () => {
    const entry = PICKER_PAGES[0]!;
    const result = await run(entry, PHONE, false);
    const feed = (await (await fetch(result.jsonLink)).json()) as { items: { title?: string }[] };
    expect(feed.items.map((item) => normal(item.title ?? ''))).toEqual(entry.expected.titles);
  });
});

/**
 * Playwright's own click scrolls with scripts it injects into the frame, which the sandbox (no
 * allow-scripts) refuses; so the element is scrolled into view through an evaluation in the
 * frame's isolated world, and the real mouse clicks the middle of what is shown (the frame may be
 * scaled down to fit).
 */
async function clickFramed(page: Page, selector: string, nth: number): Promise<void> {
  const frameElement = page.locator('#result iframe.picker-frame');
  const frame = await (await frameElement.elementHandle())?.contentFrame();
  if (!frame) throw new Error('The picker frame is not there.');
  const box = await frame.evaluate(({ selector: css, nth: index }) => {
    const element = document.querySelectorAll(css)[index];
    if (!element) return undefined;
    element.scrollIntoView({ block: 'center', inline: 'center' });
    const rect = element.getBoundingClientRect();
    return { x: rect.left + Math.min(rect.width / 2, 40), y: rect.top + rect.height / 2 };
  }, { selector, nth });
  if (!box) throw new Error(`Nothing matches ${selector} (#${nth}) in the snapshot.`);
  const frameBox = await frameElement.boundingBox();
  const layoutWidth = await frameElement.evaluate((element) => (element as HTMLElement).offsetWidth);
  if (!frameBox) throw new Error('The picker frame is not visible.');
  const scale = frameBox.width / layoutWidth;
  await page.mouse.click(frameBox.x + box.x * scale, frameBox.y + box.y * scale);
}

/**
 * The result region at desktop and phone width, as JPEG (the picker's steps over a whole page would
 * make PNGs of megabytes), at most 1,800 pixels tall; fails when the page scrolls sideways.
 */
async function shootResult(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > viewport.width) throw new Error(`${name} is ${width}px wide at ${size} width (${viewport.width}px): it scrolls sideways.`);
    const box = await page.locator('#result').boundingBox();
    if (!box) throw new Error('The result region is not visible.');
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${size}.jpg`), type: 'jpeg', quality: 70, fullPage: true, clip: { x: 0, y: Math.max(0, box.y - 8), width: viewport.width, height: Math.min(box.height + 16, 1800) }, animations: 'disabled', caret: 'hide' });
  }
  await page.setViewportSize(DESKTOP);
}

/** Titles compared as a person reads them: any run of white space (no-break spaces too) is one space. */
function normal(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
