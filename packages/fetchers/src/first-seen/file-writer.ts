import { Worker } from 'node:worker_threads';

/**
 * Writes first-seen record files for the written-behind store (`file-buffered.ts`) on a thread of
 * its own, a batch at a time, with synchronous file calls there. The store's thread (the server's
 * main thread) only posts the batch and reads one answer per batch.
 *
 * Why a thread and not `fs/promises` on the calling thread: every record written that way is an
 * open, a write, a close and a rename (four trips through libuv's pool), each with its promise,
 * `FileHandle` and callbacks on the calling thread, and a touch is a fifth. Measured on the server's
 * cold path (BENCHMARKS.md §7, "Seventh session: benchmark 4") that was about a tenth of the main
 * thread's CPU per new feed, taken between requests from routing and cached reads. Here it costs one
 * message out and one back per batch, however many records the batch holds. Synchronous calls are
 * right on this thread: it does nothing else, and the main thread never waits for it (a slow disk
 * delays the files, not the answers).
 */
export interface FileWrite {
  readonly file: string;
  /** The file's new content, written to `<file>.<pid>.tmp` then renamed over `file`; absent: not written. */
  readonly text?: string;
  /** Then the file's modification time (ms), when given; a missing file is left alone. */
  readonly mtimeMs?: number;
}

export interface FileWriter {
  /** Resolves to one entry per write, in order: undefined when it was done, else why not. */
  write(batch: readonly FileWrite[]): Promise<readonly (Error | undefined)[]>;
  /** Ends the thread; batches in hand fail (their records may or may not be on disk). */
  close(): Promise<void>;
}

interface Answer {
  readonly id: number;
  readonly errors: readonly ({ readonly message: string; readonly code?: string } | null)[];
}

// The thread's code as a string (`eval`): no separate file to find from the sources, the build or a bundle.
const THREAD = `
const { parentPort } = require('node:worker_threads');
const { renameSync, utimesSync, writeFileSync } = require('node:fs');
parentPort.on('message', ({ id, batch }) => {
  const errors = batch.map(({ file, text, mtimeMs }) => {
    try {
      if (text !== undefined) {
        const temporary = file + '.' + process.pid + '.tmp';
        writeFileSync(temporary, text);
        renameSync(temporary, file);
      }
      if (mtimeMs !== undefined) {
        try { utimesSync(file, mtimeMs / 1000, mtimeMs / 1000); } catch {}
      }
      return null;
    } catch (error) {
      return { message: String(error && error.message), code: error && error.code };
    }
  });
  parentPort.postMessage({ id, errors });
});
`;

function errorOf(record: { readonly message: string; readonly code?: string }): Error {
  return Object.assign(new Error(record.message), record.code === undefined ? {} : { code: record.code });
}

/**
 * A writer whose thread starts with its first batch and is started again after a failure (the
 * batch then fails with the reason). While no batch is pending the thread does not keep the
 * process alive.
 */
export function createThreadFileWriter(): FileWriter {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve: (errors: readonly (Error | undefined)[]) => void; reject: (error: Error) => void }>();

  function failAll(error: Error): void {
    const waiting = [...pending.values()];
    pending.clear();
    for (const { reject } of waiting) reject(error);
  }

  function thread(): Worker {
    if (worker) return worker;
    const started = new Worker(THREAD, { eval: true });
    started.unref();
    started.on('message', ({ id, errors }: Answer) => {
      const waiting = pending.get(id);
      pending.delete(id);
      if (pending.size === 0) started.unref();
      waiting?.resolve(errors.map((error) => (error ? errorOf(error) : undefined)));
    });
    started.on('error', (error) => {
      if (worker === started) worker = undefined;
      failAll(new Error(`the first-seen file writer failed: ${error.message}`));
    });
    started.on('exit', (code) => {
      if (worker === started) worker = undefined;
      failAll(new Error(`the first-seen file writer stopped (exit code ${code})`));
    });
    worker = started;
    return started;
  }

  return {
    write(batch) {
      if (batch.length === 0) return Promise.resolve([]);
      const target = thread();
      nextId += 1;
      const id = nextId;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        target.ref();
        target.postMessage({ id, batch });
      });
    },
    async close() {
      const current = worker;
      worker = undefined;
      // Whatever the thread has in hand may or may not be written: its callers are told it was not.
      failAll(new Error('the first-seen file writer was closed before the batch was written'));
      if (current) await current.terminate();
    },
  };
}
