import { readFileSync } from 'node:fs';
import { commands } from './commands/registry.js';
import { closest } from './did-you-mean.js';
import { reportError, usage } from './errors.js';
import type { CliIo } from './io.js';

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
      const entry = topic ? commands[topic] : undefined;
      io.stdout(entry ? `${(await entry.load()).help}\n` : generalHelp());
      return 0;
    }
    if (name === '--version' || name === '-v') {
      io.stdout(`${version()}\n`);
      return 0;
    }
    const entry = commands[name];
    if (!entry) {
      const suggestion = closest(name, Object.keys(commands));
      throw usage(`unknown command "${name}"${suggestion ? `; did you mean "${suggestion}"?` : ''}; commands: ${Object.keys(commands).join(', ')}`);
    }
    const command = await entry.load();
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(`${command.help}\n`);
      return 0;
    }
    return await command.run(rest, io);
  } catch (error) {
    return reportError(io, error, jsonErrors);
  }
}
