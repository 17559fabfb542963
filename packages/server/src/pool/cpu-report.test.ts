import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { cpuAfter, createCpuReport, storeCpuReport } from './cpu-report.js';

describe('a worker\'s CPU time after a task, through shared memory', () => {
  it('is the stored time only for the task it was stored after; nothing before the first store', () => {
    const report = createCpuReport();
    expect(cpuAfter(report, 1)).toBeUndefined();
    expect(cpuAfter(report, undefined)).toBeUndefined();
    storeCpuReport(report, 7, 1234.4);
    expect(cpuAfter(report, 7)).toBe(1234);
    // The pool asks after task 8 before the worker has stored it: unknown (the pool reads /proc).
    expect(cpuAfter(report, 8)).toBeUndefined();
    storeCpuReport(report, 8, 50 * 86_400_000);
    expect(cpuAfter(report, 8)).toBe(50 * 86_400_000);
  });

  it('is seen by the other thread', async () => {
    const report = createCpuReport();
    const worker = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads');
       const cells = new BigInt64Array(workerData);
       Atomics.store(cells, 1, 42n);
       Atomics.store(cells, 0, 3n);
       parentPort.postMessage('stored');`,
      { eval: true, workerData: report },
    );
    await new Promise((resolve) => worker.once('message', resolve));
    await worker.terminate();
    expect(cpuAfter(report, 3)).toBe(42);
  });
});
