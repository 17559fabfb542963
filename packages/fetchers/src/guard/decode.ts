import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import { detectCharset, isUtf8Despite } from './detect-charset.js';

/**
 * Bytes to text the way a browser would pick the encoding, and fix it where a browser would show
 * mojibake: byte-order mark, then the Content-Type charset, then `<meta charset>` / `http-equiv` /
 * XML declaration in the first bytes (unless the bytes are valid multi-byte UTF-8, which wins over
 * a legacy declaration), then UTF-8 when the bytes are valid UTF-8, else the charset the bytes look
 * like (chardet), else Windows-1252.
 */
const PRESCAN_BYTES = 4096;

/** WHATWG: these labels all mean Windows-1252 in a browser, and pages rely on it. */
const ALIASES: Readonly<Record<string, string>> = {
  'iso-8859-1': 'windows-1252',
  'iso8859-1': 'windows-1252',
  latin1: 'windows-1252',
  'us-ascii': 'windows-1252',
  ascii: 'windows-1252',
  'x-sjis': 'shift_jis',
  sjis: 'shift_jis',
  'x-euc-jp': 'euc-jp',
};

export interface DecodedBody {
  readonly text: string;
  readonly charset: string;
}

/**
 * UTF-8, the charset of nearly every page, without iconv-lite: the platform's decoder gives the
 * same text (a U+FFFD per invalid sequence, a leading byte-order mark dropped, as iconv-lite's
 * default BOM stripping does; `decode.test.ts` compares both) without iconv's stream wrappers
 * around Node's StringDecoder. Not fatal, so it never throws; one instance serves every call.
 */
const UTF8 = new TextDecoder('utf-8');

/** iconv-lite's names of its UTF-8 codec (it ignores case and punctuation: `UTF-8`, `utf8`). */
function isUtf8Name(name: string): boolean {
  return name === 'utf-8' || name === 'utf8';
}

export function decodeBody(bytes: Uint8Array, contentTypeHeader: string | undefined): DecodedBody {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bom = sniffBom(buffer);
  if (bom) return { text: decodeAs(buffer.subarray(bom.length), bom.charset), charset: bom.charset };
  const declared =
    usable(charsetFromContentType(contentTypeHeader), false) ??
    usable(charsetFromMarkup(buffer.subarray(0, PRESCAN_BYTES)), true);
  if (declared && !isUtf8Despite(buffer, declared)) return { text: decodeAs(buffer, declared), charset: declared };
  // Valid UTF-8 is read as UTF-8 (checked without decoding twice or throwing), also when a legacy
  // charset was declared for it; else the charset the bytes look like, else Windows-1252.
  if (isUtf8(buffer)) return { text: UTF8.decode(buffer), charset: 'utf-8' };
  const detected = detectCharset(buffer) ?? 'windows-1252';
  return { text: iconv.decode(buffer, detected), charset: detected };
}

function decodeAs(buffer: Buffer, charset: string): string {
  return isUtf8Name(charset) ? UTF8.decode(buffer) : iconv.decode(buffer, charset);
}

function sniffBom(buffer: Buffer): { charset: string; length: number } | undefined {
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) return { charset: 'utf-8', length: 3 };
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return { charset: 'utf-16le', length: 2 };
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return { charset: 'utf-16be', length: 2 };
  return undefined;
}

export function charsetFromContentType(header: string | undefined): string | undefined {
  return /charset\s*=\s*["']?([\w.:-]+)/i.exec(header ?? '')?.[1];
}

function charsetFromMarkup(head: Buffer): string | undefined {
  // latin1 maps each byte to one character, so ASCII markup reads right in any ASCII-compatible page.
  const text = head.toString('latin1');
  return (
    /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(text)?.[1] ??
    /<\?xml[^>]+encoding\s*=\s*["']([\w.:-]+)/i.exec(text)?.[1]
  );
}

function usable(label: string | undefined, fromMarkup: boolean): string | undefined {
  if (!label) return undefined;
  const lower = label.toLowerCase();
  const name = ALIASES[lower] ?? lower;
  // A UTF-16 label in a meta tag of a page we could read as ASCII is wrong by definition.
  if (fromMarkup && name.startsWith('utf-16')) return 'utf-8';
  return iconv.encodingExists(name) ? name : undefined;
}
