import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticFiles } from './static-files.js';

describe('createStaticFiles', () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'pagefeed-web-'));
    await mkdir(join(root, 'dist', 'assets'), { recursive: true });
    await writeFile(join(root, 'dist', 'index.html'), '<!doctype html>');
    await writeFile(join(root, 'dist', 'assets', 'app.js'), 'export {}');
    await writeFile(join(root, 'secret.txt'), 'outside the web root');
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('is absent when the UI is not built', async () => {
    expect(await createStaticFiles(join(root, 'missing'))).toBeUndefined();
  });

  it('reads files with their content type, and nothing outside the directory', async () => {
    const files = (await createStaticFiles(join(root, 'dist')))!;
    expect((await files.read('assets/app.js'))?.contentType).toBe('text/javascript; charset=utf-8');
    expect(await files.read('../secret.txt')).toBeUndefined();
    expect(await files.read('assets/../../secret.txt')).toBeUndefined();
    expect(await files.read('assets')).toBeUndefined();
  });
});
