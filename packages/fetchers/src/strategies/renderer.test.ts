import { afterAll, beforeAll, describe } from 'vitest';
import { requireChromium } from '../../../../testing/system.js';
import { startChromium, startTokenProxy, type RendererService } from '../test-support/renderer-service.js';
import { describeStrategyContract } from '../test-support/strategy-contract.js';
import { createRendererStrategy } from './renderer.js';

const chromium = requireChromium();

describe.skipIf(!chromium.available)('renderer against real Chromium', () => {
  let stopChromium: (() => Promise<void>) | undefined;
  let service: RendererService;
  const ready = new Promise<RendererService>((resolve, reject) => {
    beforeAll(async () => {
      try {
        const browser = await startChromium();
        stopChromium = browser.stop;
        service = await startTokenProxy(browser.devtoolsUrl, 'test-token-1');
        resolve(service);
      } catch (error) {
        reject(error);
        throw error;
      }
    });
  });
  afterAll(async () => {
    await service?.close();
    await stopChromium?.();
  });

  describeStrategyContract(
    'renderer',
    async () => {
      const { websocketUrl, token } = await ready;
      return createRendererStrategy({ websocketUrl, token });
    },
    { conditionalRequests: false },
  );
});
