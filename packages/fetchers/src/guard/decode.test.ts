import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeBody } from './decode.js';

const page = (head: string, text: string) => `<html><head>${head}</head><body>${text}</body></html>`;

describe('decodeBody', () => {
  it.each([
    ['header charset', 'windows-1252', 'text/html; charset=windows-1252', '', 'Café “x” €'],
    ['header wins over meta', 'iso-8859-2', 'text/html; charset=ISO-8859-2', '<meta charset="utf-8">', 'Łódź'],
    ['meta charset', 'shift_jis', 'text/html', '<meta charset="Shift_JIS">', '日本語'],
    ['http-equiv', 'euc-jp', 'text/html', '<meta http-equiv="content-type" content="text/html; charset=EUC-JP">', '東京'],
    ['XML declaration', 'iso-8859-15', 'application/xhtml+xml', '', '10 €'],
  ])('%s', (_label, charset, header, head, text) => {
    const source = charset === 'iso-8859-15' ? `<?xml version="1.0" encoding="ISO-8859-15"?>${page(head, text)}` : page(head, text);
    expect(decodeBody(iconv.encode(source, charset), header).text).toContain(text);
  });

  it('reads a byte-order mark first', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(page('', 'Grüße'), 'utf-16le')]);
    expect(decodeBody(bytes, 'text/html; charset=windows-1252')).toMatchObject({ charset: 'utf-16le' });
    expect(decodeBody(bytes, undefined).text).toContain('Grüße');
  });

  it('falls back to UTF-8 when valid, else Windows-1252', () => {
    expect(decodeBody(Buffer.from(page('', 'naïve ✓')), 'text/html').text).toContain('naïve ✓');
    expect(decodeBody(iconv.encode(page('', 'naïve'), 'windows-1252'), 'text/html')).toMatchObject({ charset: 'windows-1252' });
  });

  it('ignores an unknown label', () => {
    expect(decodeBody(Buffer.from(page('<meta charset="x-klingon">', 'plain')), 'text/html').text).toContain('plain');
  });
});

describe('decodeBody UTF-8 without iconv-lite', () => {
  const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
  // Lead bytes, continuation bytes, overlongs, surrogates, beyond U+10FFFF, a BOM: the pieces of
  // every way UTF-8 can be wrong.
  const PIECES = [0x41, 0x7f, 0x80, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xef, 0xbb, 0xf0, 0xf4, 0xf5, 0xff, 0xa0, 0x9f, 0x90, 0x8f];
  const cases: Buffer[] = [
    Buffer.from('naïve ✓ 𝄞 „quoted“'),
    Buffer.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x41]),
    Buffer.from([0xe2, 0x82]),
    Buffer.from([0xe2, 0x41, 0xf0, 0x9f, 0x98]),
    Buffer.from([0xed, 0xa0, 0x80, 0xc0, 0xaf, 0xf4, 0x90, 0x80, 0x80]),
  ];
  // A fixed pseudo-random sequence (no Math.random: the same cases on every run).
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let index = 0; index < 3000; index += 1) {
    cases.push(Buffer.from(Array.from({ length: 1 + (next() % 10) }, () => PIECES[next() % PIECES.length]!)));
  }

  it.each(['text/html; charset=utf-8', 'text/html; charset=UTF8'])('gives what iconv-lite gives for a declared %s, invalid sequences included', (header) => {
    // Bytes that start with a byte-order mark are the next test's.
    for (const bytes of cases.filter((each) => !each.subarray(0, 3).equals(UTF8_BOM))) expect(decodeBody(bytes, header).text).toBe(iconv.decode(bytes, 'utf-8'));
  });

  it('gives what iconv-lite gives after a UTF-8 byte-order mark (a second one is dropped too)', () => {
    for (const bytes of cases) {
      const marked = Buffer.concat([UTF8_BOM, bytes]);
      expect(decodeBody(marked, 'text/html; charset=windows-1252')).toEqual({ text: iconv.decode(bytes, 'utf-8'), charset: 'utf-8' });
    }
  });

  it('reads undeclared bytes as UTF-8 exactly when they are valid UTF-8', () => {
    const fatal = new TextDecoder('utf-8', { fatal: true });
    for (const bytes of cases.filter((each) => !each.subarray(0, 3).equals(UTF8_BOM))) {
      const result = decodeBody(bytes, 'text/html');
      let utf8: string | undefined;
      try {
        utf8 = fatal.decode(bytes);
      } catch {
        utf8 = undefined;
      }
      // Not UTF-8: whatever single- or multi-byte charset the bytes look like (Windows-1252 when unsure).
      if (utf8 === undefined) expect(result).toEqual({ text: iconv.decode(bytes, result.charset), charset: result.charset });
      else expect(result).toEqual({ text: utf8, charset: 'utf-8' });
      expect(result.charset === 'utf-8').toBe(utf8 !== undefined);
    }
  });
});
