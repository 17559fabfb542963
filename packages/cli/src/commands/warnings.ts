import type { FeedWarning } from '@pagefeed/core';
import type { CliIo } from '../io.js';

/** Warnings go to stderr, one per line, with the config path and item when known. */
export function printWarnings(io: CliIo, warnings: readonly FeedWarning[]): void {
  for (const warning of warnings) {
    const where = [warning.path, warning.item === undefined ? undefined : `item ${warning.item}`].filter(Boolean).join(', ');
    io.stderr(`warning: ${warning.message}${where ? ` (${where})` : ''}\n`);
  }
}
