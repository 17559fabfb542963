import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, html, type FixtureServer } from '../../../../testing/fixture-server.js';
import { spawnServer, startServerProcess } from '../test-support/server-process.js';

/** Operator experience across restarts and at start: the development key is kept; a busy port is one line. */
const PAGE = `<!doctype html><html><head><title>News</title></head><body><main>${Array.from(
  { length: 6 },
  (_, index) => `<article class="post"><h2><a href="/news/${index}">Story number ${index} of the day</a></h2><p>Body text of story ${index}, long enough to count.</p><time datetime="2026-01-0${index + 1}">Jan ${index + 1}</time></article>`,
).join('')}</main></body></html>`;

describe('created feeds across a restart (development, no SERVICE_SECRET_KEY)', () => {
  let site: FixtureServer;
  let folder: string;

  beforeAll(async () => {
    site = await startFixtureServer({ '/news': html(PAGE) });
    folder = mkdtempSync(join(tmpdir(), 'pagefeed-restart-'));
    writeFileSync(join(folder, 'feeds.yml'), 'feeds: {}\n');
  });
  afterAll(async () => {
    await site?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('keeps the generated key in DATA_DIR, says so at start, and a feed created before a restart answers 200 after it', async () => {
    const env = {
      NODE_ENV: 'development',
      ACCESS_TOKEN: 'restart-test-access-token',
      ALLOW_PRIVATE_NETWORKS: 'true',
      FEEDS_FILE: join(folder, 'feeds.yml'),
      DATA_DIR: join(folder, 'data'),
      RENDERER_BUILTIN: 'false',
    };
    const first = await startServerProcess(env);
    let link: string;
    try {
      expect(first.output()).toContain('created a development signing key');
      const created = await fetch(`${first.origin}/api/v1/feeds`, {
        method: 'POST',
        headers: { authorization: 'Bearer restart-test-access-token', 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${site.origin}/news` }),
      });
      const body = (await created.json()) as { feed: { links: { rss: string } } };
      expect(created.status, JSON.stringify(body)).toBe(201);
      link = new URL(body.feed.links.rss).pathname;
      expect((await fetch(`${first.origin}${link}`)).status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    const keyFile = join(folder, 'data', 'secret-key');
    expect(existsSync(keyFile)).toBe(true);
    expect(statSync(keyFile).mode & 0o077).toBe(0);
    const key = readFileSync(keyFile, 'utf8');

    const second = await startServerProcess(env);
    try {
      expect(second.output()).toContain('using the development signing key from an earlier start');
      expect(second.output()).not.toContain('created feed tokens stop working at restart');
      expect((await fetch(`${second.origin}${link}`)).status).toBe(200);
    } finally {
      await second.stop();
    }
    expect(readFileSync(keyFile, 'utf8')).toBe(key);

    // Another key (rotation): the old feed is a 404 whose hint says why.
    const rotated = await startServerProcess({ ...env, SERVICE_SECRET_KEY: 'a-rotated-key-0123456789abcdef-0123456789' });
    try {
      const response = await fetch(`${rotated.origin}${link}`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { hint: string } }).error.hint).toContain('key was rotated');
    } finally {
      await rotated.stop();
    }
  }, 120_000);
});

describe('a port already in use', () => {
  let blocker: Server;
  beforeAll(async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, resolve));
  });
  afterAll(async () => new Promise<void>((resolve) => blocker.close(() => resolve())));

  it('is one line that says what to do, and exit code 1', async () => {
    const port = (blocker.address() as { port: number }).port;
    const started = spawnServer({ PORT: String(port), NODE_ENV: 'development', SERVICE_SECRET_KEY: 'x'.repeat(40), FEEDS_FILE: '/nonexistent/feeds.yml', RENDERER_BUILTIN: 'false' });
    expect(await started.exited).toBe(1);
    const errorLines = started
      .output()
      .split('\n')
      .filter((line) => line.startsWith('pagefeed:'));
    expect(errorLines).toEqual([
      `pagefeed: cannot start: PortInUse: port ${port} is already in use by another process Fix: stop the other process (see: ss -ltnp 'sport = :${port}') or start pagefeed on another port, e.g. PORT=${port + 1} pnpm start.`,
    ]);
    expect(started.output()).not.toMatch(/\n\s+at /);
  }, 60_000);
});
