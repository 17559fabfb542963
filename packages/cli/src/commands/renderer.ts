import { FeedError } from '@pagefeed/core';
import { parseCommandArgs } from '../args.js';
import { usage } from '../errors.js';
import type { CliIo } from '../io.js';

/**
 * `pagefeed renderer`: starts the rendering service and runs until SIGINT or SIGTERM. Loaded only
 * when this command runs (`main.ts` imports it lazily), so other commands never load it.
 */
function positive(name: string, value: string | undefined, fallback: number | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw usage(`${name} must be a whole number, not "${value}"`);
  return parsed;
}

export async function rendererCommand(argv: readonly string[], io: CliIo, stopSignal?: AbortSignal): Promise<number> {
  const { values, positionals } = parseCommandArgs('renderer', argv, {
    host: { type: 'string' },
    port: { type: 'string' },
    token: { type: 'string' },
    concurrency: { type: 'string' },
    queue: { type: 'string' },
    'idle-seconds': { type: 'string' },
    'memory-limit-mb': { type: 'string' },
  });
  if (positionals.length > 0) throw usage(`renderer takes no arguments (got "${positionals.join(' ')}"); see 'pagefeed help renderer'`);
  const { findChromium, startRendererService, CHROMIUM_INSTALL_HINT } = await import('@pagefeed/renderer');
  const chromium = findChromium(io.env);
  if (!chromium.path) {
    throw new FeedError('RendererConnectionFailed', `Renderer cannot start: ${chromium.problem ?? 'no Chromium found'}`, { path: 'CHROMIUM_PATH', hint: CHROMIUM_INSTALL_HINT });
  }
  const port = positive('--port', values.port, 3000) ?? 3000;
  const idleSeconds = positive('--idle-seconds', values['idle-seconds'], undefined);
  const concurrency = positive('--concurrency', values.concurrency ?? io.env['RENDERER_CONCURRENCY'], undefined);
  const queue = positive('--queue', values.queue, undefined);
  const memoryLimitMb = positive('--memory-limit-mb', values['memory-limit-mb'] ?? io.env['RENDERER_MEMORY_LIMIT_MB'], undefined);
  const configuredToken = values.token ?? (io.env['RENDERER_API_TOKEN']?.trim() || undefined);
  const line = (level: string) => (message: string, fields: Record<string, unknown> = {}) =>
    io.stderr(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`);
  let service;
  try {
    service = await startRendererService({
      executablePath: chromium.path,
      host: values.host ?? '127.0.0.1',
      port,
      ...(configuredToken ? { token: configuredToken } : {}),
      ...(concurrency ? { maxConcurrentSessions: concurrency } : {}),
      ...(queue !== undefined ? { maxQueuedSessions: queue } : {}),
      ...(idleSeconds !== undefined ? { idleMs: idleSeconds * 1000 } : {}),
      ...(memoryLimitMb ? { memoryLimitMb } : {}),
      logger: { info: line('info'), warn: line('warn'), error: line('error') },
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new FeedError('RendererConnectionFailed', `Renderer cannot start: port ${port} is already in use`, { path: '--port', hint: `stop the other process or choose another port: pagefeed renderer --port ${port + 1}` });
    }
    throw error;
  }
  io.stdout(`pagefeed renderer listening on ${service.websocketUrl} (Chromium: ${chromium.path})\n`);
  io.stdout(
    configuredToken
      ? 'token: the one given (--token or RENDERER_API_TOKEN)\n'
      : `token (generated; pass --token or RENDERER_API_TOKEN to choose one): ${service.token}\n`,
  );
  io.stdout(`point a pagefeed server at it: RENDERER_WEBSOCKET_URL=${service.websocketUrl} RENDERER_API_TOKEN=<token>\n`);
  await new Promise<void>((resolve) => {
    if (stopSignal) stopSignal.addEventListener('abort', () => resolve(), { once: true });
    else for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
  });
  await service.close();
  io.stdout('pagefeed renderer stopped\n');
  return 0;
}
