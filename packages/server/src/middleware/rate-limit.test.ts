import { createMemoryCache } from '@pagefeed/fetchers';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../test-support/app-harness.js';
import { addressSubjectOf } from './rate-limit.js';

/** Where the counters live: the cache driver when other instances see it, else this process. */
describe('rate limit counters', () => {
  const limited = (cache: ReturnType<typeof createMemoryCache>) => {
    const address = { value: '192.0.2.1' };
    const deps = { cache, clientAddress: () => address.value };
    return { first: createHarness({ settings: { rateLimitPerMinute: 2 }, deps }), second: createHarness({ settings: { rateLimitPerMinute: 2 }, deps }), address };
  };

  it('counts in the process when the cache is process-local (two apps on one memory cache count apart)', async () => {
    const { first, second } = limited(createMemoryCache());
    expect((await first.app.request('/api/v1/feeds')).status).toBe(200);
    expect((await second.app.request('/api/v1/feeds')).status).toBe(200);
    expect((await first.app.request('/api/v1/feeds')).status).toBe(200);
    expect((await first.app.request('/api/v1/feeds')).status).toBe(429);
  });

  it('counts in a cache that stands for a shared one (instances count together)', async () => {
    const { first, second } = limited(createMemoryCache({ standInForSharedCache: true }));
    expect((await first.app.request('/api/v1/feeds')).status).toBe(200);
    expect((await second.app.request('/api/v1/feeds')).status).toBe(200);
    expect((await first.app.request('/api/v1/feeds')).status).toBe(429);
  });

  it('counts each address on its own, and frees one as its last minute empties', async () => {
    const { first, address } = limited(createMemoryCache());
    expect((await first.app.request('/api/v1/feeds')).status).toBe(200);
    expect((await first.app.request('/api/v1/feeds')).status).toBe(200);
    expect((await first.app.request('/api/v1/feeds')).status).toBe(429);
    address.value = '192.0.2.2';
    expect((await first.app.request('/api/v1/feeds')).status).toBe(200);
    address.value = '192.0.2.1';
    // A minute later the window is new, but both requests are still within the last 60 seconds.
    first.advance(60);
    expect((await first.app.request('/api/v1/feeds')).status).toBe(429);
    // Half a minute on, half the previous window's two weigh: one more fits.
    first.advance(30);
    expect((await first.app.request('/api/v1/feeds')).status).toBe(200);
    expect((await first.app.request('/api/v1/feeds')).status).toBe(429);
  });

  it('leaves requests alone when the limit is 0', async () => {
    const { app } = createHarness({ settings: { rateLimitPerMinute: 0 } });
    for (let request = 0; request < 5; request += 1) expect((await app.request('/api/v1/feeds')).status).toBe(200);
  });

  it('counts IPv6 clients per /64 and IPv4-mapped addresses as their IPv4 address', async () => {
    const { first, address } = limited(createMemoryCache());
    address.value = '2001:db8:1:2::10';
    expect((await first.app.request('/api/v1/feeds')).status).toBe(200);
    address.value = '2001:db8:1:2:ffff:ffff:ffff:ffff';
    expect((await first.app.request('/api/v1/feeds')).status).toBe(200);
    // A third address in the same /64 is the same client: over the limit of 2.
    address.value = '2001:DB8:1:2:0:0:0:99';
    expect((await first.app.request('/api/v1/feeds')).status).toBe(429);
    // The next /64 is another client.
    address.value = '2001:db8:1:3::10';
    expect((await first.app.request('/api/v1/feeds')).status).toBe(200);
    // A dual-stack socket's spelling of an IPv4 peer counts with the plain IPv4 address.
    address.value = '::ffff:192.0.2.9';
    expect((await first.app.request('/api/v1/feeds')).status).toBe(200);
    address.value = '192.0.2.9';
    expect((await first.app.request('/api/v1/feeds')).status).toBe(200);
    expect((await first.app.request('/api/v1/feeds')).status).toBe(429);
  });

  it.each([
    [undefined, 'ip:unknown'],
    ['192.0.2.1', 'ip:192.0.2.1'],
    ['::ffff:192.0.2.1', 'ip:192.0.2.1'],
    ['::1', 'ip:::/64'],
    ['2001:db8:aa:bb:cc:dd:ee:ff', 'ip:2001:db8:aa:bb::/64'],
    ['fe80::1%eth0', 'ip:fe80::/64'],
    ['not an address', 'ip:not an address'],
  ])('counts %j as %j', (address, subject) => {
    expect(addressSubjectOf(address)).toBe(subject);
  });
});
