import { readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { createAutoSource } from '@pagefeed/auto-source';
import { createEngine, isFeedError, mergeFirstSeen, type Engine, type FirstSeenRecord, type FirstSeenStore, type FetchRequest, type FetchResult, type FetchStrategy } from '@pagefeed/core';
import { finishFetch } from '@pagefeed/fetchers/unfinished';
import { hashedModelOf } from '../serving/feed-model.js';
import { encodeDocument, encodedTransferList } from '../serving/encoded-documents.js';
import { stateProxies } from './state-calls.js';
import { ownCpuMs } from './worker-priority.js';
import { storeCpuReport } from './cpu-report.js';
import { slimResult } from './slim-result.js';
import { createKnownConfigs } from './config-ids.js';
import { deserializeError, serializeError, type FetchReply, type FirstSeenRecorded, type FromWorker, type StateCall, type Prefetched, type TaskMessage, type ToWorker } from './protocol.js';

/**
 * An extraction worker: runs `engine.generate` and `engine.render` for one task at a time. It
 * fetches nothing itself: its strategies ask the main thread (which holds the real strategies,
 * the validator cache, the network guard and the renderer connection), and the task's page usually
 * arrives with the task, fetched beforehand.
 */
export interface WorkerOptions {
  readonly strategies: readonly string[];
  readonly autoSource: boolean;
  /** The pool's budget: the engine's own (cooperative) extraction budget in the worker too. */
  readonly budgetMs?: number;
  /** Which of the main thread's stores (`SharedState`) this worker reaches through calls. */
  readonly shared?: { readonly firstSeen: boolean; readonly cache: boolean };
  /** Where this worker leaves its CPU time after each task (`cpu-report.ts`). */
  readonly cpuReport?: SharedArrayBuffer;
}

const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread of the extraction pool');
const options = workerData as WorkerOptions;
const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/**
 * On Linux a nice value belongs to a thread: the pool lowers this worker's (its id read from
 * /proc/thread-self) while a task runs long (`worker-priority.ts`). Elsewhere: undefined.
 */
function ownThreadId(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(threadId) && threadId > 0 ? threadId : undefined;
  } catch {
    return undefined;
  }
}

let current: { readonly task: TaskMessage; prefetched: Prefetched | undefined; recorded?: FirstSeenRecorded } | undefined;
let nextFetchId = 0;
const fetches = new Map<number, { resolve: (result: FetchResult) => void; reject: (error: Error) => void }>();

function proxyStrategy(name: string): FetchStrategy {
  return {
    name,
    fetch(request: FetchRequest): Promise<FetchResult> {
      const task = current;
      if (!task) return Promise.reject(new Error('fetch outside a task'));
      // The task's own page, fetched by the main thread before the task was handed over.
      const prefetched = task.prefetched;
      if (prefetched && prefetched.url === request.url && prefetched.strategy === name) {
        task.prefetched = undefined;
        return settle(prefetched);
      }
      nextFetchId += 1;
      const fetchId = nextFetchId;
      const { signal: _signal, ...plain } = request;
      return new Promise((resolve, reject) => {
        fetches.set(fetchId, { resolve, reject });
        send({ type: 'fetch', taskId: task.task.id, fetchId, strategy: name, request: plain });
      });
    },
  };
}

/**
 * A fetch's outcome from the main thread as the strategy's own `fetch` would have given it: an
 * unfinished response (undecoded bytes) is decoded and checked here, with the same errors.
 */
