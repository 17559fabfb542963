import { createEngine, EXTRACTION_TIMEOUT_VARIABLE, extractionTimeoutFromEnvironment, type Engine } from '@pagefeed/core';
import type { CliIo } from './io.js';

/**
 * The engine as the CLI uses it: the built-in strategies configured from the environment
 * (RENDERER_WEBSOCKET_URL, RENDERER_API_TOKEN, ALLOW_PRIVATE_NETWORKS, DATA_DIR) and auto-source.
 * Loaded lazily so `pagefeed schema` and `validate` start instantly.
 */
export async function createCliEngine(io: CliIo): Promise<Engine> {
  const [{ createStrategies, createMemoryCache, createFileFirstSeen, dataDirectory, firstSeenDirectory }, { createAutoSource }] = await Promise.all([
    import('@pagefeed/fetchers'),
    import('@pagefeed/auto-source'),
  ]);
  return createEngine({
    strategies: createStrategies(io.env),
    autoSource: createAutoSource(),
    cache: createMemoryCache(),
    // Atom dates of undated items stay the same from run to run: kept under DATA_DIR (default ./.pagefeed).
    firstSeen: createFileFirstSeen({ directory: firstSeenDirectory(dataDirectory(io.env)) }),
    allowPrivateNetworks: io.env['ALLOW_PRIVATE_NETWORKS'] === 'true',
    extractionTimeoutMs: extractionTimeoutFromEnvironment(io.env[EXTRACTION_TIMEOUT_VARIABLE]),
  });
}
