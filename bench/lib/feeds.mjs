import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_DIR } from './corpus.mjs';

/**
 * A feeds.yml with one feed `name` made from `bench/configs/<config>.yml`, its channel URL
 * pointed at `url`. With `parameter`, the feed declares it (digits only) so every value is a
 * distinct feed with its own cache entry.
 */
export function feedsYaml({ name, config, url, parameter }) {
  const text = readFileSync(join(CONFIG_DIR, `${config}.yml`), 'utf8');
  const pointed = text.replace(/^ {2}url: .*$/m, `  url: "${url}"`);
  const parameters = parameter ? `parameters:\n  ${parameter}:\n    default: "0"\n    pattern: "[0-9]+"\n` : '';
  const body = `${parameters}${pointed}`
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .map((line) => (line === '' ? line : `    ${line}`))
    .join('\n');
  return `feeds:\n  ${name}:\n${body}\n`;
}
