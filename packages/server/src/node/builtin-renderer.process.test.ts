import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, startFixtureServer, type FixtureServer } from '../../../../testing/fixture-server.js';
import { CHROMIUM_PATH, requireChromium } from '../../../../testing/system.js';
import { RENDERED_RELEASES_FEED, renderedReleasesPage } from '../test-support/rendered-releases.js';
import { startServerProcess, type StartedServer } from '../test-support/server-process.js';

const chromium = requireChromium();

const FEEDS_YML = `feeds:
${RENDERED_RELEASES_FEED}`;

/** Whether any process of the group still runs (Chromium runs in its own process group). */
function groupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
}

describe.runIf(chromium.available)('the built-in renderer of `pnpm start` (real Chromium, no renderer variables)', () => {
  let site: FixtureServer;
  let server: StartedServer;
  let folder: string;

  beforeAll(async () => {
    site = await startFixtureServer({ '/releases': html(renderedReleasesPage(['First release', 'Second release', 'Third release'])) });
    folder = mkdtempSync(join(tmpdir(), 'pagefeed-builtin-renderer-'));
    writeFileSync(join(folder, 'feeds.yml'), FEEDS_YML);
    server = await startServerProcess({
      FEEDS_FILE: join(folder, 'feeds.yml'),
      FIXTURE_ORIGIN: site.origin,
      ALLOW_PRIVATE_NETWORKS: 'true',
      DATA_DIR: join(folder, 'data'),
      CHROMIUM_PATH,
    });
  }, 60_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await site?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('says at start that the renderer is built in and lists it in /api/v1, without loading puppeteer yet', async () => {
    expect(server.output()).toContain('renderer: built in');
    expect(server.output()).not.toContain('pagefeed-trace: import puppeteer-core');
    const info = (await (await fetch(`${server.origin}/api/v1`)).json()) as { strategies: string[]; renderer: { status: string } };
    expect(info.strategies).toContain('renderer');
    expect(info.renderer.status).toBe('ok');
  });

  it('renders a JavaScript-built page into feed items, then stops Chromium with the server', async () => {
    const response = await fetch(`${server.origin}/api/v1/feeds/rendered.json`);
    const body = (await response.json()) as { items?: { title: string }[] };
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.items?.map((item) => item.title)).toEqual(['First release', 'Second release', 'Third release']);
    const pid = Number(/"message":"renderer: Chromium started","pid":(\d+)/.exec(server.output())?.[1]);
    expect(pid).toBeGreaterThan(0);
    expect(groupAlive(pid)).toBe(true);
    expect(await server.stop()).toBe(0);
    await expect.poll(() => groupAlive(pid), { timeout: 20_000 }).toBe(false);
  });
});
