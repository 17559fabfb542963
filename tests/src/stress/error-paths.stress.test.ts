import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../../testing/fixture-server.js';
import { freePort } from '../support/ports.js';
import { runLoad, type LoadRequest } from '../support/load.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

/**
 * Failing sources under load, where leaks hide (sockets, timers, error objects): every request is
 * a feed whose source refuses the connection, answers 404 or answers 500. Three consecutive runs of
 * ERROR_STRESS_SECONDS (default 20): every answer is the expected 502, never a 500 or a dropped
 * connection, and the server's RSS after run 3 stays within a bound of RSS after run 1.
 */
const SECONDS = Number(process.env['ERROR_STRESS_SECONDS'] ?? 20);
const MIB = 1024 * 1024;
const RSS_GROWTH_BOUND = 64 * MIB;
let site: FixtureServer;
let server: ServerProcess;
let directory: string;
let counter = 0;

function feed(name: string, url: string): string[] {
  return [
    `  ${name}:`,
    '    parameters:',
    "      page: { pattern: '[0-9]{1,9}', default: '1' }",
    `    channel: { url: '${url}?page=%<page>s' }`,
    '    selectors: { items: { selector: article }, title: { selector: h2 } }',
  ];
}

function nextRequest(): LoadRequest {
  counter += 1;
  const name = ['refused', 'missing', 'broken'][counter % 3] ?? 'refused';
  // Half repeat one page (the same failing entry), half are new pages (new keys each time).
  const page = counter % 2 === 0 ? 1 : counter;
  return { kind: name, path: `/api/v1/feeds/${name}.rss?page=${page}` };
}

describe('failing sources under load', () => {
  beforeAll(async () => {
    site = await startFixtureServer();
    site.route('/broken', (_request, response) => {
      response.writeHead(500, { 'content-type': 'text/html' });
      response.end('<h1>down</h1>');
    });
    const closed = await freePort();
    directory = mkdtempSync(join(tmpdir(), 'pagefeed-error-stress-'));
    const feedsFile = join(directory, 'feeds.yml');
    writeFileSync(feedsFile, ['feeds:', ...feed('refused', `http://127.0.0.1:${closed}/news`), ...feed('missing', `${site.origin}/missing`), ...feed('broken', `${site.origin}/broken`), ''].join('\n'));
    server = await startServerProcess({
      SERVICE_SECRET_KEY: 'error-stress-secret-key-0123456789abcdef',
      ALLOW_PRIVATE_NETWORKS: 'true',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'error',
      FEEDS_FILE: feedsFile,
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await site?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it(`three consecutive ${SECONDS} s runs of failing feeds: only 502s, bounded memory`, async () => {
    const report: string[] = [];
    const rssAfterRuns: number[] = [];
    for (let run = 1; run <= 3; run += 1) {
      const rssBefore = server.rss();
      const result = await runLoad({ port: server.port, connections: 8, durationMs: SECONDS * 1000, nextRequest, expected: { refused: [502], missing: [502], broken: [502] } });
      const rssAfter = server.rss();
      rssAfterRuns.push(rssAfter);
      report.push(`error run ${run}: ${result.requests} requests (${result.perSecond}/s), p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, outcomes ${JSON.stringify(result.outcomes)}, errors ${result.errors}, RSS ${(rssBefore / MIB).toFixed(1)} → ${(rssAfter / MIB).toFixed(1)} MiB`);
      expect(result.errors, result.errorSamples.join('\n')).toBe(0);
    }
    const growth = (rssAfterRuns[2] ?? 0) - (rssAfterRuns[0] ?? 0);
    report.push(`RSS growth from the end of run 1 to the end of run 3: ${(growth / MIB).toFixed(1)} MiB (bound ${RSS_GROWTH_BOUND / MIB} MiB)`);
    process.stdout.write(`\n${report.join('\n')}\n\n`);
    expect(growth).toBeLessThan(RSS_GROWTH_BOUND);
  }, (3 * SECONDS + 120) * 1000);
});
