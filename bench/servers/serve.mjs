/**
 * A server under test in its own process (so the load generator in the parent does not share its
 * event loop). Started with `fork(serve.mjs, [JSON options])`; sends `{ port }` over IPC when it
 * listens and exits on SIGTERM.
 *
 *   { mode: 'full', feedsYaml, logLevel, rateLimitPerMinute, workers, budgetMs, niceness, demoteAfterCpuMs, firstSeen, v8Flags }
 *                                                             the full pagefeed app (createPagefeedApp);
 *                                                               `workers` extraction threads (default:
 *                                                               one per core, as the server; 0: the
 *                                                               engine on the main thread); first-seen
 *                                                               times in files on the main thread as the
 *                                                               server keeps them (`firstSeen: 'memory'`:
 *                                                               each worker's own memory, as before)
 *   { mode: 'bare', bodyFile, contentType }                    a bare Hono app answering the same bytes
 *   { ..., phasesFile: PATH }                                  any mode: also note when each request reached the
 *                                                               server (Node's 'request' event) and when its
 *                                                               answer was handed to the kernel ('finish'), as
 *                                                               epoch ms, written to PATH as JSON on exit
 *                                                               (`bench/tools/cold-seq.mjs --phases`)
 *   { mode: 'bare', ..., headerAfterNext: true }              the same with one middleware setting a
 *                                                               header after `next()` (diagnostic)
 *   { mode: 'minimal', feedsYaml, minimalCompression, minimalPlainHeaders }
 *                                                               a bare Hono app doing a cache miss's
 *                                                               unavoidable work and nothing else
 *                                                               (benchmark 4's floor; it compresses as
 *                                                               the app does unless `minimalCompression:
 *                                                               false`)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const options = JSON.parse(process.argv[2] ?? '{}');
// Diagnostics (`bench/tools/cold-seq.mjs`): V8 flags for the whole process, workers included, set
// before the app's modules load (e.g. `{"v8Flags":"--interrupt-budget=8192"}`).
if (options.v8Flags) setFlagsFromString(options.v8Flags);

async function fullApp() {
  const { createAutoSource } = await import('@pagefeed/auto-source');
  const { createEngine, loadFeedsFile } = await import('@pagefeed/core');
  const { createFileFirstSeen, createMemoryCache, createSingleFlight, createStrategies } = await import('@pagefeed/fetchers');
  const { createLogger, createPagefeedApp, createPooledEngine } = await import('@pagefeed/server');
  // Wired like packages/server/src/node/start.ts does it from the environment.
  const env = { ALLOW_PRIVATE_NETWORKS: 'true' };
  const logger = createLogger({ level: options.logLevel ?? 'info' });
  const cache = createMemoryCache();
  const strategies = createStrategies(env);
  // First-seen times (Atom dates of undated items) as the server keeps them without Redis: in files
  // under its data directory, on the main thread, shared by the workers (start.ts). Before the fifth
  // session the bench left them out, so each worker kept its own in memory: a cold feed here skipped
  // a call to the main thread and the file writes the shipped server makes. `firstSeen: 'memory'`: that;
  // `firstSeen: 'file-sync'`: the files written before each answer (the server before the fifth session).
  const firstSeen = options.firstSeen === 'memory' ? undefined : createFileFirstSeen({ directory: dataDirectory(), writeBehind: options.firstSeen !== 'file-sync' });
  const workers = options.workers ?? availableParallelism();
  // BENCH_WORKER_NICENESS=n: the workers at nice +n instead of the pool's default (+10), to compare.
  const niceness = options.niceness ?? (process.env.BENCH_WORKER_NICENESS === undefined ? undefined : Number(process.env.BENCH_WORKER_NICENESS));
  // BENCH_DEMOTE_AFTER_CPU_MS=n: a task is lowered after n ms of CPU instead of 20 (0: from the start, for good, as before).
  const demote = options.demoteAfterCpuMs ?? (process.env.BENCH_DEMOTE_AFTER_CPU_MS === undefined ? undefined : Number(process.env.BENCH_DEMOTE_AFTER_CPU_MS));
  const engine = workers > 0
    ? createPooledEngine({ size: workers, budgetMs: options.budgetMs ?? 10_000, ...(niceness === undefined ? {} : { niceness }), ...(demote === undefined ? {} : { demoteAfterCpuMs: demote }), strategies, context: { cache, allowPrivateNetworks: true, logger }, ...(firstSeen ? { shared: { firstSeen, cache } } : {}), autoSource: true, logger })
    : createEngine({ strategies, autoSource: createAutoSource(), cache, ...(firstSeen ? { firstSeen } : {}), allowPrivateNetworks: true, logger });
  const feeds = loadFeedsFile(options.feedsYaml, { source: 'bench feeds.yml', env: {} });
  const { app } = createPagefeedApp({
    engine,
    feeds,
    cache,
    logger,
    singleFlight: createSingleFlight({ cache }),
    clientAddress: (_request, bindings) => bindings?.incoming?.socket.remoteAddress,
    settings: {
      environment: 'production',
      version: 'bench',
      secretKey: 'bench-secret-key-bench-secret-key-0123456789',
      accessToken: undefined,
      healthCheckToken: undefined,
      metricsToken: undefined,
      autoSourceEnabled: true,
      bodyLimitBytes: 64 * 1024,
      rateLimitPerMinute: options.rateLimitPerMinute ?? 0,
      strategies: Object.keys(strategies),
      rendererConfigured: false,
    },
  });
  return app;
}

/**
 * The least a server answering a cache miss can do: the same strategies (guard, keep-alive fetch,
 * anti-bot check) and engine as the full app, generate, render RSS (the format asked for) with its
 * self link, compress it as the app does when the client accepts it, answer. No cache, single
 * flight, request id, log line, rate limit or metrics. The full app's distance from this is its own
 * overhead; this one's distance from benchmark 4's floor is the HTTP exchange.
 *
 * Until the fifth session it answered every request uncompressed and without the self link, while
 * the app gzips for a client that accepts it (Node's `fetch` does): the app paid the compression
 * and the client the decompression, the floor neither (BENCHMARKS.md §7, "Fifth session").
 * `minimalCompression: false` gives that floor again.
 */
