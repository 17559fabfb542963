import { Worker } from 'node:worker_threads';
import { extractionTimeout, type FeedConfig, type FeedFormat, type FetchContext, type FetchResult, type FetchStrategy, type GenerateResult } from '@pagefeed/core';
import { silentLogger, type Logger } from '../operating/logger.js';
import { answerStateCall, type SharedState } from './state-calls.js';
import { deserializeError, serializeError, type CallMessage, type FetchMessage, type FirstSeenRecorded, type FromWorker, type RenderRequest, type TaskMessage } from './protocol.js';
import { createFirstSeenHints } from './first-seen-hints.js';
import { workerEntry } from './worker-entry.js';
import type { HashedModel } from '../serving/feed-model.js';
import type { EncodedDocument } from '../serving/encoded-documents.js';
import { fetchForWorker, transferList } from './fetch-reply.js';
import { prefetch } from './prefetch.js';
import { createWorkerPriority } from './worker-priority.js';
import { withFeedFromModel } from './slim-result.js';
import { cpuAfter, createCpuReport } from './cpu-report.js';
import { createConfigIds } from './config-ids.js';

/**
 * Worker threads that parse, extract and render cold feeds, so the main thread only routes,
 * fetches (I/O), serves cached bytes and coordinates. Written on `node:worker_threads` rather
 * than a pool library because a task is a conversation (the worker asks the main thread for every
 * page it needs, through the real strategies, cache and network guard) and a worker is replaced
 * not only when it crashes but when a task overruns its budget or fails unexpectedly.
 *
 * - one task per worker at a time; tasks wait in a FIFO queue; the task's page is fetched while
 *   it waits;
 * - each task has a time budget from the moment a ready worker takes it (start-up is not counted;
 *   fetches the worker asks for during the task are): past it, the worker is
 *   terminated (the only way to stop synchronous work), the caller gets `ExtractionTimeout`, and
 *   a new worker takes the slot;
 * - a worker that crashes (uncaught error, exit, out of memory) or fails a task with anything but
 *   a FeedError is replaced; the caller gets an error that says so.
 */
export interface ExtractionPoolOptions {
  readonly size: number; // Worker threads (≥ 1).
  readonly budgetMs: number; // Per-task budget in ms.
  /** The real strategies: the workers' fetches run through these, on the main thread. */
  readonly strategies: Readonly<Record<string, FetchStrategy>>;
  readonly context?: FetchContext;
  readonly autoSource: boolean;
  readonly logger?: Logger;
  /**
   * Stores the workers use through the main thread: first-seen times and the cache full-text
   * articles are kept in (without them, each worker keeps its own in memory).
   */
  readonly shared?: SharedState;
  /** Heap limit per worker (MiB): a page that exhausts it ends that worker, not the server. */
  readonly maxHeapMb?: number;
  /** How much lower a worker's scheduling priority is than the main thread's once its task runs long (Linux nice; default 10, 0 = same; `worker-priority.ts`). */
  readonly niceness?: number;
  /** CPU ms a task runs at full priority before it is lowered (default 20; 0: lowered from the start, for good). */
  readonly demoteAfterCpuMs?: number;
}

export interface ExtractionTask {
  readonly config: FeedConfig;
  readonly parameters?: Readonly<Record<string, string>> | undefined;
  readonly selfUrl?: string | undefined;
  /** Formats to render in the worker with the feed (each with its own self link). */
  readonly render?: readonly RenderRequest[];
  /** The page itself, when the caller has it (then nothing is fetched for it). */
  readonly source?: FetchResult | undefined;
  /** Also make the feed's cache model and content hash in the worker. */
  readonly model?: boolean | undefined;
}

export interface ExtractionOutput {
  readonly result: GenerateResult;
  readonly documents: Partial<Record<FeedFormat, string>>;
  readonly model?: HashedModel | undefined; // The feed's cache model and content hash, when the task asked for them.
  readonly encoded?: readonly EncodedDocument[] | undefined; // The answer bytes asked for by `RenderRequest.answer`.
}

export interface ExtractionPool {
  readonly size: number;
  run(task: ExtractionTask): Promise<ExtractionOutput>;
  /** Workers started since the pool was made, replacements included (tests, metrics). */
  readonly started: () => number;
  close(): Promise<void>;
}

