import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, startFixtureServer, type FixtureServer } from '../../../../testing/fixture-server.js';
import { CHROMIUM_PATH, requireChromium } from '../../../../testing/system.js';
import { RENDERED_RELEASES_FEED, renderedReleasesPage } from '../test-support/rendered-releases.js';

const chromium = requireChromium();

/**
 * The bundle `pnpm start` runs (packages/server/bundle.mjs): built here into a temporary folder and
 * started as plain `node main.js` (no tsx, no source conditions), so what is tested is what an
 * operator's first start runs: extraction in the bundled worker threads, npm packages found from the
 * bundle (including those only a workspace package depends on, loaded with `createRequire`).
 */
const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const PAGE = `<!doctype html><html lang="en"><head><title>News</title></head><body><ul id="news">
<li><a href="/news/1">First story</a><div class="body"><p>Hello <strong>world</strong></p></div></li>
<li><a href="/news/2">Second story</a><div class="body"><p>Second <em>body</em></p></div></li>
</ul></body></html>`;

const FEEDS_YML = `feeds:
${RENDERED_RELEASES_FEED}  news:
    channel:
      url: \${FIXTURE_ORIGIN}/news
      title: News
    selectors:
      items:
        selector: '#news li'
      title:
        selector: a
      url:
        selector: a
        extractor: href
      description:
        selector: .body
        extractor: html
        post_process:
          - name: html_to_markdown
`;

describe('the server bundle of `pnpm start`', () => {
  let site: FixtureServer;
  let folder: string;
  let child: ChildProcess;
  let output = '';
  let origin = '';

  beforeAll(async () => {
    site = await startFixtureServer({ '/news': html(PAGE), '/releases': html(renderedReleasesPage(['Release 1', 'Release 2'])) });
    folder = mkdtempSync(join(tmpdir(), 'pagefeed-bundle-'));
    const outdir = join(folder, 'bundle');
    const bundled = spawnSync(process.execPath, ['bundle.mjs', '--outdir', outdir], { cwd: PACKAGE_ROOT, encoding: 'utf8' });
    expect(bundled.status, bundled.stderr).toBe(0);
    writeFileSync(join(folder, 'feeds.yml'), FEEDS_YML);
    child = spawn(process.execPath, [join(outdir, 'main.js')], {
      cwd: folder,
      env: {
        PATH: process.env['PATH'] ?? '',
        PORT: '0',
        LOG_FORMAT: 'json',
        FEEDS_FILE: join(folder, 'feeds.yml'),
        FIXTURE_ORIGIN: site.origin,
        ALLOW_PRIVATE_NETWORKS: 'true',
        DATA_DIR: join(folder, 'data'),
        EXTRACTION_WORKERS: '1',
        // The built-in renderer, as `pnpm start` runs it with no renderer variables set.
        CHROMIUM_PATH: chromium.available ? CHROMIUM_PATH : join(folder, 'no-chromium'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout?.on('data', () => {
        const match = /"message":"listening","port":(\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', (code) => reject(new Error(`the bundle exited with ${code} before listening:\n${output}`)));
    });
    origin = `http://127.0.0.1:${port}`;
  }, 120_000);

  afterAll(async () => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    await site?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('is one entry point and its worker, with npm packages imported by relative path, not copied in', () => {
    const outdir = join(folder, 'bundle');
    expect(existsSync(join(outdir, 'main.js'))).toBe(true);
    expect(existsSync(join(outdir, 'worker.js'))).toBe(true);
    const code = readdirSync(outdir)
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(outdir, name), 'utf8'))
      .join('\n');
    expect(code).toMatch(/from "(\.\.\/)+[^"]*node_modules\/\.pnpm\/hono@/);
    // The workspace packages are in it, from their sources: no import of their builds.
    expect(code).not.toMatch(/from "@pagefeed\//);
    expect(code).not.toMatch(/packages\/core\/dist\//);
  });

  it('serves a predefined feed generated in its worker thread, with a post-processor that loads its library on use', async () => {
    const response = await fetch(`${origin}/api/v1/feeds/news.json`);
    const body = (await response.json()) as { items: Array<{ title: string; content_html?: string; content_text?: string }> };
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.items.map((item) => item.title)).toEqual(['First story', 'Second story']);
    expect(JSON.stringify(body.items[0])).toContain('Hello **world**');
    expect(output).toContain('"message":"extraction","workers":1');
  });

  it.runIf(chromium.available)('renders a JavaScript-built page with its built-in renderer (real Chromium)', async () => {
    expect(output).toContain('renderer: built in');
    const response = await fetch(`${origin}/api/v1/feeds/rendered.json`);
    const body = (await response.json()) as { items?: Array<{ title: string }> };
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.items?.map((item) => item.title)).toEqual(['Release 1', 'Release 2']);
  }, 120_000);

  it('answers /api/v1 and stops on SIGTERM with exit code 0', async () => {
    const info = await fetch(`${origin}/api/v1`);
    expect(info.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