async function minimalApp() {
  const { createEngine, loadFeedsFile } = await import('@pagefeed/core');
  const { createStrategies } = await import('@pagefeed/fetchers');
  const strategies = createStrategies({ ALLOW_PRIVATE_NETWORKS: 'true' });
  const engine = createEngine({ strategies, allowPrivateNetworks: true });
  const [config] = Object.values(loadFeedsFile(options.feedsYaml, { source: 'bench feeds.yml', env: {} }).feeds);
  const compressing = options.minimalCompression !== false;
  const app = new Hono();
  app.get('/api/v1/feeds/:id', async (context) => {
    const started = performance.now();
    const url = context.req.url;
    const parameters = Object.fromEntries(new URL(url).searchParams);
    const { feed } = await engine.generate(config, { parameters, selfUrl: url });
    // The format asked for only, as the app renders on a miss.
    const rss = engine.render(feed, 'rss');
    const headers = { 'Content-Type': 'application/rss+xml; charset=utf-8' };
    const encoding = compressing ? acceptedEncoding(context.req.header('accept-encoding')) : undefined;
    const body = encoding ? compressed(Buffer.from(rss), encoding) : rss;
    if (encoding) Object.assign(headers, { 'Content-Encoding': encoding, Vary: 'Accept-Encoding' });
    // Diagnostic: the handler's own time (fetch + generate + render), so the benchmark can tell it
    // from the time the request and response spend between the processes.
    headers['X-Handler-Ms'] = (performance.now() - started).toFixed(3);
    // Diagnostic (`minimalPlainHeaders: true`): the answer as the app's feed route builds it, a
    // Response with a plain header object, which @hono/node-server writes as it is; `context.body`
    // with several headers makes Hono build a web Headers object that it converts back.
    if (options.minimalPlainHeaders) return new Response(body, { status: 200, headers });
    return context.body(body, 200, headers);
  });
  return app;
}

/** The app's choice for a feed (`serving/content-encoding.ts`), for the headers clients send: brotli, else gzip. */
function acceptedEncoding(header) {
  const codings = (header ?? '').split(',').map((part) => part.trim().split(';')[0].toLowerCase());
  return codings.includes('br') ? 'br' : codings.includes('gzip') ? 'gzip' : undefined;
}

/** With the app's settings: gzip level 6, brotli quality 5 in text mode. */
function compressed(bytes, encoding) {
  const out = encoding === 'br'
    ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
    : gzipSync(bytes, { level: 6 });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** A data directory of this process's own, removed when it exits. */
let dataDir;
function dataDirectory() {
  dataDir ??= mkdtempSync(join(tmpdir(), 'pagefeed-bench-data-'));
  return join(dataDir, 'first-seen');
}

function bareApp() {
  // The file's bytes as they are: answering a string would make every response encode it to
  // UTF-8 again, work the full app does not do (it keeps a hot feed's bytes), so the floor would
  // be slower than the cheapest way to answer the same bytes.
  const body = new Uint8Array(readFileSync(options.bodyFile));
  const app = new Hono();
  if (options.headerAfterNext) {
    app.use(async (context, next) => {
      await next();
      context.header('X-Content-Type-Options', 'nosniff');
    });
  }
  app.get('/api/v1/feeds/:id', (context) => context.body(body, 200, { 'Content-Type': options.contentType }));
  return app;
}

const app = options.mode === 'full' ? await fullApp() : options.mode === 'minimal' ? await minimalApp() : bareApp();
const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => process.send?.({ port: info.port }));
// Diagnostic: where a request's time goes outside the app's own code (before Node hands it over,
// after the answer is written). Epoch ms, so the client's times can be set beside them.
const phases = [];
if (options.phasesFile) {
  server.prependListener('request', (_request, response) => {
    const reached = performance.timeOrigin + performance.now();
    response.once('finish', () => phases.push([reached, performance.timeOrigin + performance.now()]));
  });
}
const exit = () => {
  if (options.phasesFile) writeFileSync(options.phasesFile, JSON.stringify(phases));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections?.();
  exit();
});
process.on('disconnect', exit);
