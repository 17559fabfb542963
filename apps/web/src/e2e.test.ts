import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFeed } from '../../../testing/check-feed.js';
import type { FixtureServer } from '../../../testing/fixture-server.js';
import { requireChromium, requireFeedparser } from '../../../testing/system.js';
import { DESKTOP, launchBrowser, recordCspViolations, screenshotBoth } from './test-support/browser.js';
import { ensureBuilt } from './test-support/build-dist.js';
import { ARTICLES, feedsYml, startFixtureSite } from './test-support/fixture-site.js';
import { startServerProcess, type ServerProcess } from './test-support/server-process.js';

/**
 * The web UI in Debian's chromium against the real server process (serving the built `dist/`)
 * and a local fixture site. Screenshots of the main states land in `artifacts/screenshots/` (UPDATE_SCREENSHOTS=1: `apps/web/screenshots/`).
 */
const chromium = requireChromium();
const feedparser = requireFeedparser();
const ACCESS_TOKEN = 'e2e-access-token-0123456789';
const SECRET = 'e2e-service-secret-key-0123456789abcdef';

describe.skipIf(!chromium.available)('web UI in a real browser', { timeout: 90_000 }, () => {
  let site: FixtureServer;
  let server: ServerProcess;
  let disabledServer: ServerProcess;
  /** No renderer: no RENDERER_WEBSOCKET_URL and the built-in one switched off. */
  let noRendererServer: ServerProcess;
  let browser: Browser;
  let temp: string;

  beforeAll(async () => {
    await ensureBuilt();
    site = await startFixtureSite();
    temp = mkdtempSync(join(tmpdir(), 'pagefeed-web-'));
    const feedsFile = join(temp, 'feeds.yml');
    writeFileSync(feedsFile, feedsYml(site.origin));
    const env = { ACCESS_TOKEN, SERVICE_SECRET_KEY: SECRET, ALLOW_PRIVATE_NETWORKS: 'true', FEEDS_FILE: feedsFile };
    // `server` runs the built-in renderer (Chromium is installed, no renderer variables set).
    [server, disabledServer, noRendererServer, browser] = await Promise.all([
      startServerProcess({ ...env, CHROMIUM_PATH: chromium.path }),
      startServerProcess({ ...env, AUTO_SOURCE_ENABLED: 'false' }),
      startServerProcess({ ...env, RENDERER_BUILTIN: 'false' }),
      launchBrowser(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), disabledServer?.stop(), noRendererServer?.stop(), site?.close()]);
    if (temp) rmSync(temp, { recursive: true, force: true });
  });

  async function openPage(origin: string): Promise<{ page: Page; violations: () => Promise<{ directive: string; blocked: string }[]> }> {
    const context = await browser.newContext({ viewport: DESKTOP, colorScheme: 'light', reducedMotion: 'reduce' });
    const page = await context.newPage();
    const violations = await recordCspViolations(page);
    await page.goto(`${origin}/`);
    await page.waitForSelector('body[data-ready="true"]');
    return { page, violations };
  }

  /** Code and styles must all come from the bundle: no script, style or connect violation. */
  async function expectNoCodeViolations(violations: () => Promise<{ directive: string; blocked: string }[]>): Promise<void> {
    const found = await violations();
    expect(found.filter((violation) => !violation.directive.startsWith('img-src'))).toEqual([]);
  }

  /** Waits for the result and fails with the page's own explanation when it shows an error instead. */
  async function waitForResult(page: Page, selector: string): Promise<void> {
    await page.waitForSelector(`#result ${selector}, #result .failure`);
    const failure = page.locator('#result .failure');
    if ((await failure.count()) > 0) expect.fail(`The page showed an error instead of ${selector}: ${await failure.textContent()}`);
  }

  async function fillForm(page: Page, token: string, url: string): Promise<void> {
    await page.getByLabel('Access token').fill(token);
    await page.getByLabel('Page address').fill(url);
  }

  it('shows the empty form and the predefined feeds, under the strict CSP', async () => {
    const { page, violations } = await openPage(server.origin);
    const response = await page.request.get(`${server.origin}/`);
    expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { name: 'Make a feed from a page' }).isVisible()).resolves.toBe(true);
    const predefined = page.locator('#predefined-list');
    await expect(predefined.getByText('Town news').isVisible()).resolves.toBe(true);
    const rssLink = await predefined.getByRole('link', { name: 'Town news as RSS' }).getAttribute('href');
    expect(rssLink).toMatch(/\/api\/v1\/feeds\/town-news\.rss$/);
    await screenshotBoth(page, 'empty');
    await expectNoCodeViolations(violations);
    await page.context().close();
  });

  it('previews the fixture listing with keyboard only, then creates a feed whose three links are valid feeds', async () => {
    const { page, violations } = await openPage(server.origin);
    await fillForm(page, ACCESS_TOKEN, `${site.origin}/news/`);
    // Enter in the address field submits the form: Preview is the default action.
    await page.getByLabel('Page address').press('Enter');
    await waitForResult(page, '.preview');
    const titles = await page.locator('.preview .item-title').allTextContents();
    expect(titles).toEqual(ARTICLES.map((article) => article.title));
    const diagnostics = await page.locator('.diagnostics').textContent();
    expect(diagnostics).toContain('Found by');
    expect(diagnostics).toContain(`Items${ARTICLES.length}`);
    await expect(page.locator('.preview time').first().getAttribute('datetime')).resolves.toBe(new Date(ARTICLES[0].date).toISOString());
    expect(page.url()).not.toContain(ACCESS_TOKEN);
    await screenshotBoth(page, 'preview');

    await page.getByRole('button', { name: 'Create feed' }).click();
    await waitForResult(page, '.created');
    const links = await Promise.all(['rss', 'atom', 'json'].map((format) => page.locator(`#feed-link-${format}`).inputValue()));
    expect(links.map((link) => new URL(link).origin)).toEqual([server.origin, server.origin, server.origin]);
    for (const link of links) {
      const feed = await fetch(link);
      expect(feed.status, link).toBe(200);
      const document = await feed.text();
      for (const article of ARTICLES) expect(document).toContain(article.title);
      if (feedparser.available) {
        const checked = checkFeed(document);
        expect(checked.ok, checked.output).toBe(true);
      }
    }
    const snippet = await page.locator('#feeds-yml').textContent();
    expect(snippet).toContain(`url: "${site.origin}/news/"`);
    await page.locator('.snippet summary').click();
    await screenshotBoth(page, 'created');
    await expectNoCodeViolations(violations);
    expect(page.url()).not.toContain(ACCESS_TOKEN);
    await page.context().close();
  });

  it("shows an item's full text in the preview, and keeps created feeds under My feeds with remove and OPML export", async () => {
    const { page, violations } = await openPage(server.origin);
    await fillForm(page, ACCESS_TOKEN, `${site.origin}/news/`);
    await page.getByRole('button', { name: 'Preview' }).click();
    await waitForResult(page, '.preview');
    const first = page.locator('.preview .item').first();
    await first.locator('.item-full-text summary').click();
    await first.locator('.full-text p:not(.muted)').first().waitFor();
    await expect(first.locator('.full-text').textContent()).resolves.toContain(ARTICLES[0].summary);

    await page.getByRole('button', { name: 'Create feed' }).click();
    await waitForResult(page, '.created');
    const mine = page.locator('#my-feeds-items li');
    await expect(mine.count()).resolves.toBe(1);
    const opml = await page.locator('#my-feeds-opml').getAttribute('href');
    expect(opml).toMatch(/^blob:/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#my-feeds-opml').click()]);
    expect(download.suggestedFilename()).toBe('pagefeed-my-feeds.opml');
    const exported = readFileSync((await download.path())!, 'utf8');
    expect(exported).toContain('<opml version="2.0">');
    expect(exported).toContain(`htmlUrl="${site.origin}/news/"`);
    // Kept in this browser: still listed after a reload, gone after Remove.
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await expect(page.locator('#my-feeds-items li').count()).resolves.toBe(1);
    await page.locator('#my-feeds-items').getByRole('button', { name: /^Remove / }).click();
    await expect(page.locator('#my-feeds-items li').count()).resolves.toBe(0);
    await expectNoCodeViolations(violations);
    await page.context().close();
  });

  it('creates a feed from an address that already is a feed, and says its entries are passed through', async () => {
    const { page } = await openPage(server.origin);
    await fillForm(page, ACCESS_TOKEN, `${site.origin}/news/feed.xml`);
    await page.getByRole('button', { name: 'Create feed' }).click();
    await waitForResult(page, '.created');
    const titles = await page.locator('.created .item-title').allTextContents();
    expect(titles).toEqual(ARTICLES.slice(0, titles.length).map((article) => article.title));
    await page.locator('.created .warnings summary').click();
    await expect(page.locator('.created .warnings li').first().textContent()).resolves.toContain('is already a feed (RSS 2.0)');
    await page.context().close();
  });

  it('can be used with the keyboard alone, with a visible focus', async () => {
    const { page } = await openPage(server.origin);
    const order: string[] = [];
    await page.locator('#token').focus();
    for (let step = 0; step < 5; step += 1) {
      await page.keyboard.press('Tab');
      order.push(await page.evaluate(() => document.activeElement?.id ?? ''));
    }
    // Radios form one tab stop; the arrow keys move between them.
    expect(order).toEqual(['remember', 'url', 'strategy-plain', 'preview-button', 'create-button']);
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
    expect(outline).not.toBe('none');
    await page.locator('#strategy-plain').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('#strategy-renderer').isChecked()).resolves.toBe(true);
    await page.context().close();
  });

  it('explains a rejected token (401) and leads back to the token field', async () => {
    const { page } = await openPage(server.origin);
    await fillForm(page, 'not-the-token', `${site.origin}/news/`);
    await page.getByRole('button', { name: 'Preview' }).click();
    const failure = page.locator('.failure');
    await failure.waitFor();
    await expect(failure.getByRole('heading').textContent()).resolves.toBe('The access token was not accepted.');
    await expect(failure.textContent()).resolves.toContain('HTTP 401');
    await failure.getByRole('button', { name: 'Check the access token' }).click();
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('token');
    await screenshotBoth(page, 'error-token');
    await page.context().close();
  });

  it('explains a page without a list in plain words, with next steps as buttons', async () => {
    const { page } = await openPage(server.origin);
    await fillForm(page, ACCESS_TOKEN, `${site.origin}/about`);
    await page.getByRole('button', { name: 'Preview' }).click();
    const failure = page.locator('.failure');
    await failure.waitFor();
    const text = await failure.textContent();
    expect(text).toContain('unsupported_surface');
    expect(text).toContain('Suggestion:');
    await expect(failure.getByRole('link', { name: 'Write selectors yourself' }).getAttribute('href')).resolves.toBe('/selectors.html');
    await screenshotBoth(page, 'error');

    await failure.getByRole('button', { name: 'Try a listing page instead' }).click();
    await expect(page.locator('#url-tip').isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('url');
    const guide = await page.request.get(`${server.origin}/selectors.html`);
    expect(guide.status()).toBe(200);
    await page.context().close();
  });

  it('offers the renderer for an app shell and retries with it', async () => {
    const { page } = await openPage(server.origin);
    await fillForm(page, ACCESS_TOKEN, `${site.origin}/app`);
    await page.getByRole('button', { name: 'Preview' }).click();
    const failure = page.locator('#result .failure');
    await failure.waitFor();
    await expect(failure.textContent()).resolves.toContain('app_shell');
    const firstReference = await failure.locator('.reference').textContent();
    await failure.getByRole('button', { name: 'Retry with the renderer' }).click();
    await expect(page.getByRole('radio', { name: /Renderer/ }).isChecked()).resolves.toBe(true);
    // The built-in renderer runs the page, whose script is missing: the retry fails differently.
    await page.waitForFunction((previous) => {
      const reference = document.querySelector('#result .reference');
      return reference !== null && reference.textContent !== previous;
    }, firstReference);
    await expect(page.locator('#result .failure').textContent()).resolves.not.toContain('Retry with the renderer');
    await page.context().close();
  });

  it('hides the renderer choice and never offers a renderer retry when no renderer answers', async () => {
    const { page } = await openPage(noRendererServer.origin);
    await expect(page.getByRole('radio', { name: /Renderer/ }).isVisible()).resolves.toBe(false);
    await expect(page.locator('#renderer-unavailable').isVisible()).resolves.toBe(true);
    await fillForm(page, ACCESS_TOKEN, `${site.origin}/app`);
    await page.getByRole('button', { name: 'Preview' }).click();
    const failure = page.locator('#result .failure');
    await failure.waitFor();
    await expect(failure.textContent()).resolves.toContain('app_shell');
    await expect(failure.getByRole('button', { name: 'Retry with the renderer' }).count()).resolves.toBe(0);
    // With a renderer, the same server offers the choice.
    const withRenderer = await openPage(server.origin);
    await expect(withRenderer.page.getByRole('radio', { name: /Renderer/ }).isVisible()).resolves.toBe(true);
    await expect(withRenderer.page.locator('#renderer-unavailable').isVisible()).resolves.toBe(false);
    await withRenderer.page.context().close();
    await page.context().close();
  });

  it('keeps the token only when asked to remember it', async () => {
    const { page } = await openPage(server.origin);
    await page.getByLabel('Access token').fill(ACCESS_TOKEN);
    await page.getByLabel('Remember the token on this device').check();
    await expect(page.evaluate(() => localStorage.getItem('pagefeed.accessToken'))).resolves.toBe(ACCESS_TOKEN);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await expect(page.getByLabel('Access token').inputValue()).resolves.toBe(ACCESS_TOKEN);
    await page.getByLabel('Remember the token on this device').uncheck();
    await expect(page.evaluate(() => localStorage.getItem('pagefeed.accessToken'))).resolves.toBeNull();
    await page.context().close();
  });

  it('shows a notice instead of the form when feed creation is disabled', async () => {
    const { page } = await openPage(disabledServer.origin);
    await expect(page.locator('#disabled-notice').isVisible()).resolves.toBe(true);
    await expect(page.locator('#feed-form').isVisible()).resolves.toBe(false);
    await expect(page.locator('#predefined-list').getByText('Town news').isVisible()).resolves.toBe(true);
    await screenshotBoth(page, 'disabled');
    await page.context().close();
  });
});
