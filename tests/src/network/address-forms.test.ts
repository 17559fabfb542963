import { createNetworkGuard } from '@pagefeed/fetchers';
import { isFeedError } from '@pagefeed/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/**
 * The guard's verdict on an IPv4 address does not depend on how the URL spells it: dotted,
 * one decimal number, hex, octal, IPv4-mapped / IPv4-compatible / NAT64 / 6to4 IPv6. And every
 * address in a special-purpose range (an independent table from RFC 6890 and the cloud
 * metadata addresses) is refused in every spelling. No DNS is involved (the resolver throws).
 */
const NUM_RUNS = Number(process.env['PAGEFEED_PROPERTY_RUNS'] ?? 150) * 2;

/** [first address as a number, prefix length]: RFC 6890 special-purpose blocks that are not global. */
const SPECIAL_IPV4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
];
const METADATA_IPV4 = ['169.254.169.254', '169.254.170.2', '100.100.100.200', '168.63.129.16'];

function toNumber(dotted: string): number {
  return dotted.split('.').reduce((total, part) => total * 256 + Number(part), 0);
}

function isSpecial(address: number): boolean {
  return SPECIAL_IPV4.some(([network, prefix]) => Math.floor(address / 2 ** (32 - prefix)) === Math.floor(toNumber(network) / 2 ** (32 - prefix)));
}

function octets(address: number): number[] {
  return [24, 16, 8, 0].map((shift) => Math.floor(address / 2 ** shift) % 256);
}

function hex16(high: number, low: number): string {
  return ((high << 8) | low).toString(16);
}

function spellings(address: number): string[] {
  const [a = 0, b = 0, c = 0, d = 0] = octets(address);
  return [
    `${a}.${b}.${c}.${d}`,
    String(address),
    `0x${address.toString(16)}`,
    `0${a.toString(8)}.0${b.toString(8)}.0${c.toString(8)}.0${d.toString(8)}`,
    `0x${a.toString(16)}.${b}.${c}.${d}`,
    `[::ffff:${a}.${b}.${c}.${d}]`,
    `[::ffff:${hex16(a, b)}:${hex16(c, d)}]`,
    `[0:0:0:0:0:ffff:${a}.${b}.${c}.${d}]`,
    `[64:ff9b::${a}.${b}.${c}.${d}]`,
    `[2002:${hex16(a, b)}:${hex16(c, d)}::1]`,
  ];
}

const guard = createNetworkGuard({
  allowPrivateNetworks: false,
  resolver: async () => {
    throw new Error('no DNS for IP literals');
  },
});

async function verdict(url: string): Promise<string> {
  try {
    await guard.check(url);
    return 'allowed';
  } catch (error) {
    if (isFeedError(error)) return error.code;
    throw error;
  }
}

const specialAddress = fc.constantFrom(...SPECIAL_IPV4).chain(([network, prefix]) =>
  fc.integer({ min: 0, max: 2 ** (32 - prefix) - 1 }).map((offset) => toNumber(network) + offset),
);
const anyAddress = fc.oneof(specialAddress, fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.constantFrom(...METADATA_IPV4.map(toNumber)));

describe('guard verdicts on IPv4 spellings', () => {
  it('one verdict for every spelling; special-purpose and metadata addresses refused in all of them', async () => {
    await fc.assert(
      fc.asyncProperty(anyAddress, async (address) => {
        const answers = await Promise.all(spellings(address).map(async (host) => `${await verdict(`http://${host}:8080/`)} ${host}`));
        const kinds = new Set(answers.map((answer) => answer.split(' ')[0]));
        expect(kinds.size, answers.join('\n')).toBe(1);
        if (isSpecial(address) || METADATA_IPV4.map(toNumber).includes(address)) expect([...kinds]).toEqual(['NetworkAddressRefused']);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

/** IPv6 blocks that are never global: [first hextet, mask of the first hextet]. */
const SPECIAL_IPV6: ReadonlyArray<readonly [number, number, string]> = [
  [0xfc00, 0xfe00, 'unique local'],
  [0xfe80, 0xffc0, 'link-local'],
  [0xfec0, 0xffc0, 'site-local'],
  [0xff00, 0xff00, 'multicast'],
];

function ipv6Spellings(hextets: readonly number[]): string[] {
  const full = hextets.map((part) => part.toString(16).padStart(4, '0'));
  const short = hextets.map((part) => part.toString(16));
  const zeroRun = short.join(':').replace(/(^|:)0(:0)+(:|$)/, '::');
  return [full.join(':'), full.join(':').toUpperCase(), short.join(':'), zeroRun];
}

describe('guard verdicts on IPv6 spellings', () => {
  it('addresses in non-global IPv6 blocks are refused in expanded, upper-case and compressed forms', async () => {
    const special = fc.tuple(fc.constantFrom(...SPECIAL_IPV6), fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 7 }))
      .map(([[prefix, mask], parts, zeroStart, zeroLength]) => {
        const hextets = parts.map((part, index) => (index >= zeroStart && index < zeroStart + zeroLength ? 0 : part));
        hextets[0] = (prefix & mask) | ((parts[0] ?? 0) & ~mask & 0xffff);
        return hextets;
      });
    await fc.assert(
      fc.asyncProperty(special, async (hextets) => {
        for (const host of ipv6Spellings(hextets)) expect(await verdict(`http://[${host}]:8080/`), host).toBe('NetworkAddressRefused');
      }),
      { numRuns: NUM_RUNS },
    );
    for (const host of ['::1', '0:0:0:0:0:0:0:1', '::', '::ffff:7f00:1', '::7f00:1', 'fd00:ec2::254', '2001:db8::1']) {
      expect(await verdict(`http://[${host}]:8080/`), host).toBe('NetworkAddressRefused');
    }
  });
});
