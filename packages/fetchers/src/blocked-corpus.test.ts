import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../../testing/fixture-server.js';
import { createPlainStrategy } from './strategies/plain.js';
import { CORPUS_DIR, SHARED_AVAILABLE } from '../../../testing/paths.js';

/**
 * The corpus served byte for byte through the plain strategy and the whole guard: every
 * challenge page ends as BlockedSurface, every other page comes back as a page.
 */
const CORPUS = CORPUS_DIR;
const available = SHARED_AVAILABLE;
const truths = available
  ? readdirSync(join(CORPUS, 'truth'))
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(join(CORPUS, 'truth', name), 'utf8')) as { file: string; kind: string })
  : [];

describe.skipIf(!available)('blocked-surface detection over the corpus, through plain', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer();
    for (const truth of truths) {
      const bytes = readFileSync(join(CORPUS, 'pages', truth.file));
      server.route(`/${truth.file}`, (_request, response) => {
        response.writeHead(truth.kind === 'challenge' ? 403 : 200, {
          'content-type': truth.file.endsWith('.json') ? 'application/json' : 'text/html',
        });
        response.end(bytes);
      });
    }
  });
  afterAll(async () => server?.close());

  it.each(truths.map((truth) => [truth.file, truth.kind] as const))('%s (%s)', async (file, kind) => {
    const plain = createPlainStrategy();
    const outcome = await plain
      .fetch({ url: `${server.origin}/${file}`, strategy: 'plain', headers: {}, request: {} }, { allowPrivateNetworks: true })
      .then(
        () => 'page',
        (error: { code?: string }) => error.code ?? 'unknown',
      );
    expect(outcome).toBe(kind === 'challenge' ? 'BlockedSurface' : 'page');
  });
});
