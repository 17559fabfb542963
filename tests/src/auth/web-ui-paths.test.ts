import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@pagefeed/core';
import { createStrategies } from '@pagefeed/fetchers';
import { afterAll, describe, expect, it } from 'vitest';
// The Node adapter's static file reader (what serves apps/web/dist in production).
import { createStaticFiles } from '../../../packages/server/src/node/static-files.js';
import { createTestApp } from '../support/app.js';

/**
 * The web UI's file route with hostile paths: traversal in every encoding never reads a file
 * outside the UI directory, and a malformed escape is an ordinary 4xx, not a 500.
 */
const directory = mkdtempSync(join(tmpdir(), 'pagefeed-web-paths-'));
mkdirSync(join(directory, 'dist'));
writeFileSync(join(directory, 'dist', 'index.html'), '<!doctype html><title>ui</title>');
writeFileSync(join(directory, 'secret.txt'), 'TOP SECRET');
const staticFiles = await createStaticFiles(join(directory, 'dist'));
const harness = createTestApp({ engine: createEngine({ strategies: createStrategies({}) }), deps: { staticFiles } });

afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('web UI paths', () => {
  it.each([
    '/..%2fsecret.txt', '/%2e%2e/secret.txt', '/%2e%2e%2fsecret.txt', '/..%5csecret.txt', '/dist%2f..%2f..%2fsecret.txt',
    '/a%2F..%2F..%2Fsecret.txt', '/%2e%2e%5c%2e%2e%5csecret.txt', '/....//secret.txt', '/%252e%252e%252fsecret.txt', '/index.html%00.js',
  ])('%s never reads outside the UI directory', async (path) => {
    const response = await harness.get(path);
    expect(await response.text()).not.toContain('TOP SECRET');
    expect(response.status).not.toBe(500);
  });

  // A malformed escape once threw URIError in the file route and ended as a 500.
  it.each(['/%ff', '/%E0%A4%A', '/assets/%c0%af.js'])('%s (malformed escape) is a 4xx, not a 500', async (path) => {
    const response = await harness.get(path);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});
