import type { FetchContext, FetchRequest, FetchStrategy } from '@pagefeed/core';
import { canFetchUnfinished, type UnfinishedResponse } from '@pagefeed/fetchers/unfinished';
import { serializeError, type FetchReply } from './protocol.js';

/**
 * A fetch on the main thread for a worker. A strategy that can (`withGuard`'s) leaves the body
 * undecoded: the worker decodes it and runs the final checks (`finishFetch`), so the main thread
 * does not decode the page or scan it for anti-bot surfaces, and the bytes cross without a copy.
 */
export async function fetchForWorker(strategy: FetchStrategy, request: FetchRequest, context: FetchContext): Promise<FetchReply> {
  try {
    if (!canFetchUnfinished(strategy)) return { result: await strategy.fetch(request, context) };
    const outcome = await strategy.fetchUnfinished(request, context);
    return outcome.unfinished ? { unfinished: ownBuffer(outcome.unfinished) } : { result: outcome.result };
  } catch (error) {
    return { error: serializeError(error) };
  }
}

/**
 * The buffers to transfer with a message carrying `reply`: the body's, which the main thread must
 * not touch afterwards (it is detached: length 0). Nothing else in the reply is transferred.
 */
export function transferList(reply: FetchReply | undefined): ArrayBuffer[] {
  const body = reply?.unfinished?.body;
  return body ? [body.buffer as ArrayBuffer] : [];
}

/**
 * The response with a body that alone owns its ArrayBuffer, so that transferring it detaches
 * nothing else. A body read in one piece of 4 KiB or more already does (`Buffer.concat` allocates
 * it apart); a smaller one is a slice of Node's shared Buffer pool, which must never be transferred,
 * so it is copied (a few KiB at most).
 */
export function ownBuffer(unfinished: UnfinishedResponse): UnfinishedResponse {
  const body = unfinished.body;
  const owns = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength && body.buffer instanceof ArrayBuffer;
  return owns ? unfinished : { ...unfinished, body: new Uint8Array(body) };
}
