import { createEngine, renderFeed, type Engine, type Feed, type FeedConfig, type FeedFormat, type GenerateOptions, type GenerateResult } from '@pagefeed/core';
import { createExtractionPool, type ExtractionOutput, type ExtractionPoolOptions } from './extraction-pool.js';
import type { RenderRequest } from './protocol.js';

/**
 * An `Engine` whose generations run in the extraction pool. `render` stays on the calling thread
 * (it is synchronous, and used for formats first asked for after a generation); a generation
 * that also renders (`generateDocuments`) renders in the worker.
 */
export interface PooledEngine extends Engine, DocumentEngine {
  readonly poolSize: number;
  close(): Promise<void>;
}

/** An engine that can generate and render in one step (off the main thread). */
export interface DocumentEngine {
  generateDocuments(config: FeedConfig, options: GenerateOptions, render: readonly RenderRequest[], extra?: { readonly model?: boolean }): Promise<ExtractionOutput>;
}

export function isDocumentEngine(engine: Engine): engine is Engine & DocumentEngine {
  return typeof (engine as Partial<DocumentEngine>).generateDocuments === 'function';
}

export function createPooledEngine(options: ExtractionPoolOptions): PooledEngine {
  const pool = createExtractionPool(options);
  // One page's article (the web UI's full-text preview) is extracted on the main thread, through
  // the same strategies and guard: it is one page, a few milliseconds (not off the event loop yet).
  let articles: Engine | undefined;
  const articleEngine = () => (articles ??= createEngine({
    strategies: options.strategies,
    ...(options.context?.allowPrivateNetworks === undefined ? {} : { allowPrivateNetworks: options.context.allowPrivateNetworks }),
    ...(options.context?.logger ? { logger: options.context.logger } : {}),
  }));
  const run = (config: FeedConfig, generate: GenerateOptions, render: readonly RenderRequest[], extra: { readonly model?: boolean } = {}) =>
    pool.run({ config, parameters: generate.parameters, selfUrl: generate.selfUrl, source: generate.source, render, model: extra.model });
  return {
    poolSize: pool.size,
    async generate(config: FeedConfig, generate: GenerateOptions = {}): Promise<GenerateResult> {
      return (await run(config, generate, [])).result;
    },
    generateDocuments: run,
    render(feed: Feed, format: FeedFormat): string {
      return renderFeed(feed, format);
    },
    article: (url, articleOptions) => articleEngine().article!(url, articleOptions),
    close: () => pool.close(),
  };
}
