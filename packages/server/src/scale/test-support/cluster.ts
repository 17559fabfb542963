import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startFixtureServer, type FixtureHandler, type FixtureServer } from '../../../../../testing/fixture-server.js';
import { startRedisServer, type RedisServer } from '../../../../fetchers/src/cache/test-support/redis-server.js';
import { startInstance, type Instance } from './instances.js';

/**
 * The scale-out setup shared by the multi-instance test and the benchmark: one redis-server,
 * a fixture source that counts hits, a feeds.yml with one feed on it, and N server processes
 * configured alike (same secret key, so a token minted by one instance verifies on another).
 */
export const ACCESS_TOKEN = 'scale-access-token-0123456789abcdef';
export const HEALTH_CHECK_TOKEN = 'scale-health-token-0123456789abcdef';
const SERVICE_SECRET_KEY = 'scale-secret-key-0123456789abcdef0123456789';
/** What a load balancer passes on: every instance sees the same public host, so the same cache keys. */
export const PUBLIC_HOST = 'feeds.example.test';

export function listingPage(prefix: string, count = 8): string {
  const articles = Array.from(
    { length: count },
    (_, index) => `<article class="post">
      <h2><a href="/${prefix}/${index + 1}">${prefix} headline number ${index + 1}</a></h2>
      <time datetime="2026-01-${String(index + 1).padStart(2, '0')}T10:00:00Z">January ${index + 1}, 2026</time>
      <p>Summary of ${prefix} story ${index + 1}, long enough to read as a real teaser paragraph.</p>
    </article>`,
  );
  return `<!doctype html><html lang="en"><head><title>${prefix} listing</title></head>
    <body><main><h1>${prefix} listing</h1>${articles.join('\n')}</main></body></html>`;
}

/** Answers after `delayMs`, so concurrent requests really overlap with the upstream fetch. */
export function slowPage(body: string, delayMs: number): FixtureHandler {
  return async (_request, response) => {
    await sleep(delayMs);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body);
  };
}

export function feedsYaml(origin: string, names: readonly string[]): string {
  return names
    .map(
      (name) => `  ${name}:
    channel:
      url: ${origin}/${name}
      title: ${name} feed
      ttl: 60
    selectors:
      items:
        selector: article.post
      title:
        selector: h2 a
      url:
        selector: h2 a
        extractor: href
`,
    )
    .reduce((yaml, feed) => yaml + feed, 'feeds:\n');
}

export interface Cluster {
  readonly redis: RedisServer;
  readonly source: FixtureServer;
  readonly instances: readonly Instance[];
  dispose(): Promise<void>;
}

export async function startCluster(options: { instances: number; feeds: readonly string[]; delayMs?: number; env?: Record<string, string> }): Promise<Cluster> {
  const directory = await mkdtemp(join(tmpdir(), 'pagefeed-scale-'));
  const redis = await startRedisServer();
  const source = await startFixtureServer();
  for (const name of [...options.feeds, 'listing']) source.route(`/${name}`, slowPage(listingPage(name), options.delayMs ?? 300));
  const feedsFile = join(directory, 'feeds.yml');
  await writeFile(feedsFile, feedsYaml(source.origin, options.feeds));
  const env = {
    REDIS_URL: redis.url,
    SERVICE_SECRET_KEY,
    ACCESS_TOKEN,
    HEALTH_CHECK_TOKEN,
    FEEDS_FILE: feedsFile,
    ALLOW_PRIVATE_NETWORKS: 'true',
    ...options.env,
  };
  const instances: Instance[] = [];
  const dispose = async (): Promise<void> => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await source.close();
    await redis.dispose();
    await rm(directory, { recursive: true, force: true });
  };
  try {
    // One at a time: three tsx start-ups at once on two shared cores only make each slower.
    for (let index = 0; index < options.instances; index += 1) instances.push(await startInstance(env));
  } catch (error) {
    await dispose();
    throw error;
  }
  return { redis, source, instances, dispose };
}
