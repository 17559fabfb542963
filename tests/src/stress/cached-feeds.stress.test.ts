import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../../testing/fixture-server.js';
import { runLoad, type LoadRequest, type LoadResult } from '../support/load.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

/**
 * Load on the real server process (memory cache, loopback only): 1,000 distinct cached feeds
 * (one predefined feed with a `page` parameter, so every page is its own cache entry), then three
 * consecutive runs of STRESS_SECONDS (default 60) mixing cache hits (70 %), conditional requests
 * answered 304 (20 %) and misses that generate a never-seen page (10 %). Asserts zero errors and
 * that the server's RSS after run 3 stays within a generous bound of RSS after run 1 (memory, not
 * timing); prints RSS before/after each run, throughput, p50 and p99.
 */
const SECONDS = Number(process.env['STRESS_SECONDS'] ?? 60);
const CONNECTIONS = Number(process.env['STRESS_CONNECTIONS'] ?? 16);
const FEEDS = 1000;
const MIB = 1024 * 1024;
/** RSS may grow while caches fill up to their bounds (LRU 5,000 entries / 64 MiB); not beyond. */
const RSS_GROWTH_BOUND = 128 * MIB;
const FORMATS = ['rss', 'atom', 'json'] as const;

let site: FixtureServer;
let server: ServerProcess;
let directory: string;
const etags = new Map<string, string>();
let missCounter = 0;
let sequence = 0;

function listing(page: string): string {
  const items = [1, 2, 3, 4, 5]
    .map((n) => `<article><h2><a href="/p/${page}/${n}">Page ${page} story ${n}: a headline long enough</a></h2><p>Summary of story ${n} on page ${page}.</p><time datetime="2026-05-0${n}T10:00:00Z">May ${n}</time></article>`)
    .join('');
  return `<!doctype html><html><head><title>Stress page ${page}</title></head><body><main>${items}</main></body></html>`;
}

/** A deterministic spread (no Math.random: a failing run can be replayed). */
function pick(modulo: number): number {
  sequence = (sequence * 1103515245 + 12345) % 2147483648;
  return sequence % modulo;
}

function feedPath(page: number, format: (typeof FORMATS)[number]): string {
  return `/api/v1/feeds/news.${format}?page=${page}`;
}

function nextRequest(): LoadRequest {
  const roll = pick(100);
  const format = FORMATS[pick(3)] ?? 'rss';
  if (roll < 10) {
    missCounter += 1;
    return { kind: 'miss', path: feedPath(100_000 + missCounter, format) };
  }
  const path = feedPath(1 + pick(FEEDS), format);
  const etag = etags.get(path);
  if (roll < 30 && etag) return { kind: 'conditional', path, headers: { 'If-None-Match': etag } };
  return { kind: 'hit', path };
}

async function prime(): Promise<void> {
  const pages = Array.from({ length: FEEDS }, (_unused, index) => index + 1);
  const worker = async () => {
    for (let page = pages.shift(); page !== undefined; page = pages.shift()) {
      for (const format of FORMATS) {
        const response = await fetch(`${server.origin}${feedPath(page, format)}`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`priming ${feedPath(page, format)} answered ${response.status}`);
        etags.set(feedPath(page, format), response.headers.get('etag') ?? '');
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

function describeRun(index: number, result: LoadResult, rssBefore: number, rssAfter: number): string {
  return [
    `run ${index}: ${result.requests} requests in ${SECONDS} s (${result.perSecond}/s), ${CONNECTIONS} connections`,
    `  p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms`,
    `  outcomes ${JSON.stringify(result.outcomes)}`,
    `  errors ${result.errors}${result.errorSamples.length ? ` e.g. ${result.errorSamples.join('; ')}` : ''}`,
    `  server RSS before ${(rssBefore / MIB).toFixed(1)} MiB, after ${(rssAfter / MIB).toFixed(1)} MiB`,
  ].join('\n');
}

describe('load on 1,000 cached feeds', () => {
  beforeAll(async () => {
    site = await startFixtureServer();
    site.route('/news', (request, response) => {
      const page = new URL(request.url ?? '/', 'http://x').searchParams.get('page') ?? '0';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(listing(page));
    });
    directory = mkdtempSync(join(tmpdir(), 'pagefeed-stress-'));
    const feedsFile = join(directory, 'feeds.yml');
    writeFileSync(
      feedsFile,
      [
        'feeds:',
        '  news:',
        '    parameters:',
        '      page:',
        "        pattern: '[0-9]{1,7}'",
        "        default: '1'",
        '    channel:',
        `      url: ${site.origin}/news?page=%<page>s`,
        '      ttl: 60',
        '    selectors:',
        '      items:',
        '        selector: article',
        '      title:',
        '        selector: h2 a',
        '      url:',
        '        selector: h2 a',
        '        extractor: href',
        '      description:',
        '        selector: p',
        '      published_at:',
        '        selector: time',
        '        extractor: attribute',
        '        attribute: datetime',
        '',
      ].join('\n'),
    );
    server = await startServerProcess({
      SERVICE_SECRET_KEY: 'stress-secret-key-0123456789abcdef0123',
      ACCESS_TOKEN: 'stress-access-token',
      ALLOW_PRIVATE_NETWORKS: 'true',
      RATE_LIMIT_PER_MINUTE: '0',
      FEEDS_FILE: feedsFile,
    });
    await prime();
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await site?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it(`three consecutive ${SECONDS} s runs: zero errors, bounded memory`, async () => {
    const report: string[] = [`pagefeed stress: ${FEEDS} cached feeds primed (${etags.size} documents), server pid ${server.pid}`];
    const rssAfterRuns: number[] = [];
    let totalErrors = 0;
    for (let run = 1; run <= 3; run += 1) {
      const rssBefore = server.rss();
      const result = await runLoad({
        port: server.port,
        connections: CONNECTIONS,
        durationMs: SECONDS * 1000,
        nextRequest,
        expected: { hit: [200], miss: [200], conditional: [304] },
      });
      const rssAfter = server.rss();
      rssAfterRuns.push(rssAfter);
      totalErrors += result.errors;
      report.push(describeRun(run, result, rssBefore, rssAfter));
      expect(result.outcomes['hit 200'] ?? 0).toBeGreaterThan(0);
      expect(result.outcomes['miss 200'] ?? 0).toBeGreaterThan(0);
      expect(result.outcomes['conditional 304'] ?? 0).toBeGreaterThan(0);
    }
    const growth = (rssAfterRuns[2] ?? 0) - (rssAfterRuns[0] ?? 0);
    report.push(`RSS growth from the end of run 1 to the end of run 3: ${(growth / MIB).toFixed(1)} MiB (bound ${RSS_GROWTH_BOUND / MIB} MiB)`);
    process.stdout.write(`\n${report.join('\n')}\n\n`);
    expect(totalErrors).toBe(0);
    expect(growth).toBeLessThan(RSS_GROWTH_BOUND);
    expect(server.output()).not.toContain('unexpected failure');
  }, (3 * SECONDS + 120) * 1000);
});
