import { createAutoSource } from '@pagefeed/auto-source';
import { createEngine, type FetchStrategy } from '@pagefeed/core';
import { createHostLimiter, withGuard, type ResolvedAddress, type Resolver, type StrategyCore } from '@pagefeed/fetchers';
import { createMemoryCache } from '@pagefeed/fetchers';
// The plain strategy's core (its one `load` hook) is not exported; the tests wrap it so a
// "public" address can be served by a loopback fixture (see below).
import { createPlainCore } from '../../../packages/fetchers/src/strategies/plain.js';

/**
 * A small simulated internet for SSRF tests with ALLOW_PRIVATE_NETWORKS off, as in production.
 *
 * - An injected resolver gives test host names their addresses: `public.test` a public address,
 *   `internal.test` a private one, `mixed.test` both, and so on. The guard judges these answers
 *   exactly as it would judge real DNS.
 * - Connections to the public address 93.184.216.34 are carried to the loopback
 *   fixture server instead (the machine has no internet): only the last step, the socket, is
 *   redirected, after the guard has approved the address. Every other address is connected as is.
 * - Every load the guard lets through is recorded, so a test can prove that a refused URL never
 *   reached the network at all.
 */
export const PUBLIC_ADDRESS = '93.184.216.34';

export const DNS: Readonly<Record<string, readonly ResolvedAddress[]>> = {
  'public.test': [{ address: PUBLIC_ADDRESS, family: 4 }],
  'internal.test': [{ address: '10.0.0.5', family: 4 }],
  'loopback.test': [{ address: '127.0.0.1', family: 4 }],
  'metadata.test': [{ address: '169.254.169.254', family: 4 }],
  'mixed.test': [{ address: PUBLIC_ADDRESS, family: 4 }, { address: '127.0.0.1', family: 4 }],
  'v6-loopback.test': [{ address: '::1', family: 6 }],
  'v6-mapped.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
  'v6-ula.test': [{ address: 'fd12:3456:789a::1', family: 6 }],
  'cgnat.test': [{ address: '100.64.0.7', family: 4 }],
  'zero.test': [{ address: '0.0.0.0', family: 4 }],
};

export const testResolver: Resolver = async (hostname) => {
  const answer = DNS[hostname.toLowerCase()];
  if (!answer) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return answer;
};

export interface SimulatedInternet {
  readonly strategy: FetchStrategy;
  /** URLs whose load the guard allowed, in order. */
  readonly loaded: string[];
}

export function createSimulatedInternet(): SimulatedInternet {
  const loaded: string[] = [];
  const plain = createPlainCore({ connectTimeoutMs: 5_000, readTimeoutMs: 15_000 });
  const core: StrategyCore = {
    ...plain,
    load(request) {
      loaded.push(request.target.url.href);
      const address = request.target.address.address === PUBLIC_ADDRESS ? { address: '127.0.0.1', family: 4 as const } : request.target.address;
      return plain.load({ ...request, target: { ...request.target, address } });
    },
  };
  const strategy = withGuard(core, { allowPrivateNetworks: false, resolver: testResolver, hostLimiter: createHostLimiter(4) });
  return { strategy, loaded };
}

export function createSimulatedEngine(internet: SimulatedInternet) {
  return createEngine({ strategies: { plain: internet.strategy, renderer: internet.strategy }, autoSource: createAutoSource(), cache: createMemoryCache(), allowPrivateNetworks: false });
}
