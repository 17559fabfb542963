import { BlockList, isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { formatAddress, inRange, maskAddress, newAddressWords, parseAddress } from './ip-address.js';

/** Node's own address parsing (`net.isIP`, `BlockList`) and the URL standard's IPv6 text are the references. */
const canonical = (text: string) => {
  const words = newAddressWords();
  return parseAddress(text, words) ? formatAddress(words) : undefined;
};

/** A small deterministic generator: the same cases on every run. */
function createRandom(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % below;
  };
}

describe('parseAddress and formatAddress', () => {
  it.each([
    ['10.0.0.1', '10.0.0.1'],
    ['0.0.0.0', '0.0.0.0'],
    ['255.255.255.255', '255.255.255.255'],
    ['::ffff:10.0.0.1', '10.0.0.1'],
    ['::FFFF:a00:1', '10.0.0.1'],
    ['0:0:0:0:0:ffff:10.0.0.1', '10.0.0.1'],
    ['::1', '::1'],
    ['::', '::'],
    ['0:0:0:0:0:0:0:1', '::1'],
    ['2001:DB8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:db8:0000:0:1::', '2001:db8:0:0:1::'],
    ['2001:0db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['1:2:3:4:5:6:7::', '1:2:3:4:5:6:7:0'],
    ['::2:3:4:5:6:7:8', '0:2:3:4:5:6:7:8'],
    ['::1.2.3.4', '::102:304'],
    ['64:ff9b::192.0.2.33', '64:ff9b::c000:221'],
  ])('reads %s as %s', (text, expected) => {
    expect(canonical(text)).toBe(expected);
  });

  it.each([
    '',
    '10.0.0',
    '10.0.0.1.2',
    '10.0.0.256',
    '010.0.0.1',
    '10.0.0.01',
    '10..0.1',
    '10.0.0.1 ',
    ' 10.0.0.1',
    '10.0.0.1%eth0',
    '10.0.0.1/8',
    '-1.0.0.0',
    '1e1.0.0.0',
    ':',
    ':::',
    '1:::2',
    '1::2::3',
    ':1::2',
    '1::2:',
    '12345::',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7:8::',
    '::ffff:10.0.0.256',
    '::ffff:10.0.0.1:80',
    '1:2:3:4:5:6:7:1.2.3.4',
    'fe80::1%',
    'g::1',
    'unknown',
    '[::1]',
    'x'.repeat(80),
  ])('refuses %j', (text) => {
    expect(canonical(text)).toBeUndefined();
  });

  it('agrees with net.isIP on random strings and on mutations of valid addresses', () => {
    const random = createRandom(7);
    const alphabet = '0:1.f2';
    const seeds = ['10.0.0.1', '192.168.100.200', '::1', '::', '::ffff:10.0.0.1', '2001:db8::1:0:0:1', '1:2:3:4:5:6:7:8', 'fe80::1:2', '1:2:3:4:5:6:1.2.3.4', 'abcd:ef01::9'];
    let valid = 0;
    for (let round = 0; round < 40_000; round += 1) {
      let text = '';
      if (round % 2 === 0) {
        const length = 1 + random(12);
        for (let index = 0; index < length; index += 1) text += alphabet[random(alphabet.length)];
      } else {
        text = seeds[random(seeds.length)]!;
        for (let mutation = 1 + random(2); mutation > 0; mutation -= 1) {
          const at = random(text.length + 1);
          const kind = random(3);
          const character = alphabet[random(alphabet.length)]!;
          text = kind === 0 ? text.slice(0, at) + text.slice(at + 1) : kind === 1 ? text.slice(0, at) + character + text.slice(at) : text.slice(0, at) + character + text.slice(at + 1);
        }
      }
      const expected = isIP(text) !== 0;
      if (expected) valid += 1;
      expect(canonical(text) !== undefined, text).toBe(expected);
    }
    // Enough of both kinds for the comparison to mean something.
    expect(valid).toBeGreaterThan(2_000);
  });

  it('writes IPv6 as the URL standard does (RFC 5952), and reads it back', () => {
    const random = createRandom(11);
    for (let round = 0; round < 5_000; round += 1) {
      const groups = Array.from({ length: 8 }, () => (random(3) === 0 ? random(0x10000) : 0));
      if (groups.slice(0, 6).join() === '0,0,0,0,0,65535') groups[5] = 1;
      const text = groups.map((group) => group.toString(16).padStart(4, '0')).join(':');
      const written = canonical(text);
      expect(written, text).toBe(new URL(`http://[${text}]/`).hostname.slice(1, -1));
      expect(canonical(written!), text).toBe(written);
    }
  });
});

describe('inRange and maskAddress', () => {
  it('matches ranges as net.BlockList does, IPv4-mapped addresses included', () => {
    const random = createRandom(3);
    const samples = ['10.0.0.1', '10.255.1.2', '11.0.0.1', '192.168.1.1', '::ffff:10.1.2.3', '::1', 'fd00::1', 'fd12:3456::9', 'fe80::1', '2001:db8::7'];
    const ranges: Array<[string, number, 'ipv4' | 'ipv6']> = [
      ['10.0.0.0', 8, 'ipv4'],
      ['192.168.0.0', 16, 'ipv4'],
      ['0.0.0.0', 0, 'ipv4'],
      ['fd00::', 8, 'ipv6'],
      ['::1', 128, 'ipv6'],
      ['2001:db8::', 32, 'ipv6'],
    ];
    for (let round = 0; round < 200; round += 1) {
      const address = `10.${random(256)}.${random(256)}.${random(256)}`;
      samples.push(address, `::ffff:${address}`, `fd${random(256).toString(16).padStart(2, '0')}::${random(0x10000).toString(16)}`);
    }
    for (const [start, prefix, family] of ranges) {
      const list = new BlockList();
      list.addSubnet(start, prefix, family);
      const network = newAddressWords();
      parseAddress(start, network);
      const bits = family === 'ipv4' ? 96 + prefix : prefix;
      maskAddress(network, bits);
      for (const sample of samples) {
        const words = newAddressWords();
        expect(parseAddress(sample, words)).toBe(true);
        expect(inRange(words, network, bits), `${sample} in ${start}/${prefix}`).toBe(list.check(sample, isIP(sample) === 4 ? 'ipv4' : 'ipv6'));
      }
    }
  });

  it('clears the bits after the prefix', () => {
    const words = newAddressWords();
    parseAddress('2001:db8:ffff:ffff::1', words);
    maskAddress(words, 36);
    expect(formatAddress(words)).toBe('2001:db8:f000::');
    parseAddress('10.1.2.3', words);
    maskAddress(words, 96 + 12);
    expect(formatAddress(words)).toBe('10.0.0.0');
  });
});
