export { CHROMIUM_FLAGS, CHROMIUM_INSTALL_HINT, findChromium, type ChromiumLookup } from './chromium.js';
export type { RendererLogger } from './logger.js';
export { DEFAULTS as RENDERER_DEFAULTS, startRendererService, type RendererService, type RendererServiceOptions, type RendererStatus } from './service.js';
