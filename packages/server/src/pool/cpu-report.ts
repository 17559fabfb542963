/**
 * A worker's CPU time after its last task, handed to the pool through shared memory. The pool
 * needs it as the start of the worker's next task (`worker-priority.ts`); sent with the result it
 * made the worker read `/proc` before answering, on every cold feed's path (0.03–0.09 ms of the
 * worker's time per feed in the fifth session's profiles). Now the worker answers first, then reads
 * its CPU time and stores it here with the id of the task it follows; a pool that dispatches the
 * next task before the store (the worker is still reading) finds an older id and reads `/proc`
 * itself, as it did before workers reported their time.
 */
export function createCpuReport(): SharedArrayBuffer {
  return new SharedArrayBuffer(2 * BigInt64Array.BYTES_PER_ELEMENT);
}

/** On the worker: its CPU ms after task `taskId`. */
export function storeCpuReport(report: SharedArrayBuffer, taskId: number, cpuMs: number): void {
  const cells = new BigInt64Array(report);
  Atomics.store(cells, 1, BigInt(Math.round(cpuMs)));
  Atomics.store(cells, 0, BigInt(taskId));
}

/** On the pool: the worker's CPU ms after task `taskId`, when it has stored it by now. */
export function cpuAfter(report: SharedArrayBuffer, taskId: number | undefined): number | undefined {
  if (taskId === undefined) return undefined;
  const cells = new BigInt64Array(report);
  return Atomics.load(cells, 0) === BigInt(taskId) ? Number(Atomics.load(cells, 1)) : undefined;
}
