import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from './main.js';
import { captureIo } from './test-support/capture-io.js';

const CONFIGS = new URL('../../../../shared/html2rss-configs/', import.meta.url).pathname;

function communityConfigs(): string[] {
  return readdirSync(CONFIGS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) =>
      readdirSync(join(CONFIGS, folder.name))
        .filter((file) => file.endsWith('.yml'))
        .map((file) => join(CONFIGS, folder.name, file)),
    );
}

describe('pagefeed validate over the html2rss community configs', () => {
  it('accepts every config except the browserless ones, which are pointed to renderer', async () => {
    const files = communityConfigs();
    expect(files.length).toBe(56);
    const invalid: string[] = [];
    for (const file of files) {
      const io = captureIo();
      const code = await run(['validate', file], io);
      if (code !== 0) {
        invalid.push(file);
        expect(io.out()).toMatch(/UnsupportedStrategy: .*browserless.*renderer/s);
      } else {
        expect(io.out()).toMatch(/^ok {6}\S+\n1 of 1 feeds valid/);
      }
    }
    expect(invalid.length).toBe(12);
  });

  it('validates the repository feeds.yml', async () => {
    const io = captureIo();
    const code = await run(['validate', new URL('../../../feeds.yml', import.meta.url).pathname], io);
    expect(io.out()).toMatch(/(\d+) of \1 feeds valid/);
    expect(code).toBe(0);
  });

  it('names the path and the problem for a bad single config', async () => {
    const io = captureIo({}, CONFIGS);
    const file = communityConfigs().find((path) => path.includes('github.com'))!;
    expect(await run(['validate', file, 'nope'], io)).toBe(1);
    expect(io.err()).toMatch(/No feed named "nope"/);
  });
});
