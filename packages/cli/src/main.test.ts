import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from './main.js';
import { captureIo } from './test-support/capture-io.js';

describe('pagefeed command line', () => {
  it('prints general help and a version', async () => {
    const io = captureIo();
    expect(await run([], io)).toBe(0);
    expect(io.out()).toMatch(/usage: pagefeed <command>/);
    for (const command of ['feed', 'validate', 'auto', 'capture', 'schema', 'renderer']) expect(io.out()).toContain(command);
    const versionIo = captureIo();
    expect(await run(['--version'], versionIo)).toBe(0);
    expect(versionIo.out()).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('shows per-command help', async () => {
    const io = captureIo();
    expect(await run(['help', 'feed'], io)).toBe(0);
    expect(io.out()).toContain('--param name=value');
    const flagIo = captureIo();
    expect(await run(['auto', '--help'], flagIo)).toBe(0);
    expect(flagIo.out()).toContain('--explain');
  });

  it('rejects an unknown command with exit 2 and one line on stderr', async () => {
    const io = captureIo();
    expect(await run(['frobnicate'], io)).toBe(2);
    expect(io.err()).toMatch(/^pagefeed: UsageError: unknown command "frobnicate"; commands: feed, validate/);
    const typo = captureIo();
    expect(await run(['valdate', 'feeds.yml'], typo)).toBe(2);
    expect(typo.err()).toMatch(/unknown command "valdate"; did you mean "validate"\?/);
    expect(io.out()).toBe('');
  });

  it('rejects unknown flags and names the command', async () => {
    const io = captureIo();
    expect(await run(['feed', 'feeds.yml', 'x', '--colour'], io)).toBe(2);
    expect(io.err()).toMatch(/feed: Unknown option '--colour'; see/);
    const typo = captureIo();
    expect(await run(['feed', 'feeds.yml', 'x', '--fromat', 'atom'], typo)).toBe(2);
    expect(typo.err()).toMatch(/^pagefeed: UsageError: feed: Unknown option '--fromat'; did you mean --format\?/);
  });

  it('prints errors as JSON with --json-errors', async () => {
    const io = captureIo();
    expect(await run(['feed', '--json-errors', 'missing.yml', 'news'], io)).toBe(1);
    const body = JSON.parse(io.err()) as { error: { code: string; message: string } };
    expect(body.error.code).toBeTruthy();
    expect(body.error.message).toContain('missing.yml');
  });

  it('prints the feeds.yml JSON Schema', async () => {
    const io = captureIo();
    expect(await run(['schema'], io)).toBe(0);
    const schema = JSON.parse(io.out()) as Record<string, unknown>;
    expect(String(schema['$schema'])).toMatch(/json-schema\.org/);
    expect(JSON.stringify(schema)).toContain('selectors');
  });

  it('validates a feeds.yml: one line per feed, exit 1 when one is invalid', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'pagefeed-cli-'));
    writeFileSync(
      join(folder, 'feeds.yml'),
      [
        'feeds:',
        '  good:',
        '    channel: { url: "https://example.com/news" }',
        '    selectors:',
        '      items: { selector: "article" }',
        '      title: { selector: "h2" }',
        '  bad:',
        '    channel: { url: "https://example.com/" }',
        '',
      ].join('\n'),
    );
    const io = captureIo({}, folder);
    const code = await run(['validate', 'feeds.yml'], io);
    expect(io.out() + io.err()).toContain("Configuration must include at least 'selectors' or 'auto_source'");
    expect(code).toBe(1);
  });
});
