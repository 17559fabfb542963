import { readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import type { Logger } from '../operating/logger.js';

/**
 * The workers' scheduling priority, per task (Linux; elsewhere nothing changes). A worker runs a
 * task at the main thread's priority until the task has used `DEMOTE_AFTER_CPU_MS` of CPU, then at
 * `niceness` lower, and is raised back when the task ends. So an ordinary page (a few ms of
 * extraction) is not slowed by a busy machine, while a big one (seconds) yields the cores to the
 * main thread (probes, cached reads) as before: a static nice +10 doubled a cold feed's latency on
 * a loaded machine (BENCHMARKS.md §7).
 *
 * Raising a thread's priority back needs root or CAP_SYS_NICE (Linux lets anyone lower it, not
 * raise it). Without it, a worker stays at the lower priority after its first long task, which is
 * the static behaviour of before; this is logged once.
 */
export const DEMOTE_AFTER_CPU_MS = 20;
/** How often a running task's CPU time is read (from /proc, about 20 µs). */
const CHECK_EVERY_MS = 10;
/** USER_HZ: /proc reports CPU time in these ticks (100 on every Linux architecture Node runs on). */
const TICKS_PER_SECOND = 100;

export interface WorkerPriority {
  /**
   * A task starts on the worker thread `threadId` (undefined: unknown, nothing is done).
   * `startCpuMs`: the thread's CPU time as the worker last reported it (`ownCpuMs`, at the end of
   * its previous task; a worker between tasks is idle), so the main thread reads nothing from /proc
   * for a task that ends before it could have used `demoteAfterCpuMs`; without it, read now.
   */
  started(threadId: number | undefined, startCpuMs?: number): void;
  /** The task on `threadId` ended (done or failed). */
  ended(threadId: number | undefined): void;
  /** The worker thread `threadId` is gone (replaced, closed): nothing to restore, and its id may be reused. */
  forget(threadId: number | undefined): void;
}

interface Running {
  readonly startCpuMs: number;
  timer: NodeJS.Timeout | undefined;
  demoted: boolean;
}

/**
 * `demoteAfterCpuMs` 0: every worker is lowered for good when its first task starts (the static
 * priority of before, kept to compare: `BENCH_DEMOTE_AFTER_CPU_MS=0`).
 */
export function createWorkerPriority(niceness: number, logger: Logger, platform: NodeJS.Platform = process.platform, demoteAfterCpuMs = DEMOTE_AFTER_CPU_MS): WorkerPriority {
  if (niceness <= 0 || platform !== 'linux') return { started: () => {}, ended: () => {}, forget: () => {} };
  const base = getPriority();
  const lowered = Math.min(19, base + niceness);
  if (demoteAfterCpuMs <= 0) {
    const lowest = new Set<number>();
    return {
      started: (threadId) => void (threadId !== undefined && !lowest.has(threadId) && set(threadId, lowered) && lowest.add(threadId)),
      ended: () => {},
      forget: (threadId) => void (threadId !== undefined && lowest.delete(threadId)),
    };
  }
  const running = new Map<number, Running>();
  /** Threads that could not be raised back: they keep the lower priority for good. */
  const stuck = new Set<number>();
  let warned = false;

  function check(threadId: number): void {
    const task = running.get(threadId);
    if (!task) return;
    const used = threadCpuMs(threadId);
    if (used !== undefined && used - task.startCpuMs >= demoteAfterCpuMs) {
      task.timer = undefined;
      task.demoted = set(threadId, lowered);
      return;
    }
    task.timer = setTimeout(check, CHECK_EVERY_MS, threadId).unref();
  }

  return {
    started(threadId, reportedCpuMs) {
      if (threadId === undefined || stuck.has(threadId)) return;
      const startCpuMs = reportedCpuMs ?? threadCpuMs(threadId);
      if (startCpuMs === undefined) return;
      // A thread cannot use more CPU than the time that passes: nothing to check before then.
      running.set(threadId, { startCpuMs, timer: setTimeout(check, Math.max(CHECK_EVERY_MS, demoteAfterCpuMs), threadId).unref(), demoted: false });
    },
    ended(threadId) {
      if (threadId === undefined) return;
      const task = running.get(threadId);
      if (!task) return;
      running.delete(threadId);
      if (task.timer) clearTimeout(task.timer);
      if (!task.demoted || set(threadId, base)) return;
      stuck.add(threadId);
      if (!warned) {
        warned = true;
        logger.warn('extraction workers keep the lower priority after a long feed (raising a thread\'s priority needs root or CAP_SYS_NICE); set EXTRACTION_WORKER_NICENESS=0 to run them at the main thread\'s', { niceness });
      }
    },
    forget(threadId) {
      if (threadId === undefined) return;
      const task = running.get(threadId);
      if (task?.timer) clearTimeout(task.timer);
      running.delete(threadId);
      stuck.delete(threadId);
    },
  };
}

/** Sets a thread's nice value; false when not permitted (raising needs root or CAP_SYS_NICE) or the thread is gone. */
function set(threadId: number, value: number): boolean {
  try {
    setPriority(threadId, value);
    return true;
  } catch {
    return false;
  }
}

/** CPU time (user + system) of one of this process's threads, in ms; undefined when unreadable. */
export function threadCpuMs(threadId: number): number | undefined {
  return cpuMsOf(`/proc/self/task/${threadId}/stat`);
}

/** The calling thread's own CPU time in ms (Linux; a worker reports it to the pool); else undefined. */
export function ownCpuMs(): number | undefined {
  return process.platform === 'linux' ? cpuMsOf('/proc/thread-self/stat') : undefined;
}

function cpuMsOf(path: string): number | undefined {
  try {
    const stat = readFileSync(path, 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

/** The nice value of a thread of this process (tests, diagnostics); undefined when unreadable. */
export function threadNiceness(threadId: number): number | undefined {
  try {
    return getPriority(threadId);
  } catch {
    return undefined;
  }
}
