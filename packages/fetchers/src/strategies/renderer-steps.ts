import type { Page } from 'puppeteer-core';
import { FeedError } from '@pagefeed/core';
import type { GuardedRequest } from '../guard/types.js';
import { DEFAULT_TIMEOUT_SECONDS } from '../guard/with-guard.js';

/** Quiet time that counts as "network idle"; long-polling pages never get there, so it is bounded. */
const IDLE_TIME_MS = 500;
/** Share of the budget (at most 750 ms) kept back for reading the page and closing it. */
const RESERVE_SHARE = 0.1;
const MAX_RESERVE_MS = 750;

export function remaining(guarded: GuardedRequest): number {
  const budgetMs = (guarded.request.timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
  const reserve = Math.min(MAX_RESERVE_MS, budgetMs * RESERVE_SHARE);
  return Math.max(1, guarded.deadline - Date.now() - reserve);
}

export async function waitForQuiet(page: Page, guarded: GuardedRequest): Promise<void> {
  await page.waitForNetworkIdle({ idleTime: IDLE_TIME_MS, timeout: remaining(guarded) }).catch(() => {
    guarded.logger?.debug('network did not become idle within the budget; reading the page as it is', {
      url: guarded.target.url.href,
    });
  });
}

/** The optional steps of `request`: wait for a selector, scroll, click; each within the budget. */
export async function runSteps(page: Page, guarded: GuardedRequest): Promise<void> {
  const { wait_for_selector: selector, scroll, click } = guarded.request;
  if (selector) {
    await page.waitForSelector(selector, { timeout: remaining(guarded) }).catch(() => {
      throw new FeedError(
        'FetchTimeout',
        `request.wait_for_selector '${selector}' did not appear on ${page.url()} within the time budget: check the selector or raise request.timeout_seconds`,
        { path: 'request.wait_for_selector' },
      );
    });
  }
  const scrolls = scroll === true ? 1 : typeof scroll === 'number' ? scroll : 0;
  for (let step = 0; step < scrolls; step += 1) {
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    await waitForQuiet(page, guarded);
  }
  for (const [index, target] of (click ?? []).entries()) {
    const element = await page.$(target);
    if (!element) {
      // A "load more" button that is gone usually means there is no more to load; not an error.
      guarded.logger?.warn('request.click step matched nothing', { path: `request.click[${index}]`, selector: target });
      continue;
    }
    await element.click();
    await element.dispose();
    await waitForQuiet(page, guarded);
  }
}
