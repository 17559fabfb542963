import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeBody } from './decode.js';

/** Text in each legacy charset, long enough for a page's list (bytes made with iconv-lite). */
const SAMPLES: readonly [charset: string, label: string, text: string][] = [
  ['gbk', 'gb2312', '这是一个中文新闻标题，今天的天气很好。我们讨论了很多问题，包括经济和文化。'],
  ['shift_jis', 'shift_jis', 'これは日本語のニュースの見出しです。今日はとても良い天気です。皆さんこんにちは。'],
  ['euc-kr', 'euc-kr', '이것은 한국어 뉴스 제목입니다. 오늘은 날씨가 좋습니다. 경제와 문화에 대해 이야기했습니다.'],
  ['windows-1251', 'windows-1251', 'Это заголовок новостей на русском языке. Сегодня хорошая погода, и мы обсуждали экономику.'],
  ['windows-1252', 'iso-8859-1', "Les élèves étudient à l'école. Café, crème brûlée, naïve façade, déjà vu, où êtes-vous?"],
];

function pageWith(text: string, meta: string): string {
  return `<!doctype html><html><head>${meta}<title>News</title></head><body><ul><li><a href="/1">${text}</a></li><li><a href="/2">${text}</a></li></ul></body></html>`;
}

describe('decodeBody: encodings decided from the bytes when the declaration and the bytes disagree', () => {
  it.each(SAMPLES)('reads %s bytes under their own <meta charset=%s>', (charset, label, text) => {
    const bytes = iconv.encode(pageWith(text, `<meta charset="${label}">`), charset);
    expect(decodeBody(bytes, 'text/html').text).toContain(text);
  });

  it.each(SAMPLES)('reads UTF-8 bytes right although <meta> says %s (label %s)', (_charset, label, text) => {
    const bytes = Buffer.from(pageWith(text, `<meta http-equiv="Content-Type" content="text/html; charset=${label}">`), 'utf8');
    expect(decodeBody(bytes, 'text/html')).toEqual({ text: pageWith(text, `<meta http-equiv="Content-Type" content="text/html; charset=${label}">`), charset: 'utf-8' });
  });

  it('reads UTF-8 bytes right although the Content-Type header says gb2312', () => {
    const text = SAMPLES[0]![2];
    expect(decodeBody(Buffer.from(pageWith(text, ''), 'utf8'), 'text/html; charset=gb2312').charset).toBe('utf-8');
  });

  it.each(SAMPLES.filter(([charset]) => charset !== 'windows-1252'))('detects undeclared %s bytes from their statistics', (charset, _label, text) => {
    const bytes = iconv.encode(pageWith(text, ''), charset);
    const result = decodeBody(bytes, 'text/html');
    expect(result.text).toContain(text);
    expect(iconv.encode(result.text, result.charset).equals(bytes)).toBe(true);
  });

  it('reads undeclared Latin text as Windows-1252 (ISO-8859-1 as browsers read it)', () => {
    const text = SAMPLES[4]![2];
    const result = decodeBody(iconv.encode(pageWith(text, ''), 'windows-1252'), 'text/html');
    expect(result).toEqual({ text: pageWith(text, ''), charset: 'windows-1252' });
  });

  it.each(SAMPLES)('reads a %s feed by its <?xml encoding="%s"?> declaration', (charset, label, text) => {
    const xml = `<?xml version="1.0" encoding="${label}"?><rss version="2.0"><channel><title>News</title><item><title>${text}</title></item></channel></rss>`;
    expect(decodeBody(iconv.encode(xml, charset), 'application/xml').text).toBe(xml);
  });

  it('keeps an ASCII-only page under a legacy declaration as declared (nothing to disagree about)', () => {
    const html = pageWith('Plain ASCII headline', '<meta charset="shift_jis">');
    expect(decodeBody(Buffer.from(html, 'ascii'), 'text/html')).toEqual({ text: html, charset: 'shift_jis' });
  });
});
