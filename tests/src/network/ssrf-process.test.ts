import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { startTrapServer, type TrapServer } from '../support/trap-server.js';

/**
 * The same refusals from the real server process (production settings, ALLOW_PRIVATE_NETWORKS
 * unset, the system resolver): loopback in every spelling, private ranges, metadata addresses and
 * `localhost` names are 403 over real HTTP and nothing connects to the trap listening on `::`.
 * Also over real HTTP: 413 above BODY_LIMIT_BYTES and the CSP on `/`.
 */
const ACCESS_TOKEN = 'process-ssrf-access-token';
let trap: TrapServer;
let server: ServerProcess;

beforeAll(async () => {
  trap = await startTrapServer();
  server = await startServerProcess({
    SERVICE_SECRET_KEY: 'process-ssrf-secret-key-0123456789abcdef',
    ACCESS_TOKEN,
    BODY_LIMIT_BYTES: '2048',
    RATE_LIMIT_PER_MINUTE: '0',
    FEEDS_FILE: '/nonexistent/feeds.yml',
  });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await trap?.close();
});

function post(path: string, body: string) {
  return fetch(`${server.origin}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json', authorization: `Bearer ${ACCESS_TOKEN}` } });
}

describe('the real server process', () => {
  it('refuses loopback, private, metadata and localhost targets with 403 and connects to none', async () => {
    const port = trap.port;
    const targets = [
      `http://127.0.0.1:${port}/`, `http://127.1:${port}/`, `http://2130706433:${port}/`, `http://0x7f.1:${port}/`, `http://0.0.0.0:${port}/`,
      `http://localhost:${port}/`, `http://localhost.:${port}/`, `http://feeds.localhost:${port}/`, `http://[::1]:${port}/`, `http://[::]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`, `http://[::ffff:7f00:1]:${port}/`, `http://[64:ff9b::127.0.0.1]:${port}/`, `http://10.1.1.1:${port}/`,
      `http://192.168.0.1:${port}/`, `http://172.31.255.255:${port}/`, 'http://169.254.169.254/latest/meta-data/', 'http://[fd00:ec2::254]/',
      'http://metadata.google.internal/', `https://127.0.0.1:${port}/`, `http://0:${port}/`, `http://017700000001:${port}/`,
      `http://%31%32%37.0.0.1:${port}/`, `http://\u2460\u2461\u2466.\u24ea.\u24ea.\u2460:${port}/`, `http://[::127.0.0.1]:${port}/`,
      'http://[::ffff:169.254.169.254]/', `http://\uff2c\uff2f\uff23\uff21\uff2c\uff28\uff2f\uff33\uff34:${port}/`,
    ];
    const answers: string[] = [];
    for (const path of ['/api/v1/preview', '/api/v1/feeds']) {
      for (const url of targets) {
        const response = await post(path, JSON.stringify({ url }));
        const body = (await response.json()) as { error?: { code: string } };
        answers.push(`${response.status} ${body.error?.code} ${path} ${url}`);
      }
    }
    expect(answers.filter((answer) => !answer.startsWith('403 NetworkAddressRefused'))).toEqual([]);
    expect(trap.connections()).toBe(0);
  });

  it('refuses the same targets for the renderer strategy before any browser is involved', async () => {
    const answers: string[] = [];
    for (const url of [`http://127.0.0.1:${trap.port}/`, `http://[::1]:${trap.port}/`, `http://localhost:${trap.port}/`, 'http://169.254.169.254/latest/meta-data/']) {
      const response = await post('/api/v1/preview', JSON.stringify({ url, strategy: 'renderer' }));
      const body = (await response.json()) as { error?: { code: string } };
      answers.push(`${response.status} ${body.error?.code} ${url}`);
    }
    expect(answers.filter((answer) => !answer.startsWith('403 NetworkAddressRefused'))).toEqual([]);
    expect(trap.connections()).toBe(0);
  });

  it('answers 413 above BODY_LIMIT_BYTES', async () => {
    const response = await post('/api/v1/preview', JSON.stringify({ url: `https://example.com/${'x'.repeat(4096)}` }));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('PayloadTooLarge');
  });

  it('serves / with the Content-Security-Policy', async () => {
    const response = await fetch(`${server.origin}/`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('never returned a stack trace or an internal error while being probed', () => {
    expect(server.output()).not.toMatch(/unexpected failure|\n\s+at .+\.ts:\d+/);
  });
});
