import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'puppeteer-core';
import { CHROMIUM_FLAGS } from './chromium.js';
import type { RendererLogger } from './logger.js';
import { processGroupMemoryBytes } from './memory.js';

/**
 * One headless Chromium, started on first use and closed after `idleMs` without sessions. It is
 * replaced when it crashes (the next session starts a new one) or when its process group grows
 * past `memoryLimitBytes` (new sessions go to a new browser; the old one closes when its last
 * session ends, or after `retireGraceMs`).
 */
export interface BrowserPoolOptions {
  readonly executablePath: string;
  readonly logger: RendererLogger;
  readonly idleMs: number;
  readonly memoryLimitBytes: number;
  readonly memoryCheckMs: number;
  readonly retireGraceMs?: number;
  readonly extraArguments?: readonly string[];
}

/** A session's hold on the browser: its devtools endpoint and a fresh browser context. */
export interface Lease {
  readonly endpoint: string;
  readonly contextId: string;
  release(): Promise<void>;
}

export interface BrowserPoolStatus {
  readonly running: boolean;
  readonly pid: number | undefined;
  readonly sessions: number;
  readonly launches: number;
  readonly crashes: number;
  readonly memoryRestarts: number;
}

interface Handle {
  readonly browser: Browser;
  readonly pid: number | undefined;
  readonly profile: string;
  sessions: number;
  retiring: boolean;
  closing: boolean;
}

export interface BrowserPool {
  acquire(): Promise<Lease>;
  status(): BrowserPoolStatus;
  /** Memory check now (tests; otherwise every `memoryCheckMs`). */
  checkMemory(): Promise<void>;
  close(): Promise<void>;
}

export function createBrowserPool(options: BrowserPoolOptions): BrowserPool {
  const { logger } = options;
  let current: Promise<Handle> | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let closed = false;
  const handles = new Set<Handle>();
  const counts = { launches: 0, crashes: 0, memoryRestarts: 0 };

  async function launchHandle(): Promise<Handle> {
    const profile = await mkdtemp(join(tmpdir(), 'pagefeed-renderer-'));
    const { launch } = await import('puppeteer-core');
    let browser: Browser;
    try {
      browser = await launch({
        executablePath: options.executablePath,
        ignoreDefaultArgs: true,
        args: [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, ...(options.extraArguments ?? []), 'about:blank'],
        // The service decides when Chromium stops (idle, restart, shutdown), not puppeteer's signal handlers.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        defaultViewport: null,
        timeout: 60_000,
      });
    } catch (error) {
      await rm(profile, { recursive: true, force: true }).catch(() => undefined);
      throw error;
    }
    const handle: Handle = { browser, pid: browser.process()?.pid, profile, sessions: 0, retiring: false, closing: false };
    handles.add(handle);
    counts.launches += 1;
    logger.info('renderer: Chromium started', { pid: handle.pid });
    browser.once('disconnected', () => {
      if (handle.closing) return;
      counts.crashes += 1;
      logger.warn('renderer: Chromium exited unexpectedly; the next page starts a new one', { pid: handle.pid, sessions: handle.sessions });
      void forget(handle);
    });
    return handle;
  }

  async function forget(handle: Handle): Promise<void> {
    if (current && (await current.catch(() => undefined)) === handle) current = undefined;
    handle.closing = true;
    handles.delete(handle);
    await handle.browser.close().catch(() => undefined);
    // Helper processes (zygote, renderers) can outlive the browser process for a moment: end the group.
    if (handle.pid !== undefined) {
      try {
        process.kill(-handle.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await rm(handle.profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => undefined);
  }

  function scheduleIdleClose(handle: Handle): void {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (handle.sessions > 0 || handle.closing) return;
      logger.info('renderer: Chromium idle, closing it until the next page', { pid: handle.pid });
      void forget(handle);
    }, options.idleMs);
    idleTimer.unref();
  }

  async function release(handle: Handle, context: BrowserContext): Promise<void> {
    // Closing the context closes whatever pages the session left open.
    await context.close().catch(() => undefined);
    handle.sessions -= 1;
    if (handle.sessions > 0 || handle.closing) return;
    if (handle.retiring) await forget(handle);
    else scheduleIdleClose(handle);
  }

  async function checkMemory(): Promise<void> {
    for (const handle of handles) {
      if (handle.retiring || handle.closing || handle.pid === undefined) continue;
      const bytes = await processGroupMemoryBytes(handle.pid);
      if (bytes === undefined || bytes <= options.memoryLimitBytes) continue;
      counts.memoryRestarts += 1;
      handle.retiring = true;
      if (current && (await current.catch(() => undefined)) === handle) current = undefined;
      logger.warn('renderer: Chromium uses more memory than the limit; replacing it', {
        pid: handle.pid,
        memory_mb: Math.round(bytes / 2 ** 20),
        limit_mb: Math.round(options.memoryLimitBytes / 2 ** 20),
      });
      if (handle.sessions === 0) await forget(handle);
      else setTimeout(() => void forget(handle), options.retireGraceMs ?? 60_000).unref();
    }
  }
  const memoryTimer = setInterval(() => void checkMemory(), options.memoryCheckMs);
  memoryTimer.unref();

  return {
    async acquire() {
      if (closed) throw new Error('the rendering service is shutting down');
      const launching = (current ??= launchHandle());
      let handle: Handle;
      try {
        handle = await launching;
      } catch (error) {
        if (current === launching) current = undefined;
        throw error;
      }
      handle.sessions += 1;
      clearTimeout(idleTimer);
      try {
        const context = await handle.browser.createBrowserContext();
        let released = false;
        return {
          endpoint: handle.browser.wsEndpoint(),
          contextId: context.id ?? '',
          release: () => (released ? Promise.resolve() : ((released = true), release(handle, context))),
        };
      } catch (error) {
        handle.sessions -= 1;
        throw error;
      }
    },
    status() {
      const live = [...handles].find((handle) => !handle.retiring && !handle.closing);
      const sessions = [...handles].reduce((sum, handle) => sum + handle.sessions, 0);
      return { running: live !== undefined, pid: live?.pid, sessions, ...counts };
    },
    checkMemory,
    async close() {
      closed = true;
      clearInterval(memoryTimer);
      clearTimeout(idleTimer);
      current = undefined;
      await Promise.all([...handles].map((handle) => forget(handle)));
    },
  };
}
