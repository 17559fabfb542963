import { readFileSync } from 'node:fs';
import { autoCommand, autoHelp } from './commands/auto.js';
import { captureCommand, captureHelp } from './commands/capture.js';
import { feedCommand, feedHelp } from './commands/feed.js';
import { schemaCommand, schemaHelp } from './commands/schema.js';
import { validateCommand, validateHelp } from './commands/validate.js';
import { reportError, usage } from './errors.js';
import type { CliIo } from './io.js';

type Command = (argv: readonly string[], io: CliIo) => number | Promise<number>;

const commands: Record<string, { run: Command; help: string; summary: string }> = {
  feed: { run: feedCommand, help: feedHelp, summary: 'generate a feed of a feeds.yml' },
  validate: { run: validateCommand, help: validateHelp, summary: 'check a feeds.yml or feed config offline' },
  auto: { run: autoCommand, help: autoHelp, summary: 'build a feed from a URL with automatic extraction' },
  capture: { run: captureCommand, help: captureHelp, summary: 'write auto-extraction back as a selectors config' },
  schema: { run: schemaCommand, help: schemaHelp, summary: 'print the JSON Schema of feeds.yml' },
};

export function version(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return manifest.version;
}

function generalHelp(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  const lines = Object.entries(commands).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return `pagefeed ${version()} — turn web pages into RSS, Atom and JSON feeds

usage: pagefeed <command> [options]

${lines.join('\n')}
  help [command]  show help

Global options: --json-errors (errors as JSON on stderr), --help, --version
Environment: RENDERER_WEBSOCKET_URL, RENDERER_API_TOKEN, ALLOW_PRIVATE_NETWORKS=true, PAGEFEED_DEBUG=1,
  DATA_DIR (first-seen dates of undated items, default ./.pagefeed)
`;
}

/** Runs one command line; returns the exit code. Never throws. */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const jsonErrors = argv.includes('--json-errors');
  const args = argv.filter((arg) => arg !== '--json-errors');
  try {
    const [name, ...rest] = args;
    if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
      const topic = name === 'help' ? rest[0] : undefined;
      io.stdout(topic && commands[topic] ? `${commands[topic].help}\n` : generalHelp());
      return 0;
    }
    if (name === '--version' || name === '-v') {
      io.stdout(`${version()}\n`);
      return 0;
    }
    const command = commands[name];
    if (!command) throw usage(`unknown command "${name}"; commands: ${Object.keys(commands).join(', ')}`);
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(`${command.help}\n`);
      return 0;
    }
    return await command.run(rest, io);
  } catch (error) {
    return reportError(io, error, jsonErrors);
  }
}
