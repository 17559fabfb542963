import { DEFAULT_RENDERER_WEBSOCKET_URL, type StrategyEnvironment } from '@pagefeed/fetchers';
import type { Logger } from '../operating/logger.js';
import type { ServerEnvironment } from '../settings.js';
import { createRendererProbe } from './renderer-probe.js';

/**
 * Which rendering service the `renderer` strategy talks to:
 * - `remote`: RENDERER_WEBSOCKET_URL is set (browserless, or `pagefeed renderer` on another host);
 * - `builtin`: not set, and a Chromium is installed: this process runs `pagefeed renderer` on a
 *   loopback port with a random token; Chromium itself starts on the first rendered page;
 * - `none`: not set and no Chromium (or RENDERER_BUILTIN=false): the strategy keeps the default
 *   address ws://127.0.0.1:3000, where a separately started service may listen.
 * `@pagefeed/renderer` is imported only for `builtin`, and puppeteer only when a page is rendered.
 */
export interface RendererSetup {
  readonly kind: 'remote' | 'builtin' | 'none';
  /** The environment `createStrategies` reads, with the built-in service's address and token. */
  readonly strategyEnvironment: StrategyEnvironment;
  /** Whether the service answers (TCP connect to its websocket port). */
  readonly probe: () => Promise<'ok' | 'down'>;
  /** What an operator does to get a renderer when there is none (API and start-up line). */
  readonly hint: string | undefined;
  stop(): Promise<void>;
}

const NONE_HINT = 'install Chromium (apt-get install chromium, or set CHROMIUM_PATH) and restart, or set RENDERER_WEBSOCKET_URL and RENDERER_API_TOKEN to a rendering service';

function builtinDisabled(env: ServerEnvironment): boolean {
  return ['0', 'false', 'no', 'off'].includes(env['RENDERER_BUILTIN']?.trim().toLowerCase() ?? '');
}

function number(env: ServerEnvironment, name: string): number | undefined {
  const value = Number(env[name]?.trim() || Number.NaN);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export async function setUpRenderer(env: ServerEnvironment, logger: Logger): Promise<RendererSetup> {
  const configured = env['RENDERER_WEBSOCKET_URL']?.trim();
  if (configured) {
    logger.info('renderer: remote rendering service', { renderer: new URL(configured).host });
    return { kind: 'remote', strategyEnvironment: env, probe: createRendererProbe(configured), hint: undefined, stop: async () => {} };
  }
  const none = (reason: string): RendererSetup => {
    logger.warn(`renderer: ${reason}; feeds with strategy renderer fail until one is set up`, { hint: NONE_HINT });
    return { kind: 'none', strategyEnvironment: env, probe: createRendererProbe(DEFAULT_RENDERER_WEBSOCKET_URL), hint: NONE_HINT, stop: async () => {} };
  };
  if (builtinDisabled(env)) return none('built-in renderer switched off (RENDERER_BUILTIN=false) and RENDERER_WEBSOCKET_URL not set');
  const renderer = await import('@pagefeed/renderer');
  const chromium = renderer.findChromium(env);
  if (!chromium.path) return none(chromium.problem ?? 'no Chromium found and RENDERER_WEBSOCKET_URL not set');
  const concurrency = number(env, 'RENDERER_CONCURRENCY');
  const memoryLimitMb = number(env, 'RENDERER_MEMORY_LIMIT_MB');
  const service = await renderer.startRendererService({
    executablePath: chromium.path,
    host: '127.0.0.1',
    port: 0,
    logger,
    ...(concurrency ? { maxConcurrentSessions: concurrency } : {}),
    ...(memoryLimitMb ? { memoryLimitMb } : {}),
  });
  logger.info('renderer: built in (Chromium starts on the first rendered page, closes when idle)', {
    chromium: chromium.path,
    renderer: service.websocketUrl,
  });
  return {
    kind: 'builtin',
    strategyEnvironment: { ...env, RENDERER_WEBSOCKET_URL: service.websocketUrl, RENDERER_API_TOKEN: service.token },
    probe: createRendererProbe(service.websocketUrl),
    hint: undefined,
    stop: () => service.close(),
  };
}
