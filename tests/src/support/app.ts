import type { AccountConfig, CacheDriver, Engine, FeedConfig } from '@pagefeed/core';
import { createMemoryCache } from '@pagefeed/fetchers';
import { createPagefeedApp, type AppDeps, type AppSettings, type PagefeedApp } from '@pagefeed/server';

/** The real Hono app (`createPagefeedApp`) over a given engine, with a clock the test moves. */
export const SECRET = 'reliability-suite-secret-key-0123456789abcdef';
export const ACCESS_TOKEN = 'reliability-suite-admin-token';
export const HEALTH_TOKEN = 'reliability-suite-health-token';

export interface TestAppOptions {
  readonly engine: Engine;
  readonly cache?: CacheDriver;
  readonly feeds?: Record<string, FeedConfig>;
  readonly accounts?: AccountConfig[];
  readonly settings?: Partial<AppSettings>;
  readonly deps?: Partial<AppDeps>;
}

export interface TestApp {
  readonly app: PagefeedApp['app'];
  readonly feedService: PagefeedApp['feedService'];
  readonly cache: CacheDriver;
  advanceSeconds(seconds: number): void;
  bearer(token?: string): Record<string, string>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
}

export function createTestApp(options: TestAppOptions): TestApp {
  let now = Date.UTC(2026, 5, 1, 12, 0, 0);
  const cache = options.cache ?? createMemoryCache();
  const settings: AppSettings = {
    environment: 'test',
    version: '0.0.0-test',
    secretKey: SECRET,
    accessToken: ACCESS_TOKEN,
    healthCheckToken: HEALTH_TOKEN,
    metricsToken: undefined,
    autoSourceEnabled: true,
    bodyLimitBytes: 64 * 1024,
    rateLimitPerMinute: 0,
    strategies: ['plain', 'renderer'],
    rendererConfigured: false,
    ...options.settings,
  };
  const { app, feedService } = createPagefeedApp({
    engine: options.engine,
    cache,
    settings,
    feeds: { feeds: options.feeds ?? {}, accounts: options.accounts ?? [] },
    clock: () => new Date(now),
    ...options.deps,
  });
  const bearer = (token = ACCESS_TOKEN) => ({ authorization: `Bearer ${token}` });
  return {
    app,
    cache,
    feedService,
    advanceSeconds: (seconds: number) => void (now += seconds * 1000),
    bearer,
    post: async (path: string, body: unknown, headers: Record<string, string> = bearer()) =>
      app.request(path, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } }),
    get: async (path: string, headers: Record<string, string> = {}) => app.request(path, { headers }),
  };
}

export async function errorOf(response: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await response.json()) as { error?: { code: string; message: string } };
  return { status: response.status, code: body.error?.code ?? '(no error body)', message: body.error?.message ?? '' };
}
