import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyAddress } from './address-ranges.js';
import { decodeBody } from './decode.js';

describe('guard invariants', () => {
  it('judges an IPv4 address the same in every IPv6 wrapping', () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        const plain = classifyAddress(address).reason === undefined;
        const [a = 0, b = 0, c = 0, d = 0] = address.split('.').map(Number);
        const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
        for (const wrapped of [`::ffff:${address}`, `::ffff:${hex}`, `64:ff9b::${hex}`, `2002:${hex}::1`]) {
          expect(classifyAddress(wrapped).reason === undefined, wrapped).toBe(plain);
        }
      }),
    );
  });

  it('decodes any UTF-8 text back to itself, with or without a charset declaration', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const page = `<p>${text}</p>`;
        expect(decodeBody(Buffer.from(page), 'text/html; charset=utf-8').text).toBe(page);
        expect(decodeBody(Buffer.from(page), 'text/html').text).toBe(page);
      }),
    );
  });
});
