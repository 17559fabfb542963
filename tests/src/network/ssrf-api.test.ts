import { createPlainStrategy } from '@pagefeed/fetchers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, startFixtureServer, type FixtureServer } from '../../../testing/fixture-server.js';
import { createTestApp, errorOf, type TestApp } from '../support/app.js';
import { createSimulatedEngine, createSimulatedInternet, type SimulatedInternet } from '../support/simulated-internet.js';
import { startTrapServer, type TrapServer } from '../support/trap-server.js';

/**
 * SSRF through the public API (POST /api/v1/feeds and /api/v1/preview) with private networks not
 * allowed: every URL that means this machine, a private range, a metadata service, or a name that
 * resolves to one, directly or after a redirect from an allowed site, is refused with 403
 * NetworkAddressRefused, and nothing connects: the trap listener on `::` (every loopback form)
 * records 0 connections and the guard let no load through.
 */
let trap: TrapServer;
let site: FixtureServer;
let internet: SimulatedInternet;
let harness: TestApp;

const LISTING = `<!doctype html><html><head><title>Public news</title></head><body><main>${[1, 2, 3, 4]
  .map((n) => `<article><h2><a href="/post/${n}">Public post number ${n} with a long enough title</a></h2><p>Body of post ${n}, a few words long.</p><time datetime="2026-05-0${n}">May ${n}</time></article>`)
  .join('')}</main></body></html>`;

beforeAll(async () => {
  trap = await startTrapServer();
  site = await startFixtureServer({ '/news': html(LISTING) });
  site.route('/redirect', (request, response) => {
    const target = new URL(request.url ?? '/', 'http://x').searchParams.get('to') ?? '/';
    // Node sends header values as Latin-1 only: other characters go percent-encoded, as servers do.
    response.writeHead(302, { location: target.replace(/[^\x20-\x7e]/g, (character) => encodeURIComponent(character)) });
    response.end();
  });
  internet = createSimulatedInternet();
  harness = createTestApp({ engine: createSimulatedEngine(internet) });
});

afterAll(async () => {
  await trap.close();
  await site.close();
});

function directTargets(port: number): string[] {
  return [
    `http://127.0.0.1:${port}/`,
    `http://127.1:${port}/`,
    `http://2130706433:${port}/`,
    `http://0x7f000001:${port}/`,
    `http://0177.0.0.1:${port}/`,
    `http://0.0.0.0:${port}/`,
    `http://0:${port}/`,
    `http://017700000001:${port}/`,
    `http://127.000.000.001:${port}/`,
    `http://127.0.0.1.:${port}/`,
    `http://%31%32%37.0.0.1:${port}/`,
    `http://\u2460\u2461\u2466.\u24ea.\u24ea.\u2460:${port}/`,
    `http://127.0.0.1:${port}/#@public.test/`,
    `http://localhost:${port}/`,
    `http://\uff2c\uff2f\uff23\uff21\uff2c\uff28\uff2f\uff33\uff34:${port}/`,
    `http://LOCALHOST.:${port}/`,
    `http://app.localhost:${port}/`,
    `http://[::1]:${port}/`,
    `http://[0:0:0:0:0:0:0:1]:${port}/`,
    `http://[::]:${port}/`,
    `http://[::ffff:127.0.0.1]:${port}/`,
    `http://[::127.0.0.1]:${port}/`,
    `http://[0::1]:${port}/`,
    `http://[::ffff:7f00:1]:${port}/`,
    `http://[64:ff9b::7f00:1]:${port}/`,
    `http://[2002:7f00:1::]:${port}/`,
    `http://10.0.0.1:${port}/`,
    `http://172.16.5.4:${port}/`,
    `http://192.168.1.1:${port}/`,
    `http://100.64.0.1:${port}/`,
    `http://169.254.1.1:${port}/`,
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://100.100.100.200/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/latest/meta-data/',
    'http://168.63.129.16/metadata/instance',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://metadata/computeMetadata/v1/',
    `http://[fe80::1]:${port}/`,
    `http://[fc00::1]:${port}/`,
    `http://internal.test:${port}/`,
    `http://loopback.test:${port}/`,
    `http://metadata.test/latest/meta-data/`,
    `http://mixed.test:${port}/`,
    `http://v6-loopback.test:${port}/`,
    `http://v6-mapped.test:${port}/`,
    `http://v6-ula.test:${port}/`,
    `http://cgnat.test:${port}/`,
    `http://zero.test:${port}/`,
    `https://127.0.0.1:${port}/`,
  ];
}

