import type { HTTPRequest, HTTPResponse, Page } from 'puppeteer-core';
import { FeedError } from '@pagefeed/core';
import { isAcceptedMediaType, assertAcceptedContentType, mayBeNativeFeed, mediaType } from '../guard/content-type.js';
import type { GuardedRequest } from '../guard/types.js';
import { tooLarge } from './plain-body.js';

/**
 * A document (the page or a frame) may not exceed `max_bytes`, like a `plain` body; scripts and
 * API calls of a rendered app add up to a larger allowance, because a modern app's bundles alone can
 * weigh several megabytes.
 */
const PAGE_TOTAL_FACTOR = 4;

async function countBytes(page: Page, guarded: GuardedRequest, fail: (error: FeedError) => void): Promise<void> {
  const documentBytes = new Map<string, number>();
  let totalBytes = 0;
  const session = await page.createCDPSession();
  session.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document') documentBytes.set(event.requestId, 0);
  });
  session.on('Network.dataReceived', (event) => {
    totalBytes += event.dataLength;
    const seen = documentBytes.get(event.requestId);
    if (seen !== undefined) {
      documentBytes.set(event.requestId, seen + event.dataLength);
      if (seen + event.dataLength > guarded.maxBytes) fail(tooLarge(guarded.target.url.href, guarded.maxBytes));
    }
    if (totalBytes > guarded.maxBytes * PAGE_TOTAL_FACTOR) {
      fail(
        new FeedError(
          'ResponseTooLarge',
          `Rendering ${guarded.target.url.href} loaded more than ${PAGE_TOTAL_FACTOR} × request.max_bytes in scripts and data; the page was stopped: point the feed at a lighter page or raise request.max_bytes`,
          { path: 'request.max_bytes', details: { maxBytes: guarded.maxBytes, totalBytes } },
        ),
      );
    }
  });
  await session.send('Network.enable');
}

/** Images, fonts and media never change the list on a page and cost most of the bytes. */
const BLOCKED_RESOURCE_TYPES = new Set(['image', 'font', 'media']);
const NO_NETWORK_SCHEMES = new Set(['data:', 'blob:', 'about:']);

export interface PageWatch {
  /** Rejects with the first guard failure seen on the page (refused address, too large, …). */
  readonly failure: Promise<never>;
  mainResponse(): HTTPResponse | undefined;
}

/**
 * Puts the guard inside the browser: every request is intercepted, images/fonts/media are
 * aborted, every other URL (navigations, redirects, scripts, XHR) is re-checked by the network
 * guard, the redirect chain of the main document is counted, and the decoded bytes of all
 * responses are summed so an endless or huge body stops the page at the limit.
 */
export async function watchPage(page: Page, guarded: GuardedRequest, feedHeaders: Readonly<Record<string, string>>): Promise<PageWatch> {
  let fail: (error: FeedError) => void = () => undefined;
  const failure = new Promise<never>((_resolve, reject) => {
    fail = reject;
  });
  failure.catch(() => undefined);
  let main: HTTPResponse | undefined;

  const isMainNavigation = (request: HTTPRequest) => request.isNavigationRequest() && request.frame() === page.mainFrame();

  async function onRequest(request: HTTPRequest): Promise<void> {
    if (request.isInterceptResolutionHandled()) return;
    const url = new URL(request.url());
    if (BLOCKED_RESOURCE_TYPES.has(request.resourceType())) return request.abort('blockedbyclient');
    if (NO_NETWORK_SCHEMES.has(url.protocol)) return request.continue();
    if (isMainNavigation(request) && request.redirectChain().length > guarded.maxRedirects) {
      fail(
        new FeedError('TooManyRedirects', `${guarded.target.url.href} redirected more than ${guarded.maxRedirects} times (request.max_redirects); use the final URL directly`, {
          path: 'url',
        }),
      );
      return request.abort('aborted');
    }
    try {
      await guarded.guard.check(url);
    } catch (error) {
      if (isMainNavigation(request)) fail(error as FeedError);
      else guarded.logger?.debug('renderer refused a subresource', { url: url.href, reason: (error as Error).message });
      return request.abort('accessdenied');
    }
    // The feed's headers (cookies, authorization) go to the feed's own host only, never to
    // third-party scripts, trackers or APIs the page happens to load.
    if (url.host !== guarded.target.url.host) return request.continue();
    return request.continue({ headers: { ...request.headers(), ...feedHeaders } });
  }

  page.on('request', (request) => {
    // An unexpected error must not leave the request hanging (the page would wait for it forever).
    onRequest(request).catch(() => request.abort('failed').catch(() => undefined));
  });
  page.on('response', (response) => {
    // The browser resolves names itself; a name that answered the guard with a public address and
    // the browser with a private one (DNS rebinding) is caught here, before the page is returned.
    const remote = response.remoteAddress().ip;
    if (remote) {
      try {
        guarded.guard.checkConnectedAddress(remote, response.url());
      } catch (error) {
        fail(error as FeedError);
        return;
      }
    }
    if (!isMainNavigation(response.request()) || response.status() >= 300 && response.status() < 400) return;
    main = response;
    const type = mediaType(response.headers()['content-type']);
    // Refuse before Chromium starts a download or a viewer for a PDF or an image.
    if (type !== '' && !isAcceptedMediaType(type) && !mayBeNativeFeed(type) && response.status() < 400) {
      try {
        assertAcceptedContentType(type, response.url());
      } catch (error) {
        fail(error as FeedError);
      }
    }
  });
  // A document cut short (reset mid-body) still renders in a browser; it must not pass as complete.
  page.on('requestfailed', (request) => {
    if (!isMainNavigation(request)) return;
    const reason = request.failure()?.errorText ?? 'unknown network error';
    fail(
      new FeedError('FetchFailed', `Rendering ${request.url()} failed (${reason}): check that the source is reachable`, {
        path: 'url',
      }),
    );
  });
  await countBytes(page, guarded, fail);
  await page.setRequestInterception(true);
  return { failure, mainResponse: () => main };
}
