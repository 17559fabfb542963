import { feedsFileJsonSchema } from '@pagefeed/core';
import type { CliIo } from '../io.js';

export const schemaHelp = `pagefeed schema

Print the JSON Schema of feeds.yml, for editor autocompletion, e.g. with the YAML language server:
  pagefeed schema > feeds.schema.json
  # first line of feeds.yml:  # yaml-language-server: $schema=./feeds.schema.json`;

export function schemaCommand(argv: readonly string[], io: CliIo): number {
  if (argv.length > 0) io.stderr(`warning: schema takes no arguments (ignored: ${argv.join(' ')})\n`);
  io.stdout(`${JSON.stringify(feedsFileJsonSchema(), null, 2)}\n`);
  return 0;
}