describe('SSRF through POST /api/v1/preview and POST /api/v1/feeds', () => {
  it('the simulated public site itself is reachable (the refusals below are about the address, not the setup)', async () => {
    const response = await harness.post('/api/v1/preview', { url: `http://public.test:${site.port}/news` });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: unknown[] };
    expect(body.items.length).toBeGreaterThan(0);
  });

  it.each(['/api/v1/preview', '/api/v1/feeds'])('%s refuses every private, loopback and metadata target with 403, connecting to none', async (path) => {
    const loadsBefore = internet.loaded.length;
    const answers: string[] = [];
    for (const url of directTargets(trap.port)) {
      const { status, code } = await errorOf(await harness.post(path, { url }));
      answers.push(`${status} ${code} ${url}`);
    }
    expect(answers.filter((answer) => !answer.startsWith('403 NetworkAddressRefused'))).toEqual([]);
    expect(internet.loaded.slice(loadsBefore)).toEqual([]);
    expect(trap.connections()).toBe(0);
  });

  it.each(['/api/v1/preview', '/api/v1/feeds'])('%s refuses redirects from an allowed site into private space, connecting to none', async (path) => {
    const hitsBefore = site.hits.get('/redirect') ?? 0;
    const answers: string[] = [];
    for (const target of directTargets(trap.port)) {
      const url = `http://public.test:${site.port}/redirect?to=${encodeURIComponent(target)}`;
      const { status, code } = await errorOf(await harness.post(path, { url }));
      answers.push(`${status} ${code} ${target}`);
    }
    expect(answers.filter((answer) => !answer.startsWith('403 NetworkAddressRefused'))).toEqual([]);
    // Every redirect was really served by the allowed site, and no hop reached the trap.
    expect((site.hits.get('/redirect') ?? 0) - hitsBefore).toBe(directTargets(trap.port).length);
    expect(internet.loaded.filter((url) => !url.startsWith(`http://public.test:${site.port}/`))).toEqual([]);
    expect(trap.connections()).toBe(0);
  });

  it('control: the trap does count a connection when private networks are allowed', async () => {
    const control = await startTrapServer();
    const strategy = createPlainStrategy({ allowPrivateNetworks: true });
    await strategy.fetch({ url: `http://[::1]:${control.port}/`, strategy: 'plain', headers: {}, request: { timeout_seconds: 5 } }, {}).catch(() => undefined);
    expect(control.connections()).toBe(1);
    await control.close();
  });

  it('refuses redirects to non-http schemes (file, gopher, ftp, data, javascript) without loading them', async () => {
    const answers: string[] = [];
    for (const target of ['file:///etc/passwd', 'gopher://127.0.0.1:70/_INFO', 'ftp://10.0.0.1/', 'data:text/html,<h1>x</h1>', 'javascript:alert(1)', 'dict://127.0.0.1:11211/stat']) {
      const url = `http://public.test:${site.port}/redirect?to=${encodeURIComponent(target)}`;
      const { status, code } = await errorOf(await harness.post('/api/v1/preview', { url }));
      answers.push(`${status} ${code} ${target}`);
    }
    expect(answers.filter((answer) => !answer.startsWith('403 NetworkAddressRefused'))).toEqual([]);
    expect(internet.loaded.filter((url) => !url.startsWith(`http://public.test:${site.port}/`))).toEqual([]);
    expect(trap.connections()).toBe(0);
  });

  it('refuses non-http schemes and credentials in the URL as invalid input (400), connecting to none', async () => {
    for (const url of ['file:///etc/passwd', 'gopher://127.0.0.1:70/', 'ftp://10.0.0.1/', `http://user:pass@public.test:${site.port}/news`, 'javascript:alert(1)', 'data:text/html,hi']) {
      const { status, code } = await errorOf(await harness.post('/api/v1/preview', { url }));
      expect(`${status} ${code}`, url).toBe('400 InputInvalid');
    }
    expect(trap.connections()).toBe(0);
  });
});
