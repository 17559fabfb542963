import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const IO = pathToFileURL(new URL('./io.ts', import.meta.url).pathname).href;

/** Runs `body` in a fresh process with `io = processIo()`; returns what it wrote. */
function withProcessIo(body: string) {
  const script = `import { processIo } from ${JSON.stringify(IO)}; const io = processIo(); ${body}`;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
}

describe('processIo (writes to the file descriptors directly)', () => {
  it('writes large and multi-byte output to pipes completely and in order', () => {
    const result = withProcessIo(`
      for (let index = 0; index < 20000; index += 1) io.stdout(\`line \${index} – äöü 日本 🙂\\n\`);
      io.stderr('done\\n');
      io.stdout(String(io.interactive));
    `);
    expect(result.status).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines).toHaveLength(20001);
    expect(lines[0]).toBe('line 0 – äöü 日本 🙂');
    expect(lines[19999]).toBe('line 19999 – äöü 日本 🙂');
    // stderr is a pipe here, not a terminal: no progress lines.
    expect(lines[20000]).toBe('false');
    expect(result.stderr).toBe('done\n');
  });
});
