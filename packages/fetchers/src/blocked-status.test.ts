import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, startFixtureServer, type FixtureServer } from '../../../testing/fixture-server.js';
import { createPlainStrategy } from './strategies/plain.js';

/**
 * Status, headers and body together, through the plain strategy and the whole guard: a refusing
 * status whose page reads like a bot wall ends as BlockedSurface (retry with the renderer), while
 * a refusing status whose page is an ordinary error stays an HTTP error. Pages are written here.
 */
const pages: Record<string, { status: number; headers?: Record<string, string>; body: string; expected: string }> = {
  '/captcha-403': {
    status: 403,
    body: '<html><head><title>Store</title></head><body><h1>One moment</h1><p>Please solve the captcha to continue.</p></body></html>',
    expected: 'BlockedSurface',
  },
  '/automated-429': {
    status: 429,
    body: '<html><body><p>We received automated requests from your network. Try again later.</p></body></html>',
    expected: 'BlockedSurface',
  },
  '/edge-block-403': {
    status: 403,
    body: '<html><head><title>ERROR: The request could not be satisfied</title></head><body><h1>403 ERROR</h1>Request blocked.</body></html>',
    expected: 'BlockedSurface',
  },
  '/guard-server-403': { status: 403, headers: { server: 'ddos-guard' }, body: '<html><body></body></html>', expected: 'BlockedSurface' },
  '/forbidden-403': {
    status: 403,
    body: "<html><head><title>403 Forbidden</title></head><body><h1>Forbidden</h1><p>You don't have permission to access this resource.</p></body></html>",
    expected: 'UpstreamHttpError',
  },
  '/maintenance-503': {
    status: 503,
    body: '<html><head><title>Maintenance</title></head><body><p>Back in an hour.</p></body></html>',
    expected: 'UpstreamHttpError',
  },
};

describe('blocked surface from status and body together, through plain', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer();
    for (const [path, page] of Object.entries(pages)) server.route(path, html(page.body, page.status, page.headers ?? {}));
  });
  afterAll(async () => server?.close());

  it.each(Object.entries(pages).map(([path, page]) => [path, page.expected] as const))('%s ends as %s', async (path, expected) => {
    const outcome = await createPlainStrategy()
      .fetch({ url: `${server.origin}${path}`, strategy: 'plain', headers: {}, request: {} }, { allowPrivateNetworks: true })
      .then(
        () => 'page',
        (error: { code?: string }) => error.code ?? 'unknown',
      );
    expect(outcome).toBe(expected);
  });
});
