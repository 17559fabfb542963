import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPage, readTruth } from './lib/corpus.mjs';
import { feedsYaml } from './lib/feeds.mjs';
import { getOnce, runLoad } from './lib/load.mjs';
import { startServerProcess } from './lib/processes.mjs';
import { startSourceServer } from './lib/source-server.mjs';
import { formatMs, median } from './lib/stats.mjs';

/**
 * Benchmark 3: a cached feed through the full app (createPagefeedApp on @hono/node-server, in its
 * own process) versus a bare Hono app on @hono/node-server answering the same bytes. Closed-loop
 * load from this process on raw keep-alive sockets; rounds alternate bare and full.
 */
export const GOAL = 0.7;
const CONFIG = 'feedless__03-telepolis-de';
const PATH = '/api/v1/feeds/cached.rss';

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux); undefined elsewhere.
 * Throughput depends on whatever else the machine runs; the server's own CPU per request does not,
 * so the note reports it beside the ratio.
 */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
/** Linux's USER_HZ, the unit of /proc/<pid>/stat times, is 100 on every common platform. */
const CLOCK_TICKS_PER_SECOND = 100;

async function measure(servers, { connections, durationMs, rounds }) {
  const results = new Map(servers.map((server) => [server.label, []]));
  for (const server of servers) await runLoad({ port: server.port, path: PATH, connections, durationMs: Math.min(1000, durationMs) });
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const server of order) {
      const cpuBefore = cpuMsOf(server.pid);
      const run = await runLoad({ port: server.port, path: PATH, connections, durationMs });
      const cpuAfter = cpuMsOf(server.pid);
      results.get(server.label).push({ ...run, cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore });
    }
  }
  return new Map([...results].map(([label, runs]) => [label, {
    perSecond: median(runs.map((run) => run.perSecond)),
    p99: median(runs.map((run) => run.p99)),
    // Summed over the rounds: /proc counts in 10 ms steps, too coarse for one round.
    cpuMicrosecondsPerRequest: runs.some((run) => run.cpuMs === undefined) ? undefined : (runs.reduce((total, run) => total + run.cpuMs, 0) * 1000) / runs.reduce((total, run) => total + run.requests, 0),
    non200: runs.reduce((total, run) => total + Object.entries(run.statuses).filter(([status]) => status !== '200').reduce((count, [, value]) => count + value, 0), 0),
  }]));
}

function cpuText(subject, floor) {
  if (subject.cpuMicrosecondsPerRequest === undefined || floor.cpuMicrosecondsPerRequest === undefined) return 'server CPU per request not measured (no /proc)';
  const ratio = floor.cpuMicrosecondsPerRequest / subject.cpuMicrosecondsPerRequest;
  return `server CPU per request ${subject.cpuMicrosecondsPerRequest.toFixed(1)} µs vs bare ${floor.cpuMicrosecondsPerRequest.toFixed(1)} µs (${ratio.toFixed(2)}× in CPU terms)`;
}

export async function runServerCached({ quick = false } = {}) {
  const truth = readTruth(CONFIG);
  const source = await startSourceServer({ body: readPage(truth.file) });
  const directory = mkdtempSync(join(tmpdir(), 'pagefeed-bench-'));
  const started = [];
  try {
    const yaml = feedsYaml({ name: 'cached', config: CONFIG, url: `http://127.0.0.1:${source.port}/page` });
    // Production wiring: request log line per request at info, rate limit counting (limit never reached).
    const full = await startServerProcess({ mode: 'full', feedsYaml: yaml, logLevel: 'info', rateLimitPerMinute: 1_000_000_000 });
    started.push(full);
    const lean = await startServerProcess({ mode: 'full', feedsYaml: yaml, logLevel: 'warn', rateLimitPerMinute: 0 });
    started.push(lean);
    const primed = await getOnce(full.port, PATH);
    await getOnce(lean.port, PATH);
    if (primed.status !== 200) throw new Error(`the full app answered ${primed.status} for ${PATH}: ${primed.body.slice(0, 300)}`);
    const bodyFile = join(directory, 'feed.rss');
    writeFileSync(bodyFile, primed.body);
    const bare = await startServerProcess({ mode: 'bare', bodyFile, contentType: primed.headers.get('content-type') });
    started.push(bare);
    // Diagnostic: what one header set after next() costs (Hono then rebuilds the response).
    const bareHeader = await startServerProcess({ mode: 'bare', bodyFile, contentType: primed.headers.get('content-type'), headerAfterNext: true });
    started.push(bareHeader);
    const again = await getOnce(full.port, PATH);
    const measured = await measure(
      [{ label: 'bare', ...bare }, { label: 'full', ...full }, { label: 'lean', ...lean }, { label: 'bare-header', ...bareHeader }],
      { connections: 16, durationMs: quick ? 1000 : 1500, rounds: quick ? 1 : 5 },
    );
    const floor = measured.get('bare');
    const row = (id, label, name, extra) => {
      const subject = measured.get(label);
      return {
        id,
        name,
        measured: `${Math.round(subject.perSecond)} req/s, p99 ${formatMs(subject.p99)}`,
        floor: `${Math.round(floor.perSecond)} req/s, p99 ${formatMs(floor.p99)} bare Hono`,
        ratio: subject.perSecond / floor.perSecond,
        goal: { min: GOAL },
        note: `${extra}; ${cpuText(subject, floor)}; ${Buffer.byteLength(primed.body)} B RSS body; X-Cache ${again.headers.get('x-cache')}${subject.non200 ? `; ${subject.non200} non-200 answers` : ''}`,
      };
    };
    return {
      rows: [
        row('3', 'full', 'server, cached feed (production wiring)', 'LOG_LEVEL=info, rate limit counting'),
        row('3b', 'lean', 'server, cached feed (no request log, no rate limit)', 'LOG_LEVEL=warn, RATE_LIMIT_PER_MINUTE=0'),
        { ...row('3c', 'bare-header', 'diagnostic: bare Hono + a header set after next()', 'what the access-log middleware pattern costs'), goal: {} },
      ],
      sourceHits: (await source.counts()).hits,
    };
  } finally {
    await Promise.all(started.map((server) => server.stop()));
    await source.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}
