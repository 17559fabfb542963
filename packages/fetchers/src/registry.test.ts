import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createHostLimiter } from './guard/host-limiter.js';
import { createStrategies, resolveStrategy } from './registry.js';
import { rendererEndpoint } from './strategies/renderer-connection.js';
import { PAGEFEED_VERSION, USER_AGENT } from './version.js';

describe('createStrategies', () => {
  it('builds plain and renderer with the default renderer URL and no token', () => {
    const registry = createStrategies({});
    expect(Object.keys(registry).sort()).toEqual(['plain', 'renderer']);
    expect(registry.plain.name).toBe('plain');
    expect(registry.renderer.name).toBe('renderer');
  });

  it('refuses a custom renderer URL without a token, naming both variables', () => {
    expect(() => createStrategies({ RENDERER_WEBSOCKET_URL: 'wss://renderer.example.org' })).toThrow(
      expect.objectContaining({ code: 'ConfigurationInvalid', message: expect.stringMatching(/RENDERER_API_TOKEN is required.*RENDERER_WEBSOCKET_URL/) }),
    );
  });

  it('accepts a custom renderer URL with a token', () => {
    expect(() => createStrategies({ RENDERER_WEBSOCKET_URL: 'wss://renderer.example.org', RENDERER_API_TOKEN: 't' })).not.toThrow();
  });

  it('refuses a renderer URL that is not a websocket address', () => {
    expect(() => createStrategies({ RENDERER_WEBSOCKET_URL: 'http://renderer:3000', RENDERER_API_TOKEN: 't' })).toThrow(/ws:\/\/ or wss:\/\//);
  });

  it('honours ALLOW_PRIVATE_NETWORKS=true as the default for both strategies', async () => {
    const closed = createStrategies({});
    const request = { url: 'http://127.0.0.1:9/', strategy: 'plain', headers: {}, request: { timeout_seconds: 2 } };
    await expect(closed.plain.fetch(request, {})).rejects.toMatchObject({ code: 'NetworkAddressRefused' });
    const open = createStrategies({ ALLOW_PRIVATE_NETWORKS: 'true' });
    // Port 9 (discard) is closed here: the guard let it through, so the connection itself fails.
    await expect(open.plain.fetch(request, {})).rejects.toMatchObject({ code: 'FetchFailed' });
  });

  it('lets both strategies count against a given host limiter (the shared one in production)', async () => {
    const hosts: string[] = [];
    const hostLimiter = createHostLimiter(4);
    const recording = { acquire: (host: string, signal: AbortSignal) => (hosts.push(host), hostLimiter.acquire(host, signal)) };
    const registry = createStrategies({ ALLOW_PRIVATE_NETWORKS: 'true' }, { hostLimiter: recording });
    const request = { url: 'http://127.0.0.1:9/', headers: {}, request: { timeout_seconds: 2 } };
    await expect(registry.plain.fetch({ ...request, strategy: 'plain' }, {})).rejects.toMatchObject({ code: 'FetchFailed' });
    await expect(registry.renderer.fetch({ ...request, strategy: 'renderer' }, {})).rejects.toBeDefined();
    expect(hosts).toEqual(['127.0.0.1:9', '127.0.0.1:9']);
  });
});

describe('resolveStrategy', () => {
  it('returns a known strategy', () => {
    const registry = createStrategies({});
    expect(resolveStrategy(registry, 'renderer')).toBe(registry.renderer);
  });

  it.each(['browserless', 'faraday', 'constructor', ''])('fails on %j with UnsupportedStrategy listing the known names', (name) => {
    expect(() => resolveStrategy(createStrategies({}), name)).toThrow(
      expect.objectContaining({ code: 'UnsupportedStrategy', message: `Unsupported strategy '${name}': use one of 'plain', 'renderer'` }),
    );
  });
});

describe('identity', () => {
  it('sends the package version in the User-Agent', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(PAGEFEED_VERSION).toBe(manifest.version);
    expect(USER_AGENT).toBe(`pagefeed/${manifest.version} (+https://github.com/pagefeed)`);
  });

  it('passes the token as a query parameter like browserless', () => {
    expect(rendererEndpoint('ws://renderer:3000', 's3cret')).toBe('ws://renderer:3000/?token=s3cret');
    expect(rendererEndpoint('wss://r.example.org/chromium?launch=x', 'a b')).toBe('wss://r.example.org/chromium?launch=x&token=a+b');
  });
});
