import { brotliCompressSync, gzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { html, type FixtureHandler } from '../../../../testing/fixture-server.js';

/** Pages the strategy contract suite serves from a local fixture server. */
export const LIST_PAGE = '<!doctype html><html><head><title>List</title></head><body><ul><li><a href="/a">First item</a></li><li><a href="/b">Second item</a></li></ul></body></html>';

export const CHARSET_CASES: ReadonlyArray<{ name: string; charset: string; text: string; declare: 'header' | 'meta' | 'http-equiv' | 'bom' }> = [
  { name: 'windows-1252 from the header', charset: 'windows-1252', text: 'Café – naïve “quotes” €5', declare: 'header' },
  { name: 'ISO-8859-1 label read as windows-1252', charset: 'iso-8859-1', text: 'Crème brûlée à la carte', declare: 'header' },
  { name: 'ISO-8859-2 from <meta charset>', charset: 'iso-8859-2', text: 'Łódź, Zażółć gęślą jaźń', declare: 'meta' },
  { name: 'ISO-8859-15 from <meta charset>', charset: 'iso-8859-15', text: 'Prix: 10 € œuvre', declare: 'meta' },
  { name: 'Shift_JIS from <meta charset>', charset: 'shift_jis', text: '日本語のニュース一覧', declare: 'meta' },
  { name: 'EUC-JP from http-equiv', charset: 'euc-jp', text: '東京の天気予報とニュース', declare: 'http-equiv' },
  { name: 'UTF-8 with a byte-order mark', charset: 'utf-8', text: 'Grüße aus Köln ✓', declare: 'bom' },
];

export function charsetRoute(entry: (typeof CHARSET_CASES)[number]): FixtureHandler {
  const meta =
    entry.declare === 'meta'
      ? `<meta charset="${entry.charset}">`
      : entry.declare === 'http-equiv'
        ? `<meta http-equiv="Content-Type" content="text/html; charset=${entry.charset}">`
        : '';
  const page = `<!doctype html><html><head>${meta}<title>t</title></head><body><p id="text">${entry.text}</p></body></html>`;
  const bytes = entry.declare === 'bom' ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(page)]) : iconv.encode(page, entry.charset);
  const contentType = entry.declare === 'header' ? `text/html; charset=${entry.charset}` : 'text/html';
  return (_request, response) => {
    response.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length });
    response.end(bytes);
  };
}

export function redirect(to: string, status = 302): FixtureHandler {
  return (_request, response) => {
    response.writeHead(status, { location: to });
    response.end();
  };
}

export function compressed(encoding: 'gzip' | 'br', body: string): FixtureHandler {
  const bytes = encoding === 'gzip' ? gzipSync(body) : brotliCompressSync(body);
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': encoding, 'content-length': bytes.length });
    response.end(bytes);
  };
}

/** Writes forever (until the client goes away), in small chunks with pauses. */
export const endless: FixtureHandler = (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.write('<!doctype html><html><body>');
  const chunk = `<p>${'endless '.repeat(2000)}</p>`;
  const timer = setInterval(() => {
    if (response.destroyed) clearInterval(timer);
    else response.write(chunk);
  }, 5);
  response.on('close', () => clearInterval(timer));
};

/** Never sends headers; the connection stays open until the client gives up. */
export const slowHeaders: FixtureHandler = (_request, response) => {
  const timer = setTimeout(() => response.end(LIST_PAGE), 30_000);
  response.on('close', () => clearTimeout(timer));
};

/** Sends headers and the start of a page, then a byte now and then, never finishing in time. */
export const slowBody: FixtureHandler = (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.write('<!doctype html><html><body><ul>');
  const timer = setInterval(() => response.write(' '), 300);
  response.on('close', () => clearInterval(timer));
};

export const reset: FixtureHandler = (request) => {
  request.socket.destroy();
};

export const resetMidBody: FixtureHandler = (request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': 100_000 });
  response.write('<!doctype html><html><body><p>partial');
  setTimeout(() => request.socket.destroy(), 50);
};

export function typed(contentType: string, body: string | Buffer = 'x'): FixtureHandler {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': contentType });
    response.end(body);
  };
}

export function revalidating(etag: string): FixtureHandler & { conditionalHits: () => number } {
  let conditionalHits = 0;
  const handler: FixtureHandler = (request, response) => {
    if (request.headers['if-none-match'] === etag) {
      conditionalHits += 1;
      response.writeHead(304, { etag });
      response.end();
      return;
    }
    html(LIST_PAGE, 200, { etag, 'last-modified': 'Wed, 01 Jan 2025 00:00:00 GMT' })(request, response);
  };
  return Object.assign(handler, { conditionalHits: () => conditionalHits });
}
