import { createMemoryCache } from '@pagefeed/fetchers';
import type { AccountConfig, FeedConfig, FeedError } from '@pagefeed/core';
import { createPagefeedApp } from '../app.js';
import { createLogger } from '../operating/logger.js';
import type { AppDeps, AppSettings } from '../types.js';
import { createFakeEngine, type FakeEngine } from './fake-engine.js';

/** An app over a fake engine, a controllable clock and captured log lines. */
export const SECRET = 'test-secret-key-of-at-least-32-characters';
export const ACCESS_TOKEN = 'admin-access-token';

export function feedConfig(url: string, extra: Partial<FeedConfig> = {}): FeedConfig {
  return { channel: { url, title: 'News' }, strategy: 'plain', headers: {}, auto_source: { enabled: true }, stylesheets: [], request: {}, parameters: {}, ...extra };
}

export interface HarnessOptions {
  readonly settings?: Partial<AppSettings>;
  readonly feeds?: Record<string, FeedConfig>;
  readonly accounts?: AccountConfig[];
  readonly engine?: FakeEngine;
  readonly configError?: FeedError;
  readonly deps?: Partial<AppDeps>;
}

export function createHarness(options: HarnessOptions = {}) {
  let now = Date.UTC(2026, 5, 1, 12, 0, 0);
  const logs: Record<string, unknown>[] = [];
  const engine = options.engine ?? createFakeEngine();
  const cache = createMemoryCache();
  const settings: AppSettings = {
    environment: 'test',
    version: '0.1.0',
    secretKey: SECRET,
    accessToken: ACCESS_TOKEN,
    healthCheckToken: 'health-token',
    metricsToken: undefined,
    autoSourceEnabled: true,
    bodyLimitBytes: 1024,
    rateLimitPerMinute: 0,
    strategies: ['plain', 'renderer'],
    rendererConfigured: false,
    ...options.settings,
  };
  const { app, feedService } = createPagefeedApp({
    engine,
    cache,
    settings,
    feeds: { feeds: options.feeds ?? { news: feedConfig('https://example.com/news') }, accounts: options.accounts ?? [] },
    configError: options.configError,
    clock: () => new Date(now),
    logger: createLogger({ level: 'debug', write: (line) => logs.push(JSON.parse(line) as Record<string, unknown>) }),
    ...options.deps,
  });
  return {
    app,
    engine,
    cache,
    feedService,
    logs,
    advance: (seconds: number) => void (now += seconds * 1000),
    bearer: (token = ACCESS_TOKEN) => ({ authorization: `Bearer ${token}` }),
    post: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      app.request(path, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } }),
  };
}
