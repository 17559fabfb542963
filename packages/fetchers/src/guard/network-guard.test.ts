import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchRequest } from '@pagefeed/core';
import { html, startFixtureServer, type FixtureServer } from '../../../../testing/fixture-server.js';
import { createPlainStrategy } from '../strategies/plain.js';
import { classifyAddress } from './address-ranges.js';
import { createNetworkGuard, type Resolver } from './network-guard.js';
import type { StrategyCore } from './types.js';
import { withGuard } from './with-guard.js';

/** Fake DNS: names that resolve to private addresses, without touching a real resolver. */
const ANSWERS: Readonly<Record<string, ReadonlyArray<{ address: string; family: 4 | 6 }>>> = {
  'internal.example.test': [{ address: '10.1.2.3', family: 4 }],
  'loopback.example.test': [{ address: '127.0.0.1', family: 4 }],
  'mixed.example.test': [{ address: '93.184.216.34', family: 4 }, { address: '127.0.0.1', family: 4 }],
  'v6-loopback.example.test': [{ address: '::1', family: 6 }],
  'mapped-metadata.example.test': [{ address: '::ffff:169.254.169.254', family: 6 }],
  'cgnat.example.test': [{ address: '100.64.12.1', family: 4 }],
  'ula.example.test': [{ address: 'fd12:3456::1', family: 6 }],
  'public.example.test': [{ address: '93.184.216.34', family: 4 }],
};
const resolver: Resolver = async (hostname) => {
  const answer = ANSWERS[hostname];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return answer;
};

