import { describe, expect, it } from 'vitest';
import { chooseClientAddress, createClientAddress } from './client-address.js';
import { parseTrustedProxies } from './trusted-proxies.js';

/** Proxies at 127.0.0.1 (the gateway on this host) and in 10.0.0.0/8 (a load balancer pool). */
const ranges = parseTrustedProxies('127.0.0.1,10.0.0.0/8,fd00::/8');
const choose = (peer: string | undefined, forwardedFor?: string) => chooseClientAddress(peer, forwardedFor, ranges);

describe('chooseClientAddress', () => {
  it('takes the socket peer when it is not a trusted proxy, whatever it sends', () => {
    expect(choose('203.0.113.9')).toBe('203.0.113.9');
    expect(choose('203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(choose('::ffff:203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(choose('2001:db8::9', '198.51.100.1')).toBe('2001:db8::9');
  });

  it('takes the address a trusted proxy saw', () => {
    expect(choose('127.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
    // A dual-stack socket reports an IPv4 peer as IPv4-mapped IPv6.
    expect(choose('::ffff:127.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
    expect(choose('fd00::5', '2001:DB8:0::1')).toBe('2001:db8::1');
    expect(choose('127.0.0.1', '::ffff:198.51.100.1')).toBe('198.51.100.1');
  });

  it('ignores what a client wrote itself: a spoofed X-Forwarded-For passed on by the proxy', () => {
    // The client sent `X-Forwarded-For: 1.2.3.4`; nginx appended the address it saw.
    expect(choose('127.0.0.1', '1.2.3.4, 198.51.100.1')).toBe('198.51.100.1');
    expect(choose('127.0.0.1', '1.2.3.4, 10.9.9.9, 127.0.0.1, 198.51.100.1')).toBe('198.51.100.1');
    // Pretending to be a trusted proxy in front of the real one does not help either.
    expect(choose('127.0.0.1', '1.2.3.4, 127.0.0.1, 198.51.100.1')).toBe('198.51.100.1');
  });

  it('skips trusted proxies from the right, through several of them', () => {
    // client → 10.0.0.7 → 10.0.0.8 → 127.0.0.1 → us: each proxy appended the address it saw.
    expect(choose('127.0.0.1', '198.51.100.1, 10.0.0.7, 10.0.0.8')).toBe('198.51.100.1');
    expect(choose('10.1.1.1', '198.51.100.1,fd00::7 ,::ffff:10.0.0.8')).toBe('198.51.100.1');
    // All trusted: the leftmost, the farthest hop known.
    expect(choose('127.0.0.1', '10.0.0.7, 10.0.0.8')).toBe('10.0.0.7');
  });

  it('stops at an entry that is no address: the last address reached is the client', () => {
    expect(choose('127.0.0.1', 'garbage')).toBe('127.0.0.1');
    expect(choose('127.0.0.1', '')).toBe('127.0.0.1');
    expect(choose('127.0.0.1', ' , ')).toBe('127.0.0.1');
    expect(choose('127.0.0.1', '198.51.100.1, unknown')).toBe('127.0.0.1');
    // A client inside a trusted range cannot reach past its own address with garbage.
    expect(choose('127.0.0.1', '1.2.3.4, garbage, 10.0.0.7')).toBe('10.0.0.7');
    expect(choose('127.0.0.1', '1.2.3.4,, 10.0.0.7')).toBe('10.0.0.7');
    expect(choose('127.0.0.1', '1.2.3.4, 010.0.0.1, 10.0.0.7')).toBe('10.0.0.7');
    expect(choose('127.0.0.1', `${'1.2.3.4,'.repeat(2000)}x`)).toBe('127.0.0.1');
  });

  it('reads the forms with ports some proxies write', () => {
    expect(choose('127.0.0.1', '198.51.100.1:4711')).toBe('198.51.100.1');
    expect(choose('127.0.0.1', '[2001:db8::1]:4711')).toBe('2001:db8::1');
    expect(choose('127.0.0.1', '[2001:db8::1]')).toBe('2001:db8::1');
    for (const odd of ['198.51.100.1:', '198.51.100.1:123456', '[2001:db8::1', '[2001:db8::1]:', '[2001:db8::1]x', '"198.51.100.1"', 'for=198.51.100.1']) {
      expect(choose('127.0.0.1', odd), odd).toBe('127.0.0.1');
    }
  });

  it('keeps a peer that is no address as it is (no socket: undefined)', () => {
    expect(choose(undefined, '198.51.100.1')).toBeUndefined();
    expect(choose('/tmp/socket', '198.51.100.1')).toBe('/tmp/socket');
  });
});

describe('createClientAddress', () => {
  const request = (forwardedFor?: string) => new Request('http://localhost/', { headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } });

  it('is the peer function itself when no proxy is trusted: no work, no header read', () => {
    const peer = () => '127.0.0.1';
    expect(createClientAddress(peer, [])).toBe(peer);
  });

  it('reads the header from Node parsed request when there is one, as Headers would join repeated lines', () => {
    const clientAddress = createClientAddress(() => '127.0.0.1', ranges);
    const bindings = (value: string | string[] | undefined) => ({ incoming: { headers: { 'x-forwarded-for': value } } });
    expect(clientAddress(request('9.9.9.9'), bindings('198.51.100.1'))).toBe('198.51.100.1');
    expect(clientAddress(request('9.9.9.9'), bindings(['1.2.3.4', '198.51.100.2']))).toBe('198.51.100.2');
    expect(clientAddress(request('9.9.9.9'), bindings(undefined))).toBe('127.0.0.1');
    expect(clientAddress(request('1.2.3.4, 198.51.100.3'), undefined)).toBe('198.51.100.3');
  });

  it('answers as chooseClientAddress does over a sequence of peers and headers (its memory of the last ones included)', () => {
    const peers = ['127.0.0.1', '::ffff:127.0.0.1', '203.0.113.9', '10.2.3.4', 'not-an-address'];
    const headers = [undefined, '198.51.100.1', '1.2.3.4, 198.51.100.1', '10.0.0.7, 10.0.0.8', 'garbage', '', '198.51.100.1:80'];
    let peer = peers[0]!;
    const clientAddress = createClientAddress(() => peer, ranges);
    let state = 5;
    for (let round = 0; round < 500; round += 1) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      peer = peers[state % peers.length]!;
      const header = headers[(state >> 8) % headers.length];
      expect(clientAddress(request(header), undefined), `${peer} ${header}`).toBe(choose(peer, header));
    }
  });
});
