import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { embeddedIPv4Of, IPV6_SPECIAL_PURPOSE, type IPv6SpecialRange } from './ipv6-special-purpose.js';

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
const ipv6Lists: Array<[BlockList, IPv6SpecialRange]> = IPV6_SPECIAL_PURPOSE.map((range) => {
  const list = new BlockList();
  list.addSubnet(range.network, range.prefix, 'ipv6');
  return [list, range];
});

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
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (family === undefined) return { reason: 'not an IP address', metadata: false };
  if (metadataList.check(address, family)) return { reason: 'cloud metadata endpoint', metadata: true };
  if (family === 'ipv6') return classifyIPv6(address);
  for (const [list, label] of ipv4Lists) {
    if (list.check(address, family)) return { reason: label, metadata: false };
  }
  return { reason: undefined, metadata: false };
}

/** The first special-purpose row holding the address decides (see `IPV6_SPECIAL_PURPOSE`). */
function classifyIPv6(address: string): AddressVerdict {
  for (const [list, range] of ipv6Lists) {
    if (!list.check(address, 'ipv6')) continue;
    const hextets = range.embedded === undefined ? undefined : expandIPv6(address);
    const embedded = hextets === undefined || range.embedded === undefined ? undefined : embeddedIPv4Of(hextets, range.embedded);
    if (embedded === undefined) return { reason: range.label, metadata: false };
    const inner = classifyUncached(embedded);
    if (range.judge === 'embedded') {
      return inner.reason === undefined ? inner : { ...inner, reason: `${inner.reason}, embedded in IPv6 ${address} (${range.label})` };
    }
    return inner.metadata ? { reason: `cloud metadata endpoint, embedded in IPv6 ${address} (${range.label})`, metadata: true } : { reason: range.label, metadata: false };
  }
  return { reason: undefined, metadata: false };
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
