import type { FeedError } from '@pagefeed/core';
import type { CliIo } from './io.js';

/** A usage mistake on the command line (exit 2). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface CliErrorBody {
  code: string;
  message: string;
  class?: string;
  hint?: string;
  path?: string;
}

export function toErrorBody(error: unknown): CliErrorBody {
  if (isFeedError(error)) return error.toJSON();
  if (isUsageError(error)) return { code: 'UsageError', message: error.message, hint: "run 'pagefeed help' for usage" };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'InternalError', message: `Unexpected failure: ${message}`, hint: 'please report this with the command you ran' };
}

/** One line (or one JSON object with --json-errors) on stderr; never a stack trace unless PAGEFEED_DEBUG. */
export function reportError(io: CliIo, error: unknown, jsonErrors: boolean): number {
  const body = toErrorBody(error);
  if (jsonErrors) {
    io.stderr(`${JSON.stringify({ error: body })}\n`);
  } else {
    const where = body.path && !body.message.includes(body.path) ? ` (at ${body.path})` : '';
    const hint = body.hint ? `\n  hint: ${body.hint}` : '';
    io.stderr(`pagefeed: ${body.code}: ${body.message}${where}${hint}\n`);
  }
  if (io.env['PAGEFEED_DEBUG'] && error instanceof Error && error.stack) io.stderr(`${error.stack}\n`);
  return isUsageError(error) ? 2 : 1;
}

export function usage(message: string): UsageError {
  return new UsageError(message);
}

/**
 * Recognised by name: a bundled command (bundle-loader.ts) carries its own copy of this class, so
 * `instanceof` would miss its usage mistakes.
 */
function isUsageError(error: unknown): error is UsageError {
  return error instanceof Error && error.name === 'UsageError';
}

/**
 * core's FeedError recognised by its shape, so that reporting an error does not load core (a
 * `--version` or usage mistake would otherwise pay for importing the whole engine).
 */
function isFeedError(error: unknown): error is FeedError {
  return error instanceof Error && error.name === 'FeedError' && typeof (error as { toJSON?: unknown }).toJSON === 'function';
}
