import { connect, type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, startFixtureServer, type FixtureServer } from '../../../testing/fixture-server.js';
import { CHROMIUM_PATH, requireChromium } from '../../../testing/system.js';
import { findChromium } from './chromium.js';
import { startRendererService, type RendererService } from './service.js';

const chromium = requireChromium();

const JS_PAGE = `<!doctype html><html><body><ul id="list"></ul>
<script>for (const title of ['one', 'two']) { const li = document.createElement('li'); li.textContent = title; document.getElementById('list').appendChild(li); }
document.cookie = 'seen=' + (document.cookie.includes('seen=') ? 'again' : 'first') + '; path=/';</script></body></html>`;

const endpoint = (service: RendererService, token = service.token) => `${service.websocketUrl}/?token=${encodeURIComponent(token)}`;

async function renderTitles(service: RendererService, url: string): Promise<{ titles: string[]; cookie: string }> {
  const browser = await connect({ browserWSEndpoint: endpoint(service) });
  try {
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const titles = await page.$$eval('#list li', (items) => items.map((item) => item.textContent ?? ''));
    // Runs in the page: `globalThis` is the page's window (this package is typed for Node only).
    const cookie = await page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie);
    return { titles, cookie };
  } finally {
    await browser.disconnect();
  }
}

/** The handshake's answer when the service refuses (puppeteer reports the HTTP status). */
async function refusal(url: string): Promise<string> {
  try {
    const browser: Browser = await connect({ browserWSEndpoint: url });
    await browser.disconnect();
    return 'accepted';
  } catch (error) {
    return String((error as { message?: unknown }).message ?? (error as { error?: Error }).error?.message ?? error);
  }
}

describe.runIf(chromium.available)('pagefeed renderer (real Chromium)', () => {
  let fixtures: FixtureServer;
  let service: RendererService;

  beforeAll(async () => {
    fixtures = await startFixtureServer({ '/list': html(JS_PAGE) });
    service = await startRendererService({ executablePath: CHROMIUM_PATH, port: 0, maxConcurrentSessions: 1, maxQueuedSessions: 1, idleMs: 600_000 });
  });
  afterAll(async () => {
    await service?.close();
    await fixtures?.close();
  });

  it('starts no Chromium until the first session', () => {
    expect(service.status()).toMatchObject({ running: false, launches: 0 });
  });

  it('renders a JS-built page through the token-checked endpoint, each session in its own browser context', async () => {
    const first = await renderTitles(service, `${fixtures.origin}/list`);
    expect(first.titles).toEqual(['one', 'two']);
    // A second session does not see the first one's cookie: contexts are not shared.
    const second = await renderTitles(service, `${fixtures.origin}/list`);
    expect(second.cookie).toBe('seen=first');
    expect(service.status()).toMatchObject({ running: true, launches: 1 });
  });

  it('refuses a missing or wrong token with 401', async () => {
    expect(await refusal(service.websocketUrl)).toMatch(/401/);
    expect(await refusal(endpoint(service, 'wrong'))).toMatch(/401/);
  });

  it('queues a session beyond the concurrency limit and refuses one beyond the queue with 429', async () => {
    await expect.poll(() => service.status().sessions, { timeout: 20_000 }).toBe(0);
    const holder = await connect({ browserWSEndpoint: endpoint(service) });
    const waiting = connect({ browserWSEndpoint: endpoint(service) });
    try {
      await expect.poll(() => service.status().queued, { timeout: 20_000 }).toBe(1);
      expect(await refusal(endpoint(service))).toMatch(/429/);
      expect(service.status().refused).toBe(1);
    } finally {
      await holder.disconnect();
    }
    // The queued session gets the slot once the holder left.
    const second = await waiting;
    expect(second.connected).toBe(true);
    await second.disconnect();
    await expect.poll(() => service.status().sessions, { timeout: 20_000 }).toBe(0);
    expect((await renderTitles(service, `${fixtures.origin}/list`)).titles).toEqual(['one', 'two']);
  });

  it('starts a new Chromium after a crash', async () => {
    const pid = service.status().pid;
    expect(pid).toBeTypeOf('number');
    process.kill(-(pid as number), 'SIGKILL');
    await expect.poll(() => service.status().crashes, { timeout: 20_000 }).toBe(1);
    expect((await renderTitles(service, `${fixtures.origin}/list`)).titles).toEqual(['one', 'two']);
    expect(service.status().pid).not.toBe(pid);
    expect(service.status().launches).toBe(2);
  });
});

describe.runIf(chromium.available)('pagefeed renderer limits (real Chromium)', () => {
  it('replaces Chromium past the memory limit and closes it when idle', async () => {
    const fixtures = await startFixtureServer({ '/list': html(JS_PAGE) });
    // A limit no Chromium stays under, checked on demand; idle after 200 ms.
    const service = await startRendererService({ executablePath: CHROMIUM_PATH, port: 0, memoryLimitMb: 1, memoryCheckMs: 3_600_000, idleMs: 200 });
    try {
      expect((await renderTitles(service, `${fixtures.origin}/list`)).titles).toEqual(['one', 'two']);
      const before = service.status();
      expect(before.running).toBe(true);
      await service.checkMemory();
      expect(service.status()).toMatchObject({ running: false, memoryRestarts: 1 });
      expect((await renderTitles(service, `${fixtures.origin}/list`)).titles).toEqual(['one', 'two']);
      expect(service.status().launches).toBe(2);
      await expect.poll(() => service.status().running, { timeout: 20_000 }).toBe(false);
    } finally {
      await service.close();
      await fixtures.close();
    }
  });
});

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first and says when it is not an executable', () => {
    expect(findChromium({ CHROMIUM_PATH: '/bin/sh' })).toEqual({ path: '/bin/sh' });
    expect(findChromium({ CHROMIUM_PATH: '/nonexistent/chromium' })).toMatchObject({ path: undefined, problem: expect.stringContaining('CHROMIUM_PATH') });
  });
});