function settle(reply: FetchReply): Promise<FetchResult> {
  if (reply.error) return Promise.reject(deserializeError(reply.error));
  if (reply.result) return Promise.resolve(reply.result);
  if (reply.unfinished) {
    try {
      return Promise.resolve(finishFetch(reply.unfinished));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
  return Promise.reject(new Error('fetch failed'));
}

let nextCallId = 0;
const calls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

/** A state call to the main thread, on behalf of the current task. */
function callMain(call: StateCall): Promise<unknown> {
  const task = current;
  if (!task) return Promise.reject(new Error('state call outside a task'));
  nextCallId += 1;
  const callId = nextCallId;
  return new Promise((resolve, reject) => {
    calls.set(callId, { resolve, reject });
    send({ type: 'call', taskId: task.task.id, callId, call });
  });
}

/**
 * The task's first-seen times from the record sent with it (`first-seen-hints.ts`), merged here as
 * the store would; the pool records them after the answer. Without a hint (or for another feed's
 * key), the main thread's store is asked, as before.
 */
function withHints(store: FirstSeenStore | undefined): { firstSeen?: FirstSeenStore } {
  if (!store) return {};
  return {
    firstSeen: {
      name: store.name,
      remember(feedKey, guids, now) {
        const task = current;
        const hint = task?.task.firstSeen;
        if (!task || !hint || hint.feedKey !== feedKey || task.recorded) return store.remember(feedKey, guids, now);
        task.recorded = { feedKey, guids: [...guids], now };
        return Promise.resolve(mergeFirstSeen(hint.record as FirstSeenRecord | undefined, guids, now).times);
      },
    },
  };
}

const shared = stateProxies(callMain, options.shared ?? { firstSeen: false, cache: false });
const engine: Engine = createEngine({
  strategies: Object.fromEntries(options.strategies.map((name) => [name, proxyStrategy(name)])),
  ...(options.autoSource ? { autoSource: createAutoSource() } : {}),
  ...shared,
  ...withHints(shared.firstSeen),
  ...(options.budgetMs === undefined ? {} : { extractionTimeoutMs: options.budgetMs }),
});

const configs = createKnownConfigs();

async function runTask(task: TaskMessage): Promise<void> {
  current = { task, prefetched: task.prefetched };
  try {
    const result = await engine.generate(configs.configOf(task), {
      ...(task.parameters ? { parameters: task.parameters } : {}),
      ...(task.selfUrl ? { selfUrl: task.selfUrl } : {}),
      ...(task.source ? { source: task.source } : {}),
    });
    const documents = Object.fromEntries(task.render.map(({ format, selfUrl }) => [
      format,
      engine.render(selfUrl === undefined ? result.feed : { ...result.feed, channel: { ...result.feed.channel, self_url: selfUrl } }, format),
    ]));
    const encoded = task.render.flatMap(({ format, answer }) => (answer ? [encodeDocument(documents[format]!, format, answer)] : []));
    // With the model, the feed crosses once, as its JSON (`slim-result.ts`).
    const model = task.model ? hashedModelOf(result.feed) : undefined;
    const recorded = current?.recorded;
    const done: FromWorker = { type: 'done', id: task.id, ...(model ? { result: slimResult(result), model } : { result }), documents, ...(encoded.length > 0 ? { encoded } : {}), ...(recorded ? { firstSeen: recorded } : {}) };
    send(done, encodedTransferList(encoded));
  } catch (error) {
    send({ type: 'failed', id: task.id, error: serializeError(error), unexpected: !isFeedError(error) });
  } finally {
    current = undefined;
  }
  // After the answer, off the feed's path.
  const cpuMs = options.cpuReport ? ownCpuMs() : undefined;
  if (cpuMs !== undefined) storeCpuReport(options.cpuReport!, task.id, cpuMs);
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'task') {
    void runTask(message);
    return;
  }
  if (message.type === 'answered') {
    const call = calls.get(message.callId);
    calls.delete(message.callId);
    if (!call) return;
    if (message.error) call.reject(deserializeError(message.error));
    else call.resolve(message.value);
    return;
  }
  const waiting = fetches.get(message.fetchId);
  fetches.delete(message.fetchId);
  if (!waiting) return;
  settle(message).then(waiting.resolve, waiting.reject);
});

send({ type: 'ready', threadId: ownThreadId(), cpuMs: ownCpuMs() });
