import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSelector, parseHtml, type FetchContext, type FetchLogger, type FetchResult, type RequestConfig } from '@pagefeed/core';
import { html, startFixtureServer, type FixtureServer } from '../../../../testing/fixture-server.js';
import { requireChromium } from '../../../../testing/system.js';
import { startChromium, startTokenProxy, type RendererService } from '../test-support/renderer-service.js';
import { createPlainStrategy } from './plain.js';
import { createRendererStrategy } from './renderer.js';

const chromium = requireChromium();

const JS_LIST = `<!doctype html><html><head><title>Releases</title><script src="/app.js"></script></head>
<body><ul id="releases"></ul></body></html>`;
const APP_JS = `document.addEventListener('DOMContentLoaded', () => {
  fetch('/releases.json').then((response) => response.json()).then((releases) => {
    const list = document.getElementById('releases');
    for (const release of releases) {
      const item = document.createElement('li');
      item.innerHTML = '<a href="/releases/' + release.id + '">' + release.title + '</a>';
      list.appendChild(item);
    }
  });
});`;
/** A small RSS feed (with markup Chromium's XML viewer would otherwise wrap) and an Atom one. */
const FEED_XML = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Releases</title><link>https://example.com/</link><description>d</description>
<item><title>Version 2.0 &amp; more</title><link>https://example.com/2</link><description><![CDATA[<p>Big</p>]]></description></item>
</channel></rss>`;
const ATOM_XML = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Blog</title><id>urn:x</id><updated>2026-01-01T00:00:00Z</updated>
<entry><title>Hello</title><id>urn:x:1</id><updated>2026-01-01T00:00:00Z</updated><link href="https://example.com/1"/></entry></feed>`;

const HEAVY = `<!doctype html><html><head><style>@font-face { font-family: x; src: url(/font.woff2); } body { font-family: x; }</style></head>
<body><img src="/pic.png"><video src="/movie.mp4" autoplay></video><p>text</p>
<script src="http://169.254.169.254/latest/meta-data/"></script></body></html>`;
const STEPS = `<!doctype html><html><body><ul id="list"></ul><button id="more">more</button>
<div style="height: 5000px"></div>
<script>
  const add = (text) => { const li = document.createElement('li'); li.textContent = text; document.getElementById('list').appendChild(li); };
  setTimeout(() => { const late = document.createElement('p'); late.id = 'late'; late.textContent = 'late arrival'; document.body.appendChild(late); }, 1200);
  document.getElementById('more').addEventListener('click', () => add('clicked item'));
  window.addEventListener('scroll', () => add('scrolled item'), { once: true });
</script></body></html>`;

function itemTitles(result: FetchResult): string[] {
  return compileSelector('#releases li a').selectAll(parseHtml(result.body)).map((element) => {
    const text = element.children.map((child) => ('data' in child ? String(child.data) : '')).join('');
    return text.trim();
  });
}

