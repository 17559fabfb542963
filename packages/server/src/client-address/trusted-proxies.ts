import { FeedError } from '@pagefeed/core';
import { formatAddress, isIpv4Mapped, maskAddress, newAddressWords, parseAddress, type AddressWords } from './ip-address.js';

/**
 * `TRUSTED_PROXIES`: the reverse proxies whose `X-Forwarded-For` says who the client is. A
 * comma-separated list of IP addresses, CIDR ranges (IPv4 and IPv6) and the keyword `loopback`.
 * Parsed once at start; a wrong entry stops the start with what is wrong and how to write it.
 *
 * Only `loopback` is a keyword: every address of a trusted range may name any client, and private
 * ranges usually hold clients too, so a wider keyword would invite trusting them. Proxies in a
 * private network are listed by their own range.
 */
export const TRUSTED_PROXIES = 'TRUSTED_PROXIES';

export interface AddressRange {
  /** The first address of the range, every bit after `prefix` clear. */
  readonly network: AddressWords;
  /** Prefix length in the IPv6 form (an IPv4 `/n` is `96 + n`). */
  readonly prefix: number;
  /** As written in the one canonical spelling (`10.0.0.0/8`, `fd00::/8`), for logs. */
  readonly text: string;
}

const KEYWORDS: Readonly<Record<string, readonly string[]>> = { loopback: ['127.0.0.0/8', '::1/128'] };
const HINT = `list IP addresses and CIDR ranges separated by commas, e.g. ${TRUSTED_PROXIES}=127.0.0.1,10.0.0.0/8,fd00::/8 (or loopback for 127.0.0.0/8 and ::1); leave it unset to ignore X-Forwarded-For`;
const PREFIX_DIGITS = /^\d{1,3}$/;

function invalid(message: string, hint = HINT): FeedError {
  return new FeedError('ConfigurationInvalid', message, { path: TRUSTED_PROXIES, hint });
}

function parseRange(entry: string, warnings: string[]): AddressRange {
  const slash = entry.indexOf('/');
  const addressText = slash < 0 ? entry : entry.slice(0, slash);
  const network = newAddressWords();
  if (!parseAddress(addressText, network) || addressText.includes('%')) {
    throw invalid(`${TRUSTED_PROXIES} must list IP addresses or CIDR ranges separated by commas; '${entry}' is neither`);
  }
  const ipv4 = !addressText.includes(':');
  const familyBits = ipv4 ? 32 : 128;
  let written = familyBits;
  if (slash >= 0) {
    const prefixText = entry.slice(slash + 1);
    written = PREFIX_DIGITS.test(prefixText) ? Number(prefixText) : Number.NaN;
    if (!(written <= familyBits)) {
      throw invalid(`${TRUSTED_PROXIES}: the prefix length of an ${ipv4 ? 'IPv4' : 'IPv6'} range must be a whole number from 0 to ${familyBits}, not '${prefixText}' (in '${entry}')`);
    }
  }
  const prefix = ipv4 ? 96 + written : written;
  const address = formatAddress(network);
  maskAddress(network, prefix);
  const start = formatAddress(network);
  if (start !== address) {
    // `10.0.0.1/8` is one address or the whole range: which one was meant cannot be guessed.
    throw invalid(`${TRUSTED_PROXIES}: '${entry}' has address bits set after its /${written} prefix`, `write ${start}/${written} for the whole range, or ${address} alone for one address`);
  }
  // A mapped IPv6 range of /96 or more is the IPv4 range it maps, and is shown as one.
  const mapped = isIpv4Mapped(network) && prefix >= 96;
  const shown = mapped ? prefix - 96 : prefix;
  const text = shown === (mapped ? 32 : 128) ? start : `${start}/${shown}`;
  if (written === 0) {
    const family = ipv4 ? 'IPv4 address' : 'address';
    warnings.push(`${TRUSTED_PROXIES} trusts every ${family} ('${entry}'): any client can choose the address its requests are counted under by sending X-Forwarded-For. List only your proxies' addresses.`);
  }
  return { network, prefix, text };
}

/** The ranges of `value` (unset or blank: none, forwarded headers are ignored); `warnings` collects what deserves one. */
export function parseTrustedProxies(value: string | undefined, warnings: string[] = []): readonly AddressRange[] {
  const ranges: AddressRange[] = [];
  for (const rawEntry of (value ?? '').split(',')) {
    const entry = rawEntry.trim();
    // Empty entries (a trailing comma, `a,,b`) are left out: lists assembled in shell scripts have them.
    if (entry === '') continue;
    const expanded = KEYWORDS[entry.toLowerCase()] ?? [entry];
    for (const text of expanded) {
      const range = parseRange(text, warnings);
      if (!ranges.some((known) => known.text === range.text)) ranges.push(range);
    }
  }
  return ranges;
}
