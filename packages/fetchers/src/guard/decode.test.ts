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
