import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../../../testing/fixture-server.js';
import { requireRedis } from '../../../../testing/system.js';
import { createPlainStrategy } from '../strategies/plain.js';
import { createRedisCache, type RedisCacheDriver } from './redis.js';
import { startRedisServer, type RedisServer } from './test-support/redis-server.js';

/**
 * Issue #7: source validators (ETag / Last-Modified) live in the shared cache, so a page fetched
 * by one instance is revalidated with a conditional request by another.
 */
const redis = requireRedis();

describe.skipIf(!redis.available)('source validators shared through Redis', () => {
  let server: RedisServer;
  let source: FixtureServer;
  const conditional: Array<string | undefined> = [];
  let instanceA: RedisCacheDriver;
  let instanceB: RedisCacheDriver;

  beforeAll(async () => {
    server = await startRedisServer();
    source = await startFixtureServer({
      '/news': (request, response) => {
        conditional.push(request.headers['if-none-match']);
        if (request.headers['if-none-match'] === '"v1"') {
          response.writeHead(304, { etag: '"v1"' });
          response.end();
          return;
        }
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag: '"v1"' });
        response.end('<html><body><article><h2>First story</h2></article></body></html>');
      },
    });
    instanceA = createRedisCache({ url: server.url, keyPrefix: 'validators:' });
    instanceB = createRedisCache({ url: server.url, keyPrefix: 'validators:' });
  });

  afterAll(async () => {
    await Promise.all([instanceA?.close(), instanceB?.close()]);
    await source?.close();
    await server?.dispose();
  });

  it('lets instance B revalidate what instance A fetched', async () => {
    const plain = createPlainStrategy();
    const request = { url: `${source.origin}/news`, strategy: 'plain', headers: {}, request: {} };
    const first = await plain.fetch(request, { cache: instanceA, allowPrivateNetworks: true });
    expect(first.status).toBe(200);
    expect(first.revalidated ?? false).toBe(false);

    const second = await plain.fetch(request, { cache: instanceB, allowPrivateNetworks: true });
    expect(conditional).toEqual([undefined, '"v1"']);
    expect(second.revalidated).toBe(true);
    expect(second.body).toBe(first.body);
  });
});