describe.skipIf(!chromium.available)('renderer integration against real Chromium', () => {
  let stopChromium: (() => Promise<void>) | undefined;
  let devtoolsUrl = '';
  let service: RendererService;
  let source: FixtureServer;
  const tokensSeen: Record<string, unknown> = {};
  const context: FetchContext = { allowPrivateNetworks: true };

  beforeAll(async () => {
    // Only for the rebinding test: Chromium resolves this name to loopback, the guard's resolver not.
    const browser = await startChromium(['--host-resolver-rules=MAP rebind.example.test 127.0.0.1']);
    stopChromium = browser.stop;
    devtoolsUrl = browser.devtoolsUrl;
    service = await startTokenProxy(devtoolsUrl, 'integration-token');
    source = await startFixtureServer({
      '/js-list': html(JS_LIST),
      '/app.js': (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/javascript' });
        response.end(APP_JS);
      },
      '/releases.json': (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify([{ id: 1, title: 'Version 1.0' }, { id: 2, title: 'Version 1.1' }, { id: 3, title: 'Version 2.0' }]));
      },
      '/heavy': html(HEAVY),
      '/loads-data': (request, response) => {
        const size = new URL(request.url ?? '/', 'http://x').searchParams.get('size') ?? '0';
        html(`<!doctype html><html><body><p id="state">waiting</p><script>
          fetch('/data?size=${size}').then((r) => r.text()).then((t) => { document.getElementById('state').textContent = 'loaded ' + t.length; });
        </script></body></html>`)(request, response);
      },
      '/data': (request, response) => {
        const size = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('size') ?? '0');
        response.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(size));
      },
      '/with-third-party': (request, response) => {
        tokensSeen['page'] = request.headers['x-feed-token'];
        const port = source.port;
        html(`<!doctype html><html><body><p>own</p><script src="/own.js"></script><script src="http://localhost:${port}/third.js"></script></body></html>`)(request, response);
      },
      '/own.js': (request, response) => {
        tokensSeen['own'] = request.headers['x-feed-token'];
        response.writeHead(200, { 'content-type': 'text/javascript' }).end('');
      },
      '/third.js': (request, response) => {
        tokensSeen['third'] = request.headers['x-feed-token'] ?? 'absent';
        response.writeHead(200, { 'content-type': 'text/javascript' }).end('');
      },
      '/picture': (_request, response) => {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      },
      '/steps': html(STEPS),
      '/feed.xml': (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
        response.end(FEED_XML);
      },
      '/atom': (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/atom+xml' });
        response.end(ATOM_XML);
      },
      '/feed-as-text-xml': (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/xml' });
        response.end(FEED_XML);
      },
      '/sitemap.xml': (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/xml' });
        response.end('<?xml version="1.0"?><urlset><url><loc>https://example.com/</loc></url></urlset>');
      },
      '/to-metadata': (_request, response) => {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        response.end();
      },
    });
  });
  afterAll(async () => {
    await source?.close();
    await service?.close();
    await stopChromium?.();
  });

  const renderer = (token = service.token, websocketUrl = service.websocketUrl) => createRendererStrategy({ websocketUrl, token });
  const fetchWith = (strategy: ReturnType<typeof renderer>, path: string, request: RequestConfig = {}, fetchContext = context) =>
    strategy.fetch({ url: `${source.origin}${path}`, strategy: strategy.name, headers: {}, request }, fetchContext);

  it('yields the JavaScript-built list with renderer and nothing with plain', async () => {
    const rendered = await fetchWith(renderer(), '/js-list');
    expect(itemTitles(rendered)).toEqual(['Version 1.0', 'Version 1.1', 'Version 2.0']);
    expect(rendered.url).toBe(`${source.origin}/js-list`);
    expect(rendered.status).toBe(200);
    const plain = await fetchWith(createPlainStrategy(), '/js-list');
    expect(itemTitles(plain)).toEqual([]);
  });

  it('hands a feed on as sent (not as Chromium shows it), so its entries can be passed through; other XML is refused', async () => {
    const strategy = renderer();
    for (const [path, type, body] of [['/feed.xml', 'application/rss+xml', FEED_XML], ['/atom', 'application/atom+xml', ATOM_XML], ['/feed-as-text-xml', 'text/xml', FEED_XML]] as const) {
      const result = await fetchWith(strategy, path);
      expect(result, path).toMatchObject({ contentType: type, body });
    }
    await expect(fetchWith(strategy, '/sitemap.xml')).rejects.toMatchObject({ code: 'UnsupportedResponseContentType', message: expect.stringContaining('returned application/xml;') });
  });

  it('blocks images, fonts and media, and refuses subresources the guard refuses', async () => {
    const refused: string[] = [];
    const logger: FetchLogger = { debug: (_message, fields) => refused.push(String(fields?.['url'])), warn: () => undefined };
    const result = await fetchWith(renderer(), '/heavy', {}, { ...context, logger });
    expect(result.body).toContain('<p>text</p>');
    expect(source.hits.get('/pic.png') ?? 0).toBe(0);
    expect(source.hits.get('/font.woff2') ?? 0).toBe(0);
    expect(source.hits.get('/movie.mp4') ?? 0).toBe(0);
    expect(refused).toContain('http://169.254.169.254/latest/meta-data/');
  });

  it("sends the feed's headers to the feed's host only, not to third-party subresources", async () => {
    const strategy = renderer();
    await strategy.fetch({ url: `${source.origin}/with-third-party`, strategy: 'renderer', headers: { 'X-Feed-Token': 'feed-secret' }, request: {} }, context);
    expect(tokensSeen).toEqual({ page: 'feed-secret', own: 'feed-secret', third: 'absent' });
  });

  it('catches DNS rebinding: the browser reached a private address the guard never approved', async () => {
    const strategy = createRendererStrategy({
      websocketUrl: service.websocketUrl,
      token: service.token,
      resolver: async () => [{ address: '93.184.216.34', family: 4 }],
    });
    const error = await strategy
      .fetch({ url: `http://rebind.example.test:${source.port}/js-list`, strategy: 'renderer', headers: {}, request: {} }, { allowPrivateNetworks: false })
      .then(
        () => ({ code: 'fetched', message: '' }),
        (caught: unknown) => caught as { code: string; message: string },
      );
    expect(error).toMatchObject({ code: 'NetworkAddressRefused' });
    expect(error.message).toContain('the browser connected to 127.0.0.1');
  });

  it('limits each document to max_bytes and the whole page to a larger allowance', async () => {
    const request = { max_bytes: 200_000 };
    const light = await fetchWith(renderer(), '/loads-data?size=300000', request);
    expect(light.body).toContain('loaded 300000');
    await expect(fetchWith(renderer(), '/loads-data?size=1000000', request)).rejects.toMatchObject({
      code: 'ResponseTooLarge',
      message: expect.stringContaining('4 × request.max_bytes'),
    });
  });

  it('refuses a navigation that redirects to a metadata address', async () => {
    const error = await fetchWith(renderer(), '/to-metadata').catch((caught: unknown) => caught as { code: string });
    expect(error).toMatchObject({ code: 'NetworkAddressRefused' });
  });

  it('waits for a selector, scrolls and clicks', async () => {
    const result = await fetchWith(renderer(), '/steps', { wait_for_selector: '#late', scroll: 1, click: ['#more', '#absent'], timeout_seconds: 15 });
    expect(result.body).toContain('late arrival');
    expect(result.body).toContain('scrolled item');
    expect(result.body).toContain('clicked item');
  });

  it('fails with FetchTimeout naming wait_for_selector when the selector never appears', async () => {
    const error = await fetchWith(renderer(), '/steps', { wait_for_selector: '#never', timeout_seconds: 3 }).catch((caught: unknown) => caught as Error);
    expect(error).toMatchObject({ code: 'FetchTimeout' });
    expect((error as Error).message).toMatch(/wait_for_selector|took longer/);
  });

  it.each([
    ['a wrong token', 'not-the-token'],
    ['a missing token', ''],
  ])('refuses %s with "Renderer connection failed (...)"', async (_label, token) => {
    const sessionsBefore = service.sessions();
    const error = await fetchWith(renderer(token), '/js-list').catch((caught: unknown) => caught as Error);
    expect(error).toMatchObject({ code: 'RendererConnectionFailed' });
    expect((error as Error).message).toMatch(/^Renderer connection failed \(token refused, HTTP 401\)$/);
    expect(service.sessions()).toBe(sessionsBefore);
  });

  it('reports a stopped renderer quickly', async () => {
    const stopped = await startTokenProxy(devtoolsUrl, 'gone');
    await stopped.close();
    const error = await fetchWith(renderer('gone', stopped.websocketUrl), '/js-list', { timeout_seconds: 20 }).catch((caught: unknown) => caught as Error);
    expect(error).toMatchObject({ code: 'RendererConnectionFailed' });
    expect((error as Error).message).toBe('Renderer connection failed (unreachable: connection refused)');
    // With a 20 s budget, a hang would end as FetchTimeout or "no answer within …"; the refused
    // connection is reported as such, so it did not wait for any timeout.
  });

  it('reports a socket the service closes as "Renderer connection failed (...)"', async () => {
    const closing = await startTokenProxy(devtoolsUrl, 'closing', 'close-after-upgrade');
    try {
      const error = await fetchWith(renderer('closing', closing.websocketUrl), '/js-list').catch((caught: unknown) => caught as Error);
      expect(error).toMatchObject({ code: 'RendererConnectionFailed' });
      expect((error as Error).message).toMatch(/^Renderer connection failed \(.+\)$/);
    } finally {
      await closing.close();
    }
  });

  it('closes its pages: no page is left open in the browser after fetches and failures', async () => {
    await fetchWith(renderer(), '/js-list');
    await fetchWith(renderer(), '/to-metadata').catch(() => undefined);
    // An image as the main document makes Chromium swap the page's target; it must still close.
    await expect(fetchWith(renderer(), '/picture')).rejects.toMatchObject({ code: 'UnsupportedResponseContentType' });
    const { connect } = await import('puppeteer-core');
    const browser = await connect({ browserWSEndpoint: devtoolsUrl });
    try {
      const pages = await browser.pages();
      expect(pages.map((page) => page.url()).filter((url) => url !== 'about:blank')).toEqual([]);
    } finally {
      await browser.disconnect();
    }
  });
});
