import { fstatSync, writeSync } from 'node:fs';

/** Everything a command touches outside itself, so tests run commands in-process. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** True when stderr is a terminal: progress lines are shown only then. */
  readonly interactive: boolean;
}

/**
 * The real process. Output goes to the file descriptors directly: `process.stdout` and
 * `process.stderr` are created on first use, loading Node's stream modules (2–4 ms CPU of a run
 * that costs little more than `node -e 0`; BENCHMARKS.md §7). Writing to a pipe, file or terminal
 * is synchronous on Linux either way. If a write fails (EAGAIN on a non-blocking pipe, EPIPE, …)
 * that output and the rest go through the stream as before, so nothing is lost or reordered.
 */
export function processIo(): CliIo {
  return {
    stdout: directWriter(1, () => process.stdout),
    stderr: directWriter(2, () => process.stderr),
    env: process.env,
    cwd: process.cwd(),
    interactive: isTerminal(2, () => process.stderr),
  };
}

function directWriter(fd: number, stream: () => NodeJS.WriteStream): (text: string) => void {
  let direct = true;
  return (text) => {
    if (direct) {
      const bytes = Buffer.from(text, 'utf8');
      let written = 0;
      try {
        while (written < bytes.length) {
          const count = writeSync(fd, bytes, written);
          if (count <= 0) throw new Error('no progress');
          written += count;
        }
        return;
      } catch {
        direct = false;
        stream().write(bytes.subarray(written));
        return;
      }
    }
    stream().write(text);
  };
}

/** A pipe, file or socket is not a terminal (one fstat); a character device is asked the stream. */
function isTerminal(fd: number, stream: () => NodeJS.WriteStream): boolean {
  try {
    if (!fstatSync(fd).isCharacterDevice()) return false;
  } catch {
    return false;
  }
  return Boolean(stream().isTTY);
}

/** A progress line on an interactive terminal; silent in pipes so output stays machine-readable. */
export function progress(io: CliIo, message: string): void {
  if (io.interactive) io.stderr(`\u001b[2m${message}\u001b[0m\n`);
}
