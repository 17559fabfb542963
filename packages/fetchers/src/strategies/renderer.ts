import type { Browser, Page } from 'puppeteer-core';
import { FeedError, isFeedError, type FetchStrategy } from '@pagefeed/core';
import { mayBeNativeFeed, mediaType } from '../guard/content-type.js';
import type { GuardedRequest, RawResponse, StrategyCore } from '../guard/types.js';
import { withGuard, type GuardOptions } from '../guard/with-guard.js';
import { tooLarge } from './plain-body.js';
import { connectRenderer, rendererConnectionFailed, type RendererConnectionOptions } from './renderer-connection.js';
import { remaining, runSteps, waitForQuiet } from './renderer-steps.js';
import { watchPage } from './renderer-watch.js';

export interface RendererStrategyOptions extends GuardOptions, RendererConnectionOptions {}

/** Headers that belong to the browser, not to the feed: Chromium sets them per request itself. */
const BROWSER_OWNED_HEADERS = new Set(['accept', 'accept-encoding', 'user-agent', 'if-none-match', 'if-modified-since']);
const CLOSE_TIMEOUT_MS = 1_000;

/**
 * `renderer`: connects to a remote headless browser (browserless-style websocket with a token),
 * renders the page with images, fonts and media blocked, waits for the network to go quiet and
 * runs the configured steps, then returns the rendered HTML with the final URL and status.
 * Page and connection are closed on every path.
 */
export function createRendererStrategy(options: RendererStrategyOptions): FetchStrategy {
  return withGuard(createRendererCore(options), options);
}

export function createRendererCore(options: RendererConnectionOptions): StrategyCore {
  async function load(guarded: GuardedRequest): Promise<RawResponse> {
    const browser = await connectRenderer(options, guarded.deadline - Date.now(), guarded.signal);
    let page: Page | undefined;
    let targetId: string | undefined;
    const aborted = new Promise<never>((_resolve, reject) => {
      const onAbort = () => reject(guarded.signal.reason);
      if (guarded.signal.aborted) onAbort();
      else guarded.signal.addEventListener('abort', onAbort, { once: true });
    });
    aborted.catch(() => undefined);
    const disconnected = new Promise<never>((_resolve, reject) => {
      browser.once('disconnected', () => reject(rendererConnectionFailed('socket closed', options.websocketUrl)));
    });
    disconnected.catch(() => undefined);
    try {
      const work = (async () => {
        page = await browser.newPage();
        targetId = await targetIdOf(page);
        return render(page, guarded);
      })();
      return await Promise.race([work, aborted, disconnected]);
    } catch (error) {
      throw mapRenderError(error, guarded, browser, options.websocketUrl);
    } finally {
      await closeQuietly(browser, page, targetId);
    }
  }

  return { name: 'renderer', followsRedirects: true, conditionalRequests: false, load };
}

async function render(page: Page, guarded: GuardedRequest): Promise<RawResponse> {
  const { 'user-agent': userAgent = '' } = guarded.headers;
  await page.setUserAgent(userAgent);
  const feedHeaders = Object.fromEntries(Object.entries(guarded.headers).filter(([name]) => !BROWSER_OWNED_HEADERS.has(name)));
  const watch = await watchPage(page, guarded, feedHeaders);
  const rendered = (async () => {
    const response = await page.goto(guarded.target.url.href, { waitUntil: 'domcontentloaded', timeout: remaining(guarded) });
    await waitForQuiet(page, guarded);
    await runSteps(page, guarded);
    const main = watch.mainResponse() ?? response;
    const headers = main?.headers() ?? {};
    const type = mediaType(headers['content-type']);
    // Chromium wraps JSON in a viewer page and shows XML (a feed) as a tree: the body as sent is
    // what the JSON extractors and the feed reader need.
    const asSent = /json/.test(type) || mayBeNativeFeed(type);
    const body = asSent && main ? await main.text() : await page.content();
    if (Buffer.byteLength(body) > guarded.maxBytes) throw tooLarge(guarded.target.url.href, guarded.maxBytes);
    return { url: page.url(), status: main?.status() ?? 200, headers, body };
  })();
  return Promise.race([rendered, watch.failure]);
}

function mapRenderError(error: unknown, guarded: GuardedRequest, browser: Browser, websocketUrl: string): unknown {
  if (isFeedError(error) || guarded.signal.aborted) return error;
  const message = error instanceof Error ? error.message : String(error);
  const url = guarded.target.url.href;
  if (!browser.connected || /Connection closed|Target closed|Session closed/i.test(message)) {
    return rendererConnectionFailed('socket closed', websocketUrl, error);
  }
  if (error instanceof Error && error.name === 'TimeoutError') {
    return new FeedError('FetchTimeout', `Rendering ${url} timed out (${message}): raise request.timeout_seconds or try later`, {
      path: 'request.timeout_seconds',
      cause: error,
    });
  }
  const networkError = /net::ERR_[A-Z_]+/.exec(message)?.[0];
  return new FeedError('FetchFailed', `Rendering ${url} failed (${networkError ?? message}): check that the source is reachable`, {
    path: 'url',
    cause: error,
  });
}

async function targetIdOf(page: Page): Promise<string> {
  const session = await page.createCDPSession();
  const { targetInfo } = await session.send('Target.getTargetInfo');
  await session.detach().catch(() => undefined);
  return targetInfo.targetId;
}

/**
 * Closes the page, then the connection, each bounded. Chromium can swap a page's target for an
 * image or text viewer, after which `page.close()` waits forever; closing the target by id through
 * the browser session still works.
 */
async function closeQuietly(browser: Browser, page: Page | undefined, targetId: string | undefined): Promise<void> {
  if (page && !(await settlesWithin(page.close(), CLOSE_TIMEOUT_MS)) && targetId) {
    await settlesWithin(
      browser.target().createCDPSession().then((session) => session.send('Target.closeTarget', { targetId })),
      CLOSE_TIMEOUT_MS,
    );
  }
  await settlesWithin(browser.disconnect(), CLOSE_TIMEOUT_MS);
}

/** True when the promise settled (either way) within the time. */
async function settlesWithin(promise: Promise<unknown>, milliseconds: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const settled = promise.then(
    () => true,
    () => true,
  );
  const result = await Promise.race([settled, new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), milliseconds)))]);
  clearTimeout(timer);
  return result;
}
