import type { CliIo } from '../io.js';

export interface CapturedIo extends CliIo {
  readonly out: () => string;
  readonly err: () => string;
}

/** An in-memory CliIo: what a command printed, without a terminal. */
export function captureIo(env: Record<string, string | undefined> = {}, cwd = process.cwd()): CapturedIo {
  let out = '';
  let err = '';
  return {
    stdout: (text) => void (out += text),
    stderr: (text) => void (err += text),
    env,
    cwd,
    interactive: false,
    out: () => out,
    err: () => err,
  };
}
