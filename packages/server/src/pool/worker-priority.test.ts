import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../operating/logger.js';
import { readlinkSync } from 'node:fs';
import { createWorkerPriority, ownCpuMs, threadCpuMs, threadNiceness } from './worker-priority.js';

/**
 * Per-task priority of the extraction workers, on real threads (Linux): a task that keeps its
 * thread busy is lowered once it has used its share of CPU and raised back when it ends; a short
 * task is never lowered. Nothing here measures time: the test waits until the thread's nice value
 * changes (or its CPU time grows), however long the loaded machine takes.
 */
const linux = process.platform === 'linux';

/** A thread that reports its id, then spins until `stop` is set. */
function spinningThread(): { threadId: Promise<number>; stop: () => Promise<void> } {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const { readlinkSync } = require('node:fs');
     parentPort.postMessage(Number(readlinkSync('/proc/thread-self').split('/').pop()));
     let x = 0;
     while (Atomics.load(workerData, 0) === 0) x += Math.sqrt(x + 1);`,
    { eval: true, workerData: flag },
  );
  const threadId = new Promise<number>((resolve) => worker.once('message', resolve));
  return {
    threadId,
    stop: async () => {
      Atomics.store(flag, 0, 1);
      await worker.terminate();
    },
  };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const warnings: string[] = [];
const logger = { warn: (message: string) => warnings.push(message), info: () => {}, error: () => {}, debug: () => {} } as unknown as Logger;
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

describe.runIf(linux)('worker priority per task (Linux)', () => {
  it('lowers a thread whose task runs long and raises it back when the task ends', async () => {
    const thread = spinningThread();
    stops.push(thread.stop);
    const threadId = await thread.threadId;
    const base = getPriority();
    expect(threadNiceness(threadId)).toBe(base);
    const priority = createWorkerPriority(7, logger);
    priority.started(threadId);
    await until(() => threadNiceness(threadId) === Math.min(19, base + 7));
    priority.ended(threadId);
    // Raised back where the process may raise priorities (root, CAP_SYS_NICE); else it says so once.
    const raised = threadNiceness(threadId) === base;
    expect(raised || warnings.some((message) => message.includes('CAP_SYS_NICE'))).toBe(true);
  }, 60_000);

  it('leaves a short task at the main thread\'s priority', async () => {
    const thread = spinningThread();
    stops.push(thread.stop);
    const threadId = await thread.threadId;
    const priority = createWorkerPriority(7, logger);
    const cpu = threadCpuMs(threadId)!;
    priority.started(threadId);
    priority.ended(threadId);
    // The thread goes on spinning, but no task is running on it any more: it is not lowered.
    await until(() => threadCpuMs(threadId)! >= cpu + 100);
    expect(threadNiceness(threadId)).toBe(getPriority());
  }, 60_000);

  it('counts a task\'s CPU from the start time the worker reported, when given (no /proc read at the start)', async () => {
    const thread = spinningThread();
    stops.push(thread.stop);
    const threadId = await thread.threadId;
    const priority = createWorkerPriority(6, logger);
    // A reported start far enough back that the task has already used its share: lowered at the first check.
    priority.started(threadId, threadCpuMs(threadId)! - 1_000);
    await until(() => threadNiceness(threadId) === Math.min(19, getPriority() + 6));
    priority.ended(threadId);
  }, 60_000);

  it('ownCpuMs reads the calling thread\'s own CPU time', () => {
    const before = ownCpuMs()!;
    let x = 0;
    for (let index = 0; index < 3e7; index += 1) x += Math.sqrt(index);
    expect(x).toBeGreaterThan(0);
    expect(before).toBeGreaterThanOrEqual(0);
    const after = ownCpuMs()!;
    expect(after).toBeGreaterThanOrEqual(before);
    // The same clock as the pool's reading of this thread from outside (read after it, so not less).
    expect(threadCpuMs(Number(readlinkSync('/proc/thread-self').split('/').pop()))!).toBeGreaterThanOrEqual(after);
  });

  it('does nothing with niceness 0 or off Linux', async () => {
    const thread = spinningThread();
    stops.push(thread.stop);
    const threadId = await thread.threadId;
    for (const priority of [createWorkerPriority(0, logger), createWorkerPriority(7, logger, 'darwin')]) {
      const cpu = threadCpuMs(threadId)!;
      priority.started(threadId);
      await until(() => threadCpuMs(threadId)! >= cpu + 100);
      expect(threadNiceness(threadId)).toBe(getPriority());
      priority.ended(threadId);
    }
  }, 60_000);

  it('with demoteAfterCpuMs 0, lowers a worker when its first task starts and keeps it lowered (the static priority)', async () => {
    const thread = spinningThread();
    stops.push(thread.stop);
    const threadId = await thread.threadId;
    const priority = createWorkerPriority(5, logger, 'linux', 0);
    priority.started(threadId);
    expect(threadNiceness(threadId)).toBe(Math.min(19, getPriority() + 5));
    priority.ended(threadId);
    expect(threadNiceness(threadId)).toBe(Math.min(19, getPriority() + 5));
  }, 60_000);
});
