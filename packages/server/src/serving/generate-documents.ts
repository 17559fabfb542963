import type { Engine, FeedConfig, FeedFormat, GenerateOptions, GenerateResult } from '@pagefeed/core';
import { isDocumentEngine } from '../pool/pooled-engine.js';
import type { RenderRequest } from '../pool/protocol.js';
import type { HashedModel } from './feed-model.js';
import type { EncodedDocument } from './encoded-documents.js';

/**
 * Generate, then render `render`'s formats (each with its self link). An engine that can do both
 * in one step (the pooled engine: in a worker thread) does; any other engine generates and renders
 * here.
 */
export async function generateDocuments(
  engine: Engine,
  config: FeedConfig,
  options: GenerateOptions,
  render: readonly RenderRequest[],
): Promise<{ result: GenerateResult; documents: Partial<Record<FeedFormat, string>>; model?: HashedModel | undefined; encoded?: readonly EncodedDocument[] | undefined }> {
  // The pooled engine also makes the cache model and content hash in the worker.
  if (isDocumentEngine(engine)) return engine.generateDocuments(config, options, render, { model: true });
  const result = await engine.generate(config, options);
  // Here the answer's bytes are left to the feed route (`RenderRequest.answer` is for the worker).
  const documents = Object.fromEntries(render.map(({ format, selfUrl }) => [
    format,
    engine.render(selfUrl === undefined ? result.feed : { ...result.feed, channel: { ...result.feed.channel, self_url: selfUrl } }, format),
  ]));
  return { result, documents };
}