describe('network guard', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer({ '/': html('<p>secret</p>') });
  });
  afterAll(async () => server?.close());

  const hostile = (port: number): string[] => [
    `http://127.0.0.1:${port}/`,
    `http://localhost:${port}/`,
    `http://LOCALHOST.:${port}/`,
    `http://admin.localhost:${port}/`,
    `http://2130706433:${port}/`,
    `http://0x7f000001:${port}/`,
    `http://0177.0.0.1:${port}/`,
    `http://0x7f.0.0.1:${port}/`,
    `http://127.1:${port}/`,
    `http://017700000001:${port}/`,
    `http://[::1]:${port}/`,
    `http://[::ffff:127.0.0.1]:${port}/`,
    `http://[::ffff:7f00:1]:${port}/`,
    `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/`,
    `http://[64:ff9b::127.0.0.1]:${port}/`,
    `http://[2002:7f00:1::]:${port}/`,
    `http://[::127.0.0.1]:${port}/`,
    `http://0.0.0.0:${port}/`,
    `http://0:${port}/`,
    `http://loopback.example.test:${port}/`,
    `http://mixed.example.test:${port}/`,
    `http://v6-loopback.example.test:${port}/`,
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://169.254.10.10/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
    'http://100.100.100.200/latest/meta-data/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://[fc00::1]/',
    'http://[fe80::1]/',
    'http://[ff02::1]/',
    'http://[::]/',
    'http://internal.example.test/',
    'http://mapped-metadata.example.test/',
    'http://cgnat.example.test/',
    'http://ula.example.test/',
    `gopher://127.0.0.1:${port}/`,
    'file:///etc/passwd',
  ];

  it('has at least 30 hostile cases', () => {
    expect(hostile(1).length).toBeGreaterThanOrEqual(30);
  });

  it('refuses every hostile URL with NetworkAddressRefused before any connection', async () => {
    const plain = createPlainStrategy({ resolver });
    const outcomes: Array<[string, string]> = [];
    for (const url of hostile(server.port)) {
      const request: FetchRequest = { url, strategy: 'plain', headers: {}, request: {} };
      const error = await plain.fetch(request, { allowPrivateNetworks: false }).then(
        () => 'fetched',
        (caught: { code?: string }) => caught.code ?? 'unknown',
      );
      outcomes.push([url, error]);
    }
    expect(outcomes.filter(([, code]) => code !== 'NetworkAddressRefused')).toEqual([]);
    expect(server.connections()).toBe(0);
  });

  it('refuses a redirect from a public host to a private one without loading the private hop', async () => {
    const loaded: string[] = [];
    const core: StrategyCore = {
      name: 'recording',
      followsRedirects: false,
      conditionalRequests: false,
      load: async ({ target }) => {
        loaded.push(target.url.href);
        return { url: target.url.href, status: 302, headers: { location: 'http://internal.example.test/admin' }, body: new Uint8Array() };
      },
    };
    const strategy = withGuard(core, { resolver });
    const error = await strategy
      .fetch({ url: 'http://public.example.test/news', strategy: 'recording', headers: {}, request: {} }, {})
      .then(
        () => ({ code: 'fetched', message: '' }),
        (caught: unknown) => caught as { code: string; message: string },
      );
    expect(error).toMatchObject({ code: 'NetworkAddressRefused' });
    expect(error.message).toContain('internal.example.test resolves to 10.1.2.3');
    expect(loaded).toEqual(['http://public.example.test/news']);
  });

  it('refuses a real redirect to the metadata address even when private networks are allowed', async () => {
    server.route('/to-metadata', (_request, response) => {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      response.end();
    });
    const plain = createPlainStrategy({ resolver });
    const error = await plain
      .fetch({ url: `${server.origin}/to-metadata`, strategy: 'plain', headers: {}, request: {} }, { allowPrivateNetworks: true })
      .then(
        () => ({ code: 'fetched', message: '' }),
        (caught: unknown) => caught as { code: string; message: string },
      );
    expect(error).toMatchObject({ code: 'NetworkAddressRefused' });
    expect(error.message).toContain('never fetched');
  });

  it('lets private addresses through when allowed, and names the setting when not', async () => {
    const open = createNetworkGuard({ allowPrivateNetworks: true, resolver });
    await expect(open.check('http://internal.example.test/')).resolves.toMatchObject({ address: { address: '10.1.2.3' } });
    const closed = createNetworkGuard({ resolver });
    await expect(closed.check('http://internal.example.test/')).rejects.toThrow(/ALLOW_PRIVATE_NETWORKS=true/);
  });

  it('passes public addresses and pins the checked address', async () => {
    const guard = createNetworkGuard({ resolver });
    await expect(guard.check('https://public.example.test/a')).resolves.toMatchObject({ address: { address: '93.184.216.34', family: 4 } });
    await expect(guard.check('http://[2606:4700::1111]/')).resolves.toMatchObject({ address: { family: 6 } });
  });

  it('judges an address a browser connected to after the fact', () => {
    const guard = createNetworkGuard({ resolver });
    expect(() => guard.checkConnectedAddress('[::1]', 'http://rebind.example.test/')).toThrow(/the browser connected to ::1/);
    expect(() => guard.checkConnectedAddress('93.184.216.34', 'http://public.example.test/')).not.toThrow();
    expect(() => createNetworkGuard({ allowPrivateNetworks: true }).checkConnectedAddress('169.254.169.254', 'http://x.test/')).toThrow(/never fetched/);
  });

  it('reports an unknown host as FetchFailed, not as refused', async () => {
    await expect(createNetworkGuard({ resolver }).check('http://nowhere.example.test/')).rejects.toMatchObject({ code: 'FetchFailed' });
  });
});

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', undefined],
    ['1.1.1.1', undefined],
    ['2606:4700::1111', undefined],
    ['172.32.0.1', undefined],
    ['100.128.0.1', undefined],
    ['172.31.255.255', 'private (RFC 1918)'],
    ['127.255.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private (RFC 1918), embedded in IPv6 ::ffff:10.0.0.1 (IPv4-mapped)'],
    ['fd00:ec2::254', 'cloud metadata endpoint'],
    ['fec0::1', 'site-local (deprecated)'],
  ])('%s → %s', (address, reason) => {
    expect(classifyAddress(address).reason).toBe(reason);
  });
});
