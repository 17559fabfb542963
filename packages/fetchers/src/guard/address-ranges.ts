import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Which addresses a fetch may never reach. Two lists: `private` ranges open up when the operator
 * sets ALLOW_PRIVATE_NETWORKS=true (a self-hosted instance reading its own intranet), `metadata`
 * endpoints never do, because reaching them hands out cloud credentials.
 */
const IPV4_PRIVATE: ReadonlyArray<readonly [string, number, string]> = [
  ['0.0.0.0', 8, 'unspecified ("this network")'],
  ['10.0.0.0', 8, 'private (RFC 1918)'],
  ['100.64.0.0', 10, 'carrier-grade NAT (RFC 6598)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private (RFC 1918)'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation (TEST-NET-1)'],
  ['192.88.99.0', 24, '6to4 relay anycast'],
  ['192.168.0.0', 16, 'private (RFC 1918)'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation (TEST-NET-2)'],
  ['203.0.113.0', 24, 'documentation (TEST-NET-3)'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved or broadcast'],
];

const IPV6_PRIVATE: ReadonlyArray<readonly [string, number, string]> = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::', 96, 'IPv4-compatible (deprecated)'],
  ['100::', 64, 'discard prefix'],
  ['2001::', 32, 'Teredo tunnel'],
  ['2001:db8::', 32, 'documentation'],
  ['fc00::', 7, 'unique local (ULA)'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local (deprecated)'],
  ['ff00::', 8, 'multicast'],
];

const METADATA_ADDRESSES: ReadonlyArray<readonly [string, 'ipv4' | 'ipv6']> = [
  ['169.254.169.254', 'ipv4'],
  ['169.254.170.2', 'ipv4'],
  ['100.100.100.200', 'ipv4'],
  ['168.63.129.16', 'ipv4'],
  ['fd00:ec2::254', 'ipv6'],
];

/** Host names that name the machine itself or a metadata service, refused before any lookup. */
export const METADATA_HOST_NAMES: readonly string[] = ['metadata.google.internal', 'metadata.goog', 'metadata'];

function buildList(ranges: ReadonlyArray<readonly [string, number, string]>, family: 'ipv4' | 'ipv6'): Array<[BlockList, string]> {
  return ranges.map(([network, prefix, label]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return [list, label];
  });
}

const ipv4Lists = buildList(IPV4_PRIVATE, 'ipv4');
const ipv6Lists = buildList(IPV6_PRIVATE, 'ipv6');

/** Every metadata address in one list (built once: a BlockList per check cost more than the check). */
const metadataList = new BlockList();
for (const [address, family] of METADATA_ADDRESSES) metadataList.addAddress(address, family);

export interface AddressVerdict {
  /** Why the address is refused, or undefined when it is public. */
  readonly reason: string | undefined;
  /** Metadata endpoints stay refused even when private networks are allowed. */
  readonly metadata: boolean;
}

/**
 * Verdicts already given, by address text: the verdict is a function of the text alone (no DNS, no
 * clock), and a server fetching the same few sites asks about the same addresses on every fetch.
 * Bounded, since addresses come from DNS answers and feed URLs.
 */
const KNOWN_VERDICTS = 1024;
const verdicts = new Map<string, AddressVerdict>();

export function classifyAddress(address: string): AddressVerdict {
  let verdict = verdicts.get(address);
  if (verdict === undefined) {
    verdict = Object.freeze(classifyUncached(address));
    if (verdicts.size >= KNOWN_VERDICTS) verdicts.clear();
    verdicts.set(address, verdict);
  }
  return verdict;
}

function classifyUncached(address: string): AddressVerdict {
  const embedded = embeddedIPv4(address);
  if (embedded !== undefined) {
    const inner = classifyUncached(embedded);
    return inner.reason === undefined ? inner : { ...inner, reason: `${inner.reason}, embedded in IPv6 ${address}` };
  }
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (family === undefined) return { reason: 'not an IP address', metadata: false };
  if (metadataList.check(address, family)) return { reason: 'cloud metadata endpoint', metadata: true };
  for (const [list, label] of family === 'ipv4' ? ipv4Lists : ipv6Lists) {
    if (list.check(address, family)) return { reason: label, metadata: false };
  }
  return { reason: undefined, metadata: false };
}

/**
 * The IPv4 address hidden in IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) and 6to4
 * (2002::/16) IPv6 addresses, so `::ffff:7f00:1` is judged as 127.0.0.1.
 */
function embeddedIPv4(address: string): string | undefined {
  if (!isIPv6(address)) return undefined;
  const hextets = expandIPv6(address);
  if (hextets === undefined) return undefined;
  const isMapped = hextets.slice(0, 5).every((part) => part === 0) && hextets[5] === 0xffff;
  const isNat64 = hextets[0] === 0x64 && hextets[1] === 0xff9b && hextets.slice(2, 6).every((part) => part === 0);
  if (isMapped || isNat64) return toIPv4(hextets[6] ?? 0, hextets[7] ?? 0);
  if (hextets[0] === 0x2002) return toIPv4(hextets[1] ?? 0, hextets[2] ?? 0);
  return undefined;
}

function toIPv4(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

function expandIPv6(address: string): number[] | undefined {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const bytes = dotted[1].split('.').map(Number);
    text = text.slice(0, -dotted[1].length) + `${(((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0)).toString(16)}:${(((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0)).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headParts = head === '' ? [] : head.split(':');
  const tailParts = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headParts.length - tailParts.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  return [...headParts, ...Array<string>(missing).fill('0'), ...tailParts].map((part) => Number.parseInt(part, 16));
}
