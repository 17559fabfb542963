/**
 * The IANA IPv6 Special-Purpose Address Registry (plus multicast and the deprecated site-local and
 * IPv4-compatible ranges), as one table: a feed fetcher has no business with any of them.
 * https://www.iana.org/assignments/iana-ipv6-special-registry
 *
 * `embedded` says where an IPv4 address sits inside the IPv6 one (RFC 6052 and friends):
 * - with `judge: 'embedded'` the address is judged as that IPv4 address alone (IPv4-mapped,
 *   IPv4-translated, NAT64 well-known prefix, 6to4): `::ffff:8.8.8.8` is public, `::ffff:127.0.0.1`
 *   is loopback;
 * - with `judge: 'private'` the whole range is refused, and the embedded IPv4 address is still
 *   checked against the metadata endpoints, which stay refused when private networks are allowed.
 * Rows are checked in order, so the narrower ones (loopback, unspecified) come before `::/96`.
 */
export type EmbeddedIPv4 = 'last-32-bits' | 'bits-16-to-47' | 'rfc6052-48';

export interface IPv6SpecialRange {
  readonly network: string;
  readonly prefix: number;
  readonly label: string;
  readonly reference: string;
  readonly judge: 'private' | 'embedded';
  readonly embedded?: EmbeddedIPv4;
  /** An address inside the range, for the table's own test. */
  readonly example: string;
}

export const IPV6_SPECIAL_PURPOSE: readonly IPv6SpecialRange[] = [
  { network: '::', prefix: 128, label: 'unspecified', reference: 'RFC 4291', judge: 'private', example: '::' },
  { network: '::1', prefix: 128, label: 'loopback', reference: 'RFC 4291', judge: 'private', example: '::1' },
  { network: '::ffff:0:0', prefix: 96, label: 'IPv4-mapped', reference: 'RFC 4291', judge: 'embedded', embedded: 'last-32-bits', example: '::ffff:7f00:1' },
  { network: '::ffff:0:0:0', prefix: 96, label: 'IPv4-translated', reference: 'RFC 2765', judge: 'embedded', embedded: 'last-32-bits', example: '::ffff:0:7f00:1' },
  { network: '::', prefix: 96, label: 'IPv4-compatible (deprecated)', reference: 'RFC 4291', judge: 'private', embedded: 'last-32-bits', example: '::a9fe:a9fe' },
  { network: '64:ff9b::', prefix: 96, label: 'NAT64 well-known prefix', reference: 'RFC 6052', judge: 'embedded', embedded: 'last-32-bits', example: '64:ff9b::7f00:1' },
  { network: '64:ff9b:1::', prefix: 48, label: 'local-use IPv4/IPv6 translation', reference: 'RFC 8215', judge: 'private', embedded: 'rfc6052-48', example: '64:ff9b:1:a9fe:a9:fe00::' },
  { network: '100::', prefix: 64, label: 'discard prefix', reference: 'RFC 6666', judge: 'private', example: '100::1' },
  { network: '100:0:0:1::', prefix: 64, label: 'dummy IPv6 prefix', reference: 'RFC 9780', judge: 'private', example: '100:0:0:1::1' },
  { network: '2001::', prefix: 32, label: 'Teredo tunnel', reference: 'RFC 4380', judge: 'private', example: '2001:0:4136:e378:8000:63bf:3fff:fdd2' },
  { network: '2001:2::', prefix: 48, label: 'benchmarking', reference: 'RFC 5180', judge: 'private', example: '2001:2::1' },
  { network: '2001:db8::', prefix: 32, label: 'documentation', reference: 'RFC 3849', judge: 'private', example: '2001:db8::1' },
  // The rest of the IETF protocol assignments block: anycast services (PCP, TURN, DNS-SD SRP), AMT,
  // AS112, ORCHID, drone remote ID. None serves web pages.
  { network: '2001::', prefix: 23, label: 'IETF protocol assignments', reference: 'RFC 2928', judge: 'private', example: '2001:1::1' },
  { network: '2002::', prefix: 16, label: '6to4', reference: 'RFC 3056', judge: 'embedded', embedded: 'bits-16-to-47', example: '2002:7f00:1::' },
  { network: '2620:4f:8000::', prefix: 48, label: 'AS112 direct delegation', reference: 'RFC 7534', judge: 'private', example: '2620:4f:8000::1' },
  { network: '3fff::', prefix: 20, label: 'documentation', reference: 'RFC 9637', judge: 'private', example: '3fff:fff::1' },
  { network: '5f00::', prefix: 16, label: 'segment routing (SRv6) SIDs', reference: 'RFC 9602', judge: 'private', example: '5f00::1' },
  { network: 'fc00::', prefix: 7, label: 'unique local (ULA)', reference: 'RFC 4193', judge: 'private', example: 'fd12:3456::1' },
  { network: 'fe80::', prefix: 10, label: 'link-local', reference: 'RFC 4291', judge: 'private', example: 'fe80::1' },
  { network: 'fec0::', prefix: 10, label: 'site-local (deprecated)', reference: 'RFC 3879', judge: 'private', example: 'fec0::1' },
  { network: 'ff00::', prefix: 8, label: 'multicast', reference: 'RFC 4291', judge: 'private', example: 'ff02::1' },
];

/** The IPv4 address at `where` inside the eight hextets of an IPv6 address. */
export function embeddedIPv4Of(hextets: readonly number[], where: EmbeddedIPv4): string {
  const at = (index: number): number => hextets[index] ?? 0;
  if (where === 'last-32-bits') return toIPv4(at(6), at(7));
  if (where === 'bits-16-to-47') return toIPv4(at(1), at(2));
  // RFC 6052 with a /48 prefix: bits 48-63 hold two octets, 64-71 are the reserved "u" octet,
  // 72-87 hold the other two.
  return toIPv4(at(3), ((at(4) & 0xff) << 8) | (at(5) >> 8));
}

function toIPv4(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}
