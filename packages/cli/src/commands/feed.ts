import { applyParameters } from '@pagefeed/core';
import { parseCommandArgs, parseFormat, parseParams } from '../args.js';
import { usage } from '../errors.js';
import { feedDefinition } from '../feed-definition.js';
import { readInput } from '../input.js';
import { progress, type CliIo } from '../io.js';
import { createCliEngine } from '../runtime.js';
import { printWarnings } from './warnings.js';

export const feedHelp = `pagefeed feed <feeds.yml> <name> [options]
pagefeed feed <feed.yml> [options]

Generate one feed of a feeds.yml and print it on stdout. A file with a single feed, or a single
html2rss feed config (channel and selectors at the top level, no feeds:), needs no name.

  --format rss|atom|json   output format (default rss)
  --param name=value       fill a declared parameter (repeatable)
  --input FILE             read the page from FILE instead of fetching channel.url
  --json-errors            print errors as JSON on stderr`;

export async function feedCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('feed', argv, {
    format: { type: 'string' },
    param: { type: 'string', multiple: true },
    input: { type: 'string' },
  });
  const [file, name] = positionals;
  if (!file || positionals.length > 2) throw usage(`feed expects <feeds.yml> <name>\n\n${feedHelp}`);
  const format = parseFormat(values.format);
  const declared = await feedDefinition(io, file, name);
  const config = applyParameters(declared, parseParams(values.param));
  const engine = await createCliEngine(io);
  progress(io, values.input ? `reading ${values.input} as ${config.channel.url}` : `fetching ${config.channel.url} (${config.strategy})`);
  const source = values.input ? await readInput(io, values.input, config.channel.url) : undefined;
  const result = await engine.generate(config, source ? { source } : {});
  printWarnings(io, result.warnings);
  progress(io, `${result.feed.items.length} items in ${Math.round(result.diagnostics.timings.totalMs)} ms`);
  io.stdout(engine.render(result.feed, format));
  return 0;
}
