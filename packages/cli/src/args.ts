import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { FeedFormat } from '@pagefeed/core';
import { closest } from './did-you-mean.js';
import { usage } from './errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs with messages that name the command and point at its help. */
export function parseCommandArgs<T extends Options>(command: string, argv: readonly string[], options: T) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = (error as Error).message.replace(/\. To specify.*$/s, '');
    const unknown = /^Unknown option '(--?[^']+)'/.exec(message)?.[1];
    const suggestion = unknown?.startsWith('--') ? closest(unknown.slice(2), Object.keys(options)) : undefined;
    const didYouMean = suggestion ? `; did you mean --${suggestion}?` : '';
    throw usage(`${command}: ${message}${didYouMean}; see 'pagefeed help ${command}'`);
  }
}

const FORMATS: readonly FeedFormat[] = ['rss', 'atom', 'json'];

export function parseFormat(value: string | undefined): FeedFormat {
  if (value === undefined) return 'rss';
  if ((FORMATS as readonly string[]).includes(value)) return value as FeedFormat;
  throw usage(`--format must be one of ${FORMATS.join(', ')} (got "${value}")`);
}

/** `--param name=value` pairs into a map. */
export function parseParams(values: readonly string[] | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of values ?? []) {
    const separator = pair.indexOf('=');
    if (separator <= 0) throw usage(`--param expects name=value (got "${pair}")`);
    result[pair.slice(0, separator)] = pair.slice(separator + 1);
  }
  return result;
}
