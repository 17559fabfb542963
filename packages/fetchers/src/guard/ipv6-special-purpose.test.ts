import { describe, expect, it } from 'vitest';
import type { FetchRequest } from '@pagefeed/core';
import { createPlainStrategy } from '../strategies/plain.js';
import { classifyAddress } from './address-ranges.js';
import { IPV6_SPECIAL_PURPOSE } from './ipv6-special-purpose.js';

/** Issue #18: every row of the IANA IPv6 special-purpose table is refused, one test per row. */
const noDns = async (): Promise<never> => {
  throw new Error('no DNS lookup expected for an address literal');
};

async function fetchOutcome(address: string): Promise<string> {
  const plain = createPlainStrategy({ resolver: noDns });
  const request: FetchRequest = { url: `http://[${address}]:9/`, strategy: 'plain', headers: {}, request: {} };
  return plain.fetch(request, { allowPrivateNetworks: false }).then(
    () => 'fetched',
    (caught: { code?: string }) => caught.code ?? 'unknown',
  );
}

describe('IPv6 special-purpose ranges', () => {
  it.each(IPV6_SPECIAL_PURPOSE.map((range) => [`${range.network}/${range.prefix} ${range.label}`, range] as const))('%s: its example is refused, before any connection', async (_name, range) => {
    const verdict = classifyAddress(range.example);
    expect(verdict.reason, range.example).toBeDefined();
    if (range.judge === 'embedded') expect(verdict.reason).toContain(`(${range.label})`);
    expect(await fetchOutcome(range.example)).toBe('NetworkAddressRefused');
  });

  const embedding = IPV6_SPECIAL_PURPOSE.filter((range) => range.embedded !== undefined);
  /** 169.254.169.254 placed where each row embeds its IPv4 address. */
  const metadataIn: Readonly<Record<string, string>> = {
    '::ffff:0:0/96': '::ffff:a9fe:a9fe',
    '::ffff:0:0:0/96': '::ffff:0:a9fe:a9fe',
    '::/96': '::a9fe:a9fe',
    '64:ff9b::/96': '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::/48': '64:ff9b:1:a9fe:a9:fe00::',
    '2002::/16': '2002:a9fe:a9fe::1',
  };
  it.each(embedding.map((range) => [`${range.network}/${range.prefix}`, range] as const))('%s: an embedded metadata address stays a metadata address', (key, range) => {
    const address = metadataIn[key];
    expect(address, `${key} needs a metadata example`).toBeDefined();
    expect(classifyAddress(address!), range.label).toMatchObject({ metadata: true });
  });

  it('judges the public IPv4 address inside IPv4-mapped, IPv4-translated, NAT64 and 6to4 addresses as public', () => {
    for (const address of ['::ffff:5db8:d822', '::ffff:0:5db8:d822', '64:ff9b::5db8:d822', '2002:5db8:d822::1']) {
      expect(classifyAddress(address), address).toEqual({ reason: undefined, metadata: false });
    }
  });

  it('refuses the IPv4-translated loopback of the attack pass with its reason', () => {
    expect(classifyAddress('::ffff:0:7f00:1').reason).toBe('loopback, embedded in IPv6 ::ffff:0:7f00:1 (IPv4-translated)');
  });

  it('leaves ordinary global unicast addresses alone', () => {
    for (const address of ['2606:4700::1111', '2a00:1450:4001:82b::200e', '2001:4860:4860::8888']) {
      expect(classifyAddress(address), address).toEqual({ reason: undefined, metadata: false });
    }
  });
});
