import { parseFeedConfig, type AutoSourceDiagnostics, type Engine, type FeedConfig, type FetchResult, type GenerateResult } from '@pagefeed/core';
import { parseCommandArgs, parseFormat } from '../args.js';
import { usage } from '../errors.js';
import { readInput } from '../input.js';
import { progress, type CliIo } from '../io.js';
import { createCliEngine } from '../runtime.js';
import { formatAutoDiagnostics, formatExplanation } from './explain.js';
import { printWarnings } from './warnings.js';

export const autoHelp = `pagefeed auto <url> [options]

Build a feed from a page with automatic extraction and print it on stdout.

  --format rss|atom|json        output format (default rss)
  --strategy plain|renderer     how to fetch the page (default plain)
  --input FILE                  read the page from FILE; <url> is its address (base for links)
  --explain                     print the candidates, their feature scores and why the winner won (stderr)
  --json-errors                 print errors as JSON on stderr`;

export const autoOptions = {
  format: { type: 'string' },
  strategy: { type: 'string' },
  input: { type: 'string' },
  explain: { type: 'boolean' },
} as const;

interface AutoValues {
  format?: string | undefined;
  input?: string | undefined;
  explain?: boolean | undefined;
  name?: string | undefined;
  output?: string | undefined;
  force?: boolean | undefined;
}

/** Shared by `auto` and `capture`: run auto-source on one URL. */
export async function runAuto(
  command: string,
  argv: readonly string[],
  io: CliIo,
): Promise<{ engine: Engine; config: FeedConfig; result: GenerateResult; values: AutoValues; source: FetchResult | undefined }> {
  const { values, positionals } = parseCommandArgs(command, argv, { ...autoOptions, name: { type: 'string' }, output: { type: 'string' }, force: { type: 'boolean' } });
  const [url] = positionals;
  if (!url || positionals.length > 1) throw usage(`${command} expects exactly one <url>; see 'pagefeed help ${command}'`);
  const config = parseFeedConfig({ channel: { url }, auto_source: true, strategy: values.strategy ?? 'plain' }, { path: 'arguments' });
  const engine = await createCliEngine(io);
  progress(io, values.input ? `reading ${values.input} as ${url}` : `fetching ${url} (${config.strategy})`);
  const source = values.input ? await readInput(io, values.input, config.channel.url) : undefined;
  try {
    const result = await engine.generate(config, source ? { source } : {});
    return { engine, config, result, values, source };
  } catch (error) {
    // Auto-source attaches what it tried to its failure: with --explain, show it before the error.
    const diagnostics = (error as { diagnostics?: AutoSourceDiagnostics }).diagnostics;
    if (values.explain && diagnostics) io.stderr(formatAutoDiagnostics(diagnostics));
    throw error;
  }
}

export async function autoCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { engine, result, values } = await runAuto('auto', argv, io);
  const format = parseFormat(values.format);
  printWarnings(io, result.warnings);
  if (values.explain) io.stderr(formatExplanation(result));
  io.stdout(engine.render(result.feed, format));
  return 0;
}
