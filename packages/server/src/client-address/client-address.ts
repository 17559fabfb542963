import { listHeaderOfRequest } from '../middleware/request-header.js';
import { formatAddress, inRange, newAddressWords, parseAddress, type AddressWords } from './ip-address.js';
import type { AddressRange } from './trusted-proxies.js';

/**
 * Who the client is, for rate limits: the socket peer, or, when that peer is a trusted proxy, the
 * client its `X-Forwarded-For` names. The header is walked from the right (each proxy appends the
 * address it saw), skipping addresses that are trusted proxies themselves, and the first other
 * address is the client; when all are trusted, the leftmost. Everything left of that address was
 * written by the client or by proxies it chose, and is never read.
 *
 * An entry that is no address (`unknown`, garbage, an empty entry) ends the walk: the client is
 * the last address the walk reached. So a client can only ever be counted as an address that a
 * trusted proxy wrote, never as one it wrote itself.
 */
export type ClientAddressOf = (request: Request, env: unknown) => string | undefined;

const FORWARDED_FOR = 'x-forwarded-for';

export function isTrusted(words: AddressWords, ranges: readonly AddressRange[]): boolean {
  for (const range of ranges) if (inRange(words, range.network, range.prefix)) return true;
  return false;
}

const isBlank = (code: number) => code === 32 || code === 9;

/** Whether `text[start, end)` is all digits, 1 to 5 of them (a port). */
function isPort(text: string, start: number, end: number): boolean {
  if (end - start < 1 || end - start > 5) return false;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/**
 * One X-Forwarded-For entry into `into`: an address, or as some proxies write it, `[ipv6]`,
 * `[ipv6]:port`, `ipv4:port` (the port is ignored).
 */
function parseEntry(header: string, start: number, end: number, into: AddressWords): boolean {
  while (start < end && isBlank(header.charCodeAt(start))) start += 1;
  while (end > start && isBlank(header.charCodeAt(end - 1))) end -= 1;
  if (header.charCodeAt(start) === 91) {
    const close = header.indexOf(']', start);
    if (close < 0 || close >= end) return false;
    if (close + 1 < end && (header.charCodeAt(close + 1) !== 58 || !isPort(header, close + 2, end))) return false;
    return parseAddress(header, into, start + 1, close);
  }
  const colon = header.indexOf(':', start);
  if (colon >= 0 && colon < end) {
    const second = header.indexOf(':', colon + 1);
    if (second < 0 || second >= end) return isPort(header, colon + 1, end) && parseAddress(header, into, start, colon);
  }
  return parseAddress(header, into, start, end);
}

/**
 * The client's address for a request from `peer` carrying `forwardedFor`: the peer itself unless
 * it is trusted. Addresses come back in one spelling (`formatAddress`), so a client cannot
 * appear as several by writing its address differently.
 */
export function chooseClientAddress(peer: string | undefined, forwardedFor: string | undefined, ranges: readonly AddressRange[]): string | undefined {
  const words = newAddressWords();
  if (peer === undefined || !parseAddress(peer, words)) return peer;
  const peerText = formatAddress(words);
  if (forwardedFor === undefined || !isTrusted(words, ranges)) return peerText;
  return walkForwardedFor(forwardedFor, ranges, peerText, words, newAddressWords());
}

/** The walk over a trusted peer's header; `words` and `chosen` are scratch space. */
function walkForwardedFor(header: string, ranges: readonly AddressRange[], peerText: string, words: AddressWords, chosen: AddressWords): string {
  let found = false;
  let end = header.length;
  while (end > 0) {
    const comma = header.lastIndexOf(',', end - 1);
    if (!parseEntry(header, comma + 1, end, words)) break;
    chosen.set(words);
    found = true;
    if (!isTrusted(words, ranges)) break;
    end = comma;
  }
  return found ? formatAddress(chosen) : peerText;
}

/**
 * `peerAddress` with the trust applied. No trusted proxies: `peerAddress` itself, unchanged, so
 * a server without the setting does no work per request and reads no header. Otherwise the last
 * peer's and the last header's answers are kept: requests through one proxy connection come from
 * the same peer, and often from the same client, so most requests parse nothing.
 */
export function createClientAddress(peerAddress: ClientAddressOf, ranges: readonly AddressRange[]): ClientAddressOf {
  if (ranges.length === 0) return peerAddress;
  const words = newAddressWords();
  const chosen = newAddressWords();
  let lastPeer: string | undefined;
  let lastPeerText: string | undefined;
  let lastPeerTrusted = false;
  let lastHeader: string | undefined;
  let lastClient = '';
  return function clientAddress(request, env) {
    const peer = peerAddress(request, env);
    if (peer === undefined) return undefined;
    if (peer !== lastPeer || lastPeerText === undefined) {
      lastPeer = peer;
      lastHeader = undefined;
      const parsed = parseAddress(peer, words);
      lastPeerText = parsed ? formatAddress(words) : peer;
      lastPeerTrusted = parsed && isTrusted(words, ranges);
    }
    if (!lastPeerTrusted) return lastPeerText;
    const header = listHeaderOfRequest(request, env, FORWARDED_FOR);
    if (header === undefined) return lastPeerText;
    if (header !== lastHeader) {
      lastHeader = header;
      lastClient = walkForwardedFor(header, ranges, lastPeerText, words, chosen);
    }
    return lastClient;
  };
}
