import { isUtf8 } from 'node:buffer';
import chardet from 'chardet';
import iconv from 'iconv-lite';

/**
 * Whether bytes declared as a legacy charset are in fact UTF-8 with non-ASCII text: valid
 * multi-byte UTF-8 almost never arises by chance from GBK, Shift_JIS, EUC-KR or Windows-125x text
 * (a lone accented Latin-1 letter before an ASCII byte is already invalid UTF-8), while pages that
 * were converted to UTF-8 but kept their old `<meta charset="gb2312">` are common. A browser would
 * show mojibake; a person reading the page would not.
 */
export function isUtf8Despite(buffer: Buffer, declared: string): boolean {
  if (declared === 'utf-8' || declared === 'utf8' || declared.startsWith('utf-16')) return false;
  return hasNonAscii(buffer) && isUtf8(buffer);
}

function hasNonAscii(buffer: Buffer): boolean {
  for (const byte of buffer) if (byte >= 0x80) return true;
  return false;
}

/** chardet's names that a browser reads as another, wider charset. */
const DETECTED_ALIASES: Readonly<Record<string, string>> = {
  'iso-8859-1': 'windows-1252',
  'gb18030': 'gb18030',
  'ascii': 'windows-1252',
};

/**
 * The charset of undeclared non-UTF-8 bytes, guessed from byte statistics with chardet (a
 * well-kept port of ICU's detector): GB18030, Shift_JIS, EUC-KR, EUC-JP, Big5, Windows-1251 and
 * the Latin charsets. Undefined when it has no confident guess that iconv-lite can decode.
 */
export function detectCharset(buffer: Buffer): string | undefined {
  const sample = buffer.subarray(0, 64 * 1024);
  for (const match of chardet.analyse(sample)) {
    if (match.confidence < 10) break;
    const name = DETECTED_ALIASES[match.name.toLowerCase()] ?? match.name.toLowerCase();
    if (name !== 'utf-8' && iconv.encodingExists(name)) return name;
  }
  return undefined;
}