interface Job {
  readonly message: TaskMessage;
  readonly url: string;
  readonly resolve: (output: ExtractionOutput, firstSeen?: FirstSeenRecorded) => void;
  readonly reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
  timer: NodeJS.Timeout | undefined;
  ready: boolean;
  threadId: number | undefined; // The worker's Linux thread id, once it is ready (for its priority).
  cpuMs: number | undefined; // Its CPU ms as it reported when ready: its first task's start.
  report: SharedArrayBuffer; // Its CPU ms after its last task (`cpu-report.ts`): the next task's start.
  lastTask: number | undefined;
  sent: Set<number>; // The feed configs this worker was sent whole (`config-ids.ts`).
}

/** Workers yield the cores to the main thread (routing, cached reads, probes) when both want them. */
const DEFAULT_NICENESS = 10;
/** Consecutive workers that died before saying ready: the pool stops starting more and says why. */
const MAX_START_FAILURES = 3;

export function createExtractionPool(options: ExtractionPoolOptions): ExtractionPool {
  if (!Number.isInteger(options.size) || options.size < 1) throw new RangeError(`extraction pool size must be a whole number ≥ 1, not ${options.size}`);
  const logger = options.logger ?? silentLogger;
  const context = options.context ?? {};
  const entry = workerEntry();
  const priority = createWorkerPriority(options.niceness ?? DEFAULT_NICENESS, logger, process.platform, options.demoteAfterCpuMs);
  const hints = createFirstSeenHints(options.shared?.firstSeen, logger);
  const configIds = createConfigIds();
  const queue: Job[] = [];
  const slots: Slot[] = [];
  let nextId = 0;
  let started = 0;
  let startFailures = 0;
  let closed = false;
  let broken: Error | undefined;

  function spawn(slot?: Slot): Slot {
    started += 1;
    const report = createCpuReport();
    const worker = new Worker(entry.url, {
      workerData: {
        ...entry.data,
        cpuReport: report,
        strategies: Object.keys(options.strategies),
        autoSource: options.autoSource,
        budgetMs: options.budgetMs,
        shared: { firstSeen: options.shared?.firstSeen !== undefined, cache: options.shared?.cache !== undefined },
      },
      execArgv: entry.execArgv,
      ...(options.maxHeapMb ? { resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb } } : {}),
    });
    const fresh = { worker, job: undefined, timer: undefined, ready: false, threadId: undefined, cpuMs: undefined, report, lastTask: undefined, sent: new Set<number>() };
    const target: Slot = slot ?? fresh;
    priority.forget(target.threadId);
    Object.assign(target, fresh);
    let failure: Error | undefined;
    worker.on('message', (message: FromWorker) => onMessage(target, worker, message));
    worker.on('error', (error) => {
      failure = error;
    });
    worker.on('exit', (code) => {
      if (target.worker !== worker || closed) return;
      const reason = failure ? `failed: ${failure.message}` : `stopped unexpectedly (exit code ${code})`;
      if (!target.ready) startFailures += 1;
      replace(target, new Error(`The extraction worker ${reason}${target.job ? ` while generating the feed of ${target.job.url}` : ''}; it has been replaced`));
    });
    return target;
  }

  function onMessage(slot: Slot, worker: Worker, message: FromWorker): void {
    if (slot.worker !== worker) return;
    if (message.type === 'ready') {
      slot.ready = true;
      slot.threadId = message.threadId;
      slot.cpuMs = message.cpuMs;
      startFailures = 0;
      dispatch();
      return;
    }
    if (message.type === 'fetch') {
      void answerFetch(slot, worker, message);
      return;
    }
    if (message.type === 'call') {
      void answerCall(slot, worker, message);
      return;
    }
    const job = slot.job;
    if (!job || job.message.id !== message.id) return;
    finish(slot);
    slot.lastTask = job.message.id;
    if (message.type === 'done') {
      job.resolve({ result: message.model ? withFeedFromModel(message.result, message.model) : (message.result as GenerateResult), documents: message.documents, model: message.model, encoded: message.encoded }, message.firstSeen);
    } else {
      job.reject(deserializeError(message.error));
      // Anything but a FeedError is a bug or a broken state: start over with a fresh worker.
      if (message.unexpected) {
        logger.warn('extraction worker failed a task unexpectedly; replacing it', { url: job.url, error: message.error.message });
        void slot.worker.terminate();
        slot.worker.removeAllListeners('exit');
        spawn(slot);
      }
    }
    dispatch();
  }

  async function answerFetch(slot: Slot, worker: Worker, message: FetchMessage): Promise<void> {
    const strategy = options.strategies[message.strategy];
    const reply = strategy ? await fetchForWorker(strategy, message.request, context) : { error: serializeError(new Error(`no strategy ${message.strategy}`)) };
    // The task may have ended (budget) and its worker been replaced meanwhile.
    if (slot.worker === worker && slot.job?.message.id === message.taskId) worker.postMessage({ type: 'fetched', fetchId: message.fetchId, ...reply }, transferList(reply));
  }

  async function answerCall(slot: Slot, worker: Worker, message: CallMessage): Promise<void> {
    const reply = await answerStateCall(options.shared ?? {}, message.call).then((value) => ({ value }), (error: unknown) => ({ error: serializeError(error) }));
    if (slot.worker === worker && slot.job?.message.id === message.taskId) worker.postMessage({ type: 'answered', callId: message.callId, ...reply });
  }

  function finish(slot: Slot): void {
    slot.cpuMs = undefined;
    if (slot.job) priority.ended(slot.threadId);
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.job = undefined;
  }

  /** Ends the slot's worker and task (with `error`), and starts a new worker in its place. */
  function replace(slot: Slot, error: Error): void {
    priority.forget(slot.threadId);
    const job = slot.job;
    finish(slot);
    const old = slot.worker;
    old.removeAllListeners('exit');
    void old.terminate();
    job?.reject(error);
    if (closed) return;
    if (startFailures >= MAX_START_FAILURES) {
      broken = new Error(`The extraction workers cannot start (${error.message}); check the server build (${entry.url.href})`);
      logger.error('extraction workers cannot start', { error: error.message });
      for (const waiting of queue.splice(0)) waiting.reject(broken);
      return;
    }
    spawn(slot);
    dispatch();
  }

  function dispatch(): void {
    for (const slot of slots) {
      if (queue.length === 0) return;
      // A starting worker gets its task once ready: its budget is for extraction, not for start-up.
      if (slot.job || !slot.ready) continue;
      const job = queue.shift()!;
      slot.job = job;
      slot.timer = setTimeout(() => {
        logger.warn('extraction ran past its budget; stopping its worker', { url: job.url, budget_ms: options.budgetMs });
        replace(slot, extractionTimeout(options.budgetMs, job.url));
      }, options.budgetMs);
      // Read before the worker can have a newer task to report on.
      const startCpuMs = slot.cpuMs ?? cpuAfter(slot.report, slot.lastTask);
      // The fetched page's bytes move to the worker (transferred); the main thread never reads them again.
      slot.worker.postMessage(configIds.outgoing(slot.sent, job.message), transferList(job.message.prefetched));
      priority.started(slot.threadId, startCpuMs);
    }
  }

  for (let index = 0; index < options.size; index += 1) slots.push(spawn());

  return {
    size: options.size,
    started: () => started,
    async run(task) {
      if (closed) throw new Error('The extraction pool is closed (the server is shutting down)');
      if (broken) throw broken;
      // The page is fetched while the feed's first-seen record is read (after its earlier builds).
      const claiming = hints.claim(task.config, task.parameters);
      const prefetched = task.source ? undefined : await prefetch(options.strategies, context, task).catch(async (error: unknown) => {
        (await claiming).settle(undefined);
        throw error;
      });
      const claim = await claiming;
      nextId += 1;
      const message: TaskMessage = {
        type: 'task', id: nextId, config: task.config, parameters: task.parameters, selfUrl: task.selfUrl, render: task.render ?? [],
        ...(task.model ? { model: true } : {}),
        prefetched,
        ...(task.source ? { source: task.source } : {}),
        ...(claim.hint ? { firstSeen: claim.hint } : {}),
      };
      return new Promise<ExtractionOutput>((resolve, reject) => {
        // The feed's next build reads its first-seen record once this one's is recorded (`first-seen-hints.ts`).
        const done = (output: ExtractionOutput, firstSeen?: FirstSeenRecorded) => { resolve(output); claim.settle(firstSeen); };
        const failed = (error: Error) => { claim.settle(undefined); reject(error); };
        const job: Job = { message, url: prefetched?.url ?? task.config.channel.url, resolve: done, reject: failed };
        if (closed || broken) return job.reject(broken ?? new Error('The extraction pool is closed (the server is shutting down)'));
        queue.push(job);
        dispatch();
      });
    },
    async close() {
      closed = true;
      const error = new Error('The extraction pool is closed (the server is shutting down)');
      for (const waiting of queue.splice(0)) waiting.reject(error);
      await Promise.all(slots.map(async (slot) => {
        const job = slot.job;
        finish(slot);
        job?.reject(error);
        slot.worker.removeAllListeners('exit');
        await slot.worker.terminate();
      }));
    },
  };
}
