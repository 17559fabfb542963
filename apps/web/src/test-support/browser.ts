import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from '../../../../testing/system.js';
import { WEB_ROOT } from './build-dist.js';

/**
 * Every e2e run saves its screenshots as artifacts (`artifacts/screenshots/`, git-ignored); set
 * UPDATE_SCREENSHOTS=1 to refresh the committed set in `apps/web/screenshots/` that the README shows.
 */
export const SCREENSHOTS = process.env['UPDATE_SCREENSHOTS']
  ? join(WEB_ROOT, 'screenshots')
  : join(WEB_ROOT, '..', '..', 'artifacts', 'screenshots');
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** Debian's chromium, headless, without the sandbox (tests run as root) or any background traffic. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Content-Security-Policy violations the page reported, collected from the first script on. */
export async function recordCspViolations(page: Page): Promise<() => Promise<{ directive: string; blocked: string }[]>> {
  await page.addInitScript(() => {
    const store: { directive: string; blocked: string }[] = [];
    (globalThis as unknown as { cspViolations: typeof store }).cspViolations = store;
    document.addEventListener('securitypolicyviolation', (event) => store.push({ directive: event.effectiveDirective, blocked: event.blockedURI }));
  });
  return () => page.evaluate(() => (globalThis as unknown as { cspViolations: { directive: string; blocked: string }[] }).cspViolations);
}

/**
 * Saves the page at desktop and phone width as `<state>-desktop.png` and `<state>-phone.png`, and
 * fails when the page is wider than the screen (sideways scrolling on a phone).
 */
export async function screenshotBoth(page: Page, state: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  for (const [name, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > size.width) throw new Error(`The ${state} state is ${width}px wide at ${name} width (${size.width}px): it scrolls sideways.`);
    await page.screenshot({ path: join(SCREENSHOTS, `${state}-${name}.png`), fullPage: true, animations: 'disabled', caret: 'hide' });
  }
  await page.setViewportSize(original);
}
