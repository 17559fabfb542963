import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { FeedError } from '@pagefeed/core';
import { classifyAddress, METADATA_HOST_NAMES } from './address-ranges.js';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Turns a host name into addresses; injected in tests so no real DNS is needed. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export interface NetworkGuardOptions {
  readonly allowPrivateNetworks?: boolean;
  readonly resolver?: Resolver;
}

/** A URL that passed the guard, with the address the connection must use (no second lookup). */
export interface CheckedTarget {
  readonly url: URL;
  readonly address: ResolvedAddress;
}

export interface NetworkGuard {
  readonly allowPrivateNetworks: boolean;
  check(url: string | URL): Promise<CheckedTarget>;
  /** Judges an address something else connected to (the renderer's browser), after the fact. */
  checkConnectedAddress(address: string, url: string): void;
}

const ALLOW_HINT = 'set ALLOW_PRIVATE_NETWORKS=true only if this service may read your private network';

export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

/**
 * Resolves the host and refuses loopback, private, link-local, CGNAT, multicast, reserved and
 * metadata addresses. The URL parser has already turned decimal, octal and hex IPv4 spellings
 * (http://2130706433/, http://0x7f.1/, http://0177.0.0.1/) into dotted form, so they are judged by
 * the address they mean. Every answer must pass, so a name with one public and one private answer
 * is refused.
 */
export function createNetworkGuard(options: NetworkGuardOptions = {}): NetworkGuard {
  const allowPrivateNetworks = options.allowPrivateNetworks ?? false;
  const resolver = options.resolver ?? systemResolver;
  // One guard serves one fetch; a rendered page asks about the same few hosts many times.
  const answers = new Map<string, Promise<readonly ResolvedAddress[]>>();
  const resolveOnce = (hostname: string, url: URL) => {
    let answer = answers.get(hostname);
    if (!answer) {
      answer = resolve(resolver, hostname, url);
      answers.set(hostname, answer);
    }
    return answer;
  };

  async function check(input: string | URL): Promise<CheckedTarget> {
    const url = parseUrl(input);
    const hostname = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
    if (METADATA_HOST_NAMES.includes(hostname)) {
      throw refused(url, `${hostname} is a cloud metadata service, which is never fetched`, { metadata: true });
    }
    if (!allowPrivateNetworks && (hostname === 'localhost' || hostname.endsWith('.localhost'))) {
      throw refused(url, `${hostname} names this machine (loopback); ${ALLOW_HINT}`);
    }
    const family = isIP(hostname);
    const addresses = family === 0 ? await resolveOnce(hostname, url) : [{ address: hostname, family: family as 4 | 6 }];
    for (const candidate of addresses) {
      judge(url, candidate.address, family === 0 ? `${hostname} resolves to ${candidate.address}` : `${candidate.address} is`);
    }
    const [first] = addresses;
    if (first === undefined) throw unresolved(url, 'no addresses');
    return { url, address: first };
  }

  function judge(url: URL, address: string, what: string): void {
    const verdict = classifyAddress(address);
    if (verdict.reason === undefined) return;
    if (verdict.metadata) throw refused(url, `${what} a ${verdict.reason}, which is never fetched`, { metadata: true });
    if (!allowPrivateNetworks) throw refused(url, `${what} a ${verdict.reason} address; ${ALLOW_HINT}`);
  }

  function checkConnectedAddress(address: string, url: string): void {
    const bare = address.replace(/^\[|\]$/g, '');
    if (isIP(bare) === 0) return;
    judge(new URL(url), bare, `the browser connected to ${bare} for ${new URL(url).hostname}, which is`);
  }

  return { allowPrivateNetworks, check, checkConnectedAddress };
}

function parseUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(String(input));
  } catch {
    throw new FeedError('InputInvalid', `Cannot fetch '${String(input)}': not a valid absolute URL`, { path: 'url' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FeedError('NetworkAddressRefused', `Refused to fetch ${url.href}: only http and https URLs can be fetched`, {
      path: 'url',
    });
  }
  return url;
}

async function resolve(resolver: Resolver, hostname: string, url: URL): Promise<readonly ResolvedAddress[]> {
  try {
    return await resolver(hostname);
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error instanceof Error ? error.message : String(error));
    throw unresolved(url, code, error);
  }
}

function unresolved(url: URL, reason: string, cause?: unknown): FeedError {
  return new FeedError('FetchFailed', `Could not resolve ${url.hostname} (${reason}) for ${url.href}: check the URL`, {
    path: 'url',
    ...(cause === undefined ? {} : { cause }),
  });
}

function refused(url: URL, reason: string, details: Record<string, unknown> = {}): FeedError {
  return new FeedError('NetworkAddressRefused', `Refused to fetch ${url.href}: ${reason}`, {
    path: 'url',
    details: { url: url.href, ...details },
  });
}
