/**
 * IP addresses as four 32-bit words of their IPv6 form; an IPv4 address is its IPv4-mapped form
 * (`::ffff:a.b.c.d`). One form for both families means `10.0.0.1` and `::ffff:10.0.0.1` (what a
 * dual-stack socket reports for an IPv4 peer) are the same address, and an IPv4 range `a.b.c.d/n`
 * is the IPv6 range of prefix 96 + n: one matching rule for both.
 *
 * Parsing writes into a caller's array instead of returning a new one: a trusted proxy's
 * X-Forwarded-For is parsed on requests, and most of its entries are only compared, never kept.
 */
export type AddressWords = Uint32Array;

export const newAddressWords = (): AddressWords => new Uint32Array(4);

const MAPPED_PREFIX = 0xffff;
/** Hex text of every byte, plain (`a`) and two digits (`0a`): a group's text is one or two look-ups. */
const BYTE_HEX = Array.from({ length: 256 }, (_unused, byte) => byte.toString(16));
const BYTE_HEX_PADDED = BYTE_HEX.map((text) => text.padStart(2, '0'));
const groups = new Uint16Array(8);
const shownGroups = new Uint16Array(8);

/** Dotted IPv4 in `text[start, end)`: four decimal parts 0–255, no leading zeros (`010` is octal to some parsers). */
function parseIpv4(text: string, start: number, end: number): number | undefined {
  let value = 0;
  let parts = 0;
  let index = start;
  while (parts < 4) {
    let part = 0;
    let digits = 0;
    while (index < end) {
      const code = text.charCodeAt(index);
      if (code < 48 || code > 57) break;
      if (digits === 1 && part === 0) return undefined;
      part = part * 10 + (code - 48);
      digits += 1;
      index += 1;
    }
    if (digits === 0 || part > 255) return undefined;
    value = value * 256 + part;
    parts += 1;
    if (parts < 4) {
      if (index >= end || text.charCodeAt(index) !== 46) return undefined;
      index += 1;
    }
  }
  return index === end ? value : undefined;
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/** IPv6 text in `text[start, end)` into `groups`; false when it is not one. */
function parseIpv6(text: string, start: number, end: number): boolean {
  let count = 0;
  let compressAt = -1;
  let index = start;
  if (text.charCodeAt(index) === 58) {
    if (text.charCodeAt(index + 1) !== 58) return false;
    compressAt = 0;
    index += 2;
  }
  while (index < end) {
    if (count >= 8) return false;
    let value = 0;
    let digits = 0;
    let cursor = index;
    for (; cursor < end; cursor += 1) {
      const digit = hexValue(text.charCodeAt(cursor));
      if (digit < 0) break;
      value = value * 16 + digit;
      digits += 1;
    }
    if (cursor < end && text.charCodeAt(cursor) === 46) {
      // An embedded IPv4 address (`::ffff:10.0.0.1`) is the last two groups.
      const ipv4 = count <= 6 ? parseIpv4(text, index, end) : undefined;
      if (ipv4 === undefined) return false;
      groups[count] = ipv4 >>> 16;
      groups[count + 1] = ipv4 & 0xffff;
      count += 2;
      index = end;
      break;
    }
    if (digits === 0 || digits > 4) return false;
    groups[count] = value;
    count += 1;
    if (cursor === end) {
      index = end;
      break;
    }
    if (text.charCodeAt(cursor) !== 58) return false;
    if (text.charCodeAt(cursor + 1) === 58) {
      if (compressAt >= 0) return false;
      compressAt = count;
      index = cursor + 2;
    } else {
      index = cursor + 1;
      if (index === end) return false;
    }
  }
  if (compressAt < 0) return count === 8;
  if (count > 7) return false;
  // Move the groups after `::` to the end and fill the gap with zeros.
  const tail = count - compressAt;
  for (let moved = 1; moved <= tail; moved += 1) groups[8 - moved] = groups[count - moved]!;
  groups.fill(0, compressAt, 8 - tail);
  return true;
}

/**
 * `text` (IPv4 or IPv6, an IPv6 zone such as `%eth0` ignored) into `into`; false, with `into`
 * unspecified, when it is not an address.
 */
export function parseAddress(text: string, into: AddressWords, start = 0, end = text.length): boolean {
  if (end - start > 64 || end <= start) return false;
  let colon = false;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 58) colon = true;
    else if (code === 37 && colon) {
      if (index === end - 1) return false;
      end = index;
      break;
    }
  }
  if (!colon) {
    const ipv4 = parseIpv4(text, start, end);
    if (ipv4 === undefined) return false;
    into[0] = 0;
    into[1] = 0;
    into[2] = MAPPED_PREFIX;
    into[3] = ipv4;
    return true;
  }
  if (!parseIpv6(text, start, end)) return false;
  for (let word = 0; word < 4; word += 1) into[word] = ((groups[word * 2]! << 16) | groups[word * 2 + 1]!) >>> 0;
  return true;
}

export const isIpv4Mapped = (words: AddressWords): boolean => words[0] === 0 && words[1] === 0 && words[2] === MAPPED_PREFIX;

/**
 * The one text of an address: dotted IPv4 for IPv4 and IPv4-mapped addresses, else RFC 5952
 * (lower case, no leading zeros, the longest run of zero groups as `::`), so that no two spellings
 * of one address count as two clients.
 */
export function formatAddress(words: AddressWords): string {
  if (isIpv4Mapped(words)) {
    const value = words[3]!;
    return `${value >>> 24}.${(value >>> 16) & 255}.${(value >>> 8) & 255}.${value & 255}`;
  }
  // Built by concatenation over a scratch array: this runs on requests through trusted proxies.
  for (let word = 0; word < 4; word += 1) {
    shownGroups[word * 2] = words[word]! >>> 16;
    shownGroups[word * 2 + 1] = words[word]! & 0xffff;
  }
  let bestStart = -1;
  let bestLength = 1;
  for (let index = 0; index < 8; ) {
    if (shownGroups[index] !== 0) {
      index += 1;
      continue;
    }
    let length = 0;
    while (index + length < 8 && shownGroups[index + length] === 0) length += 1;
    if (length > bestLength) {
      bestStart = index;
      bestLength = length;
    }
    index += length;
  }
  let text = '';
  for (let index = 0; index < 8; index += 1) {
    if (index === bestStart) {
      text += '::';
      index += bestLength - 1;
      continue;
    }
    if (index > 0 && index !== bestStart + bestLength) text += ':';
    const value = shownGroups[index]!;
    text += value > 0xff ? BYTE_HEX[value >>> 8]! + BYTE_HEX_PADDED[value & 0xff]! : BYTE_HEX[value]!;
  }
  return text;
}

/** Whether `words` lies in the range of `network` (already masked) and `prefix` bits (0–128). */
export function inRange(words: AddressWords, network: AddressWords, prefix: number): boolean {
  for (let word = 0, bits = prefix; bits > 0; word += 1, bits -= 32) {
    const mask = bits >= 32 ? 0xffffffff : (0xffffffff << (32 - bits)) >>> 0;
    if (((words[word]! & mask) >>> 0) !== network[word]) return false;
  }
  return true;
}

/** `words` with every bit after the first `prefix` cleared, in place. */
export function maskAddress(words: AddressWords, prefix: number): void {
  for (let word = 0, bits = prefix; word < 4; word += 1, bits -= 32) {
    const mask = bits >= 32 ? 0xffffffff : bits <= 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    words[word] = (words[word]! & mask) >>> 0;
  }
}
