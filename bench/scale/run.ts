/**
 * Scale-out benchmark (not a test): throughput and upstream fetch count with 1 and 3 server
 * instances sharing one redis-server, and 3 instances without Redis for comparison.
 *
 *   node --conditions=source --import tsx bench/scale/run.ts [--seconds 5] [--concurrency 32]
 *
 * Loopback only: a local fixture source, a throwaway redis-server, real server processes.
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { startCluster, PUBLIC_HOST } from '../../packages/server/src/scale/test-support/cluster.js';
import { createAgent, request, runBounded } from '../../packages/server/src/scale/test-support/load.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '32' },
    burst: { type: 'string', default: '300' },
  },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const burst = Number(values.burst);

interface Row {
  readonly setup: string;
  /** One-minute load average when the setup started: other work on the machine skews the figures. */
  readonly load: number;
  readonly burstMs: number;
  readonly burstUpstream: number;
  readonly requests: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly upstreamTotal: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

async function measure(setup: string, instanceCount: number, withRedis: boolean): Promise<Row> {
  const load = Number((loadavg()[0] ?? 0).toFixed(2));
  const cluster = await startCluster({
    instances: instanceCount,
    feeds: ['news'],
    delayMs: 200,
    env: { RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'error', ...(withRedis ? {} : { REDIS_URL: '' }) },
  });
  const agent = createAgent(concurrency);
  try {
    const url = (index: number) => `${cluster.instances[index % instanceCount]!.origin}/api/v1/feeds/news`;
    const headers = { host: PUBLIC_HOST };

    // Cold burst: every request arrives before the feed exists anywhere.
    const burstStart = performance.now();
    const burstReplies = await runBounded(burst, Math.min(burst, 120), (index) => request(url(index), { agent, headers }));
    const burstMs = performance.now() - burstStart;
    const burstUpstream = cluster.source.hits.get('/news') ?? 0;

    // Warm throughput: fixed duration, fixed concurrency, round-robin over the instances.
    const durations: number[] = [];
    let errors = burstReplies.filter((reply) => reply.status !== 200).length;
    let sent = 0;
    const stopAt = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < stopAt) {
          const index = sent;
          sent += 1;
          const started = performance.now();
          const reply = await request(url(index), { agent, headers }).catch(() => undefined);
          durations.push(performance.now() - started);
          if (reply?.status !== 200) errors += 1;
        }
      }),
    );
    durations.sort((left, right) => left - right);
    return {
      setup,
      load,
      burstMs: Math.round(burstMs),
      burstUpstream,
      requests: durations.length,
      perSecond: Math.round(durations.length / seconds),
      p50: Number(percentile(durations, 0.5).toFixed(1)),
      p99: Number(percentile(durations, 0.99).toFixed(1)),
      errors,
      upstreamTotal: cluster.source.hits.get('/news') ?? 0,
    };
  } finally {
    agent.destroy();
    await cluster.dispose();
  }
}

const rows: Row[] = [];
rows.push(await measure('1 instance + Redis', 1, true));
rows.push(await measure('3 instances + Redis', 3, true));
rows.push(await measure('3 instances, no Redis', 3, false));

const header = `| setup | load avg | cold burst (${burst} req) ms | upstream fetches in burst | warm requests (${seconds} s, ${concurrency} conc.) | req/s | p50 ms | p99 ms | errors | upstream fetches total |`;
const lines = [header, `|${'---|'.repeat(10)}`];
for (const row of rows) {
  lines.push(`| ${row.setup} | ${row.load} | ${row.burstMs} | ${row.burstUpstream} | ${row.requests} | ${row.perSecond} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.upstreamTotal} |`);
}
process.stdout.write(`${new Date().toISOString()} · node ${process.version} · ${availableParallelism()} CPUs\n\n${lines.join('\n')}\n`);
