import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('./bin.ts', import.meta.url));

function pagefeed(...args: string[]) {
  return spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', BIN, ...args], { encoding: 'utf8', timeout: 60_000 });
}

describe('the pagefeed process', () => {
  it('exits 1 with one line on stderr and no stack trace for a missing feeds file', () => {
    const result = pagefeed('feed', 'no-such-feeds.yml', 'news');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^pagefeed: .*no-such-feeds\.yml/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 2 on a usage mistake and 0 on help', () => {
    expect(pagefeed('feed').status).toBe(2);
    const help = pagefeed('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('usage: pagefeed');
  });
});
